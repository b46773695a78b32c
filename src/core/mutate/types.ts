/**
 * The data of a mutation run (`vigiles mutate`): the harness items that can be broken, the mutants
 * (one deliberate breakage each), what the tests made of each one, and the versioned report.
 */

import type { JsonPath, RegisteredTimeout } from "../hook-config/registration.js";
import type { HarnessId } from "../dialect.js";

/** What a mutant breaks. */
export type MutatedItemKind = "hook" | "program" | "skill" | "agent" | "code-hook";

/** A command hook as registered: one handler in one handler group of one config file. */
export interface HookItem {
  readonly kind: "hook";
  /** The harness that registers it; absent means Claude Code. */
  readonly harness?: HarnessId;
  /**
   * Where the handler sits in its file and how its fields are written, so a registration mutant
   * edits exactly that handler whatever the shape (Copilot's flat entries, `bash`, `timeoutSec`;
   * Gemini's ms). Absent: `hooks.<event>[groupIndex].hooks[handlerIndex]`, `command`, `timeout` in seconds.
   */
  readonly registered?: {
    readonly path: JsonPath;
    readonly matcherPath: JsonPath;
    readonly commandField: string;
    readonly timeout?: RegisteredTimeout;
  };
  /**
   * Stable id, e.g. `hooks/hooks.json:PreToolUse[0].hooks[0]`; with `@<harness>` after it when
   * several harnesses read that handler (each reading is its own item).
   */
  readonly id: string;
  /**
   * A variable the command names that this harness neither sets nor substitutes (Gemini CLI and
   * `CLAUDE_PLUGIN_ROOT`): on this harness the command runs a path with that part empty.
   */
  readonly unsetVariable?: string;
  /** The config file, relative to the root. */
  readonly file: string;
  readonly event: string;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  readonly matcher: string | undefined;
  readonly command: string;
  /** Registered timeout in seconds, when one is given. */
  readonly timeout: number | undefined;
  /**
   * Files the command names that exist (relative to the root): the hook's source, its own script
   * first (a launcher every handler shares, like `run-with-fallback.sh open hooks/x.py`, after it).
   */
  readonly sources: readonly string[];
  /** Other handlers whose script is this one's (`sources[0]`): a mutant at the script must leave their events alone. */
  readonly scriptSharedWith?: readonly string[];
  /** The text of those sources and the files they source, for the not-applicable checks (absent when unreadable). */
  readonly sourceText: string | undefined;
  /**
   * The scripts source or exec a file named only at run time (`source "$DIR/${client}.sh"`), so
   * `sourceText` is not all they run: no "its source never …" reason is claimed from it.
   */
  readonly sourceIncomplete?: boolean;
  /**
   * The id of an earlier handler in the same file with the same event, matcher and command: the
   * harness runs identical handlers once, so removing this one changes nothing.
   */
  readonly duplicateOf?: string;
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
  /**
   * Hooks whose source names this file (a SessionStart hook that prints a skill's SKILL.md): a test
   * that runs one of them reads the file, so it meets a mutant of it.
   */
  readonly readBy?: readonly HookItem[];
}

/** The breakages of a hook written as code (a plugin), which its harness's registry entry defines and applies. */
export type CodeHookMutantKind = "code-hook-block-removed" | "code-hook-change-removed";

/**
 * A module of hooks a harness runs as code in its own process (OpenCode's plugins): no command or
 * registration to break, so its harness names the breakages that apply to it and writes them.
 */
export interface CodeHookItem {
  readonly kind: "code-hook";
  readonly harness: HarnessId;
  /** `plugin <file>`. */
  readonly id: string;
  /** Relative to the root. */
  readonly file: string;
  readonly breakages: readonly {
    readonly kind: CodeHookMutantKind;
    /** What was broken, in one line. */
    readonly description: string;
    readonly notApplicable?: string;
  }[];
}

export type MutatedItem = HookItem | ProgramItem | MarkdownItem | CodeHookItem;

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
  | "agent-description-blank"
  | CodeHookMutantKind;

