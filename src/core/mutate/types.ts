/**
 * The data of a mutation run (`vigiles mutate`): the harness items that can be broken, the mutants
 * (one deliberate breakage each), what the tests made of each one, and the versioned report.
 */

/** What a mutant breaks. */
export type MutatedItemKind = "hook" | "program" | "skill" | "agent";

/** A command hook as registered: one handler in one handler group of one config file. */
export interface HookItem {
  readonly kind: "hook";
  /** Stable id, e.g. `hooks/hooks.json:PreToolUse[0].hooks[0]`. */
  readonly id: string;
  /** The config file, relative to the root. */
  readonly file: string;
  readonly event: string;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  readonly matcher: string | undefined;
  readonly command: string;
  /** Registered timeout in seconds, when one is given. */
  readonly timeout: number | undefined;
  /** Files the command names that exist (relative to the root): the hook's source. */
  readonly sources: readonly string[];
  /** The text of those sources, for the equivalence checks (absent when unreadable). */
  readonly sourceText: string | undefined;
}

/** A hook program file (`*.hook.{mjs,js,ts,mts}`). */
export interface ProgramItem {
  readonly kind: "program";
  readonly id: string;
  readonly file: string;
  /** The answers the program's source can return (`deny`, `ask`, `inject`, `notice` calls found in it). */
  readonly answers: readonly ("deny" | "ask" | "inject" | "notice")[];
}

/** A skill (`SKILL.md`) or an agent (a markdown file with frontmatter). */
export interface MarkdownItem {
  readonly kind: "skill" | "agent";
  readonly id: string;
  /** The file, relative to the root. */
  readonly file: string;
  readonly name: string;
  readonly description: string;
}

export type MutatedItem = HookItem | ProgramItem | MarkdownItem;

/** Every breakage `vigiles mutate` knows. */
export type MutantKind =
  | "hook-always-allows"
  | "hook-crashes"
  | "hook-exit2-to-0"
  | "hook-deny-to-block"
  | "hook-unregistered"
  | "hook-matcher-misses"
  | "hook-past-timeout"
  | "program-deny-to-allow"
  | "program-inject-to-nothing"
  | "program-notice-to-silence"
  | "skill-removed"
  | "skill-description-blank"
  | "skill-descriptions-swapped"
  | "agent-removed"
  | "agent-description-blank";

/** One deliberate breakage of one item (a swap also names the other skill). */
export interface Mutant {
  /** Stable id: `<item id>#<kind>` (a swap adds `+<other id>`). */
  readonly id: string;
  readonly kind: MutantKind;
  readonly item: MutatedItem;
  /** The second skill of a swap. */
  readonly other?: MarkdownItem;
  /** What was broken, in one line. */
  readonly description: string;
  /** Set when no test could notice the breakage: why. Such a mutant is not run and not counted. */
  readonly equivalent?: string;
}

/** What became of a mutant. */
export type MutantStatus = "killed" | "survived" | "equivalent" | "error";

export interface MutantResult {
  readonly id: string;
  readonly kind: MutantKind;
  readonly item: string;
  readonly itemKind: MutatedItemKind;
  readonly description: string;
  readonly status: MutantStatus;
  /** Equivalent: why; error: what stopped the tests; killed: the failing test's reason. */
  readonly reason?: string;
  /** The test files (relative) that ran against the mutant, or the custom command. */
  readonly tests: readonly string[];
  /** For a survivor: what test is missing, in one line. */
  readonly suggestion?: string;
  readonly durationMs: number;
}

/** The score of one item: killed / (killed + survived), equivalents and errors left out. */
export interface ItemScore {
  readonly item: string;
  readonly kind: MutatedItemKind;
  readonly killed: number;
  readonly survived: number;
  readonly equivalent: number;
  readonly errors: number;
  /** 0-100, or null when nothing counted. */
  readonly score: number | null;
}

/** The report of one run; `version` changes when the shape does. */
export interface MutateReport {
  readonly version: 1;
  readonly root: string;
  /** How tests were picked per mutant: by coverage record, all of them, or a custom command. */
  readonly selection: "coverage" | "all" | "command";
  /** Why `selection` is what it is, in one line. */
  readonly selectionNote: string;
  readonly baseline: { readonly tests: readonly string[]; readonly durationMs: number };
  readonly score: number | null;
  readonly items: readonly ItemScore[];
  readonly mutants: readonly MutantResult[];
  readonly aborted: boolean;
  readonly durationMs: number;
}