/** One deliberate breakage of one item (a swap also names the other skill). */
export interface Mutant {
  /** Stable id: `<item id>#<kind>` (a swap adds `+<other id>`). */
  readonly id: string;
  readonly kind: MutantKind;
  readonly item: MutatedItem;
  /** The harness whose reading of the item the mutant breaks, and its display name. */
  readonly harness: HarnessId;
  readonly harnessName: string;
  /** The second skill of a swap. */
  readonly other?: MarkdownItem;
  /** What was broken, in one line. */
  readonly description: string;
  /**
   * Set when the breakage cannot change what the hook (or item) does, so no test could ever notice
   * it: why. Such a mutant is not run and not counted (a JSON-deny mutant on a hook that only exits 2).
   */
  readonly notApplicable?: string;
}

/**
 * Where a mutant acts, and so which tests can meet it: `behaviour` changes what the hook answers
 * (every test that runs it meets it, by its script path or through its registration);
 * `registration` changes the registration (only tests that go through the registration meet it).
 */
export type MutantReach = "behaviour" | "registration";

/**
 * What became of a mutant. `not-applicable`: it cannot change the item (not counted);
 * `not-exercised`: no test reaches the item the way the mutant acts (not counted, said how to reach it).
 */
export type MutantStatus = "killed" | "survived" | "not-applicable" | "not-exercised" | "error";

export interface MutantResult {
  readonly id: string;
  readonly kind: MutantKind;
  readonly item: string;
  readonly itemKind: MutatedItemKind;
  /** The harness whose reading of the item was broken (a hook file two harnesses read is two items), and its display name. */
  readonly harness: HarnessId;
  readonly harnessName: string;
  readonly description: string;
  readonly status: MutantStatus;
  /**
   * Not applicable: why; not exercised: what the tests do instead; error: what stopped the tests;
   * killed: the failing test's reason; survived: what the tests never met, when known (a mutant at
   * a script that never changed an answer in any call the tests made).
   */
  readonly reason?: string;
  /** The test files (relative) that ran against the mutant, or the custom command. */
  readonly tests: readonly string[];
  /** Why those tests: how each reaches the item (by its script path, through its registration …). */
  readonly testsWhy: string;
  /** For a survivor: what test is missing; for a mutant not exercised: how to reach it. One line. */
  readonly suggestion?: string;
  readonly durationMs: number;
}

/** What became of a set of mutants, and its score: killed / (killed + survived), the rest left out. */
export interface MutantCounts {
  readonly killed: number;
  readonly survived: number;
  readonly notApplicable: number;
  readonly notExercised: number;
  readonly errors: number;
  /** 0-100, or null when nothing counted. */
  readonly score: number | null;
}

/** The score of one item (one harness's reading of it). */
export interface ItemScore extends MutantCounts {
  readonly item: string;
  readonly kind: MutatedItemKind;
  readonly harness: HarnessId;
  readonly harnessName: string;
}

/** The counts of one harness's readings: what applies to that harness, and what its tests made of it. */
export interface HarnessScore extends MutantCounts {
  readonly harness: HarnessId;
  readonly harnessName: string;
}

/**
 * The report of one run; `version` changes when the shape does (2: `equivalent` became
 * `not-applicable`, `not-exercised` and `testsWhy` were added; 3: every mutant and item names its
 * harness, and `harnesses` scores each harness's readings).
 */
export interface MutateReport {
  readonly version: 3;
  readonly root: string;
  /** How tests were picked per mutant: by coverage record, all of them, or a custom command. */
  readonly selection: "coverage" | "all" | "command";
  /** Why `selection` is what it is, in one line. */
  readonly selectionNote: string;
  readonly baseline: { readonly tests: readonly string[]; readonly durationMs: number };
  readonly score: number | null;
  readonly items: readonly ItemScore[];
  /** One line per harness whose readings were mutated. */
  readonly harnesses: readonly HarnessScore[];
  readonly mutants: readonly MutantResult[];
  readonly aborted: boolean;
  readonly durationMs: number;
}
