/**
 * The mutant catalogue: for each harness item, the breakages `vigiles mutate` makes, which of them
 * cannot change the item at all (not applicable, named with the reason and not counted), and where
 * each acts (on the hook's behaviour or on its registration), which decides the tests that meet it.
 */
import { dialectEventRules, type HarnessId, type HookDialect } from "../dialect.js";
import { matcherSubjectOf } from "../hook-config/dialect-matcher.js";
import type {
  CodeHookItem,
  HookItem,
  MarkdownItem,
  Mutant,
  MutantKind,
  MutantReach,
  MutatedItem,
  ProgramItem,
} from "./types.js";

/** `exit 2`, `exit(2)`, `sys.exit(2)`, `os._exit(2)`, `process.exit(2)`, `exitCode = 2`. */
const EXIT_2 = /(?:\b|_)exit\s*\(?\s*2\b|exitCode\s*=\s*2\b|\breturn\s+2\b/;
/**
 * A JSON deny the deny-to-block mutant can misspell: the word `deny` and one of the fields the
 * harness reads it from (`permissionDecision`, `decision`, `behavior`). A hook that only says
 * "denied" on stderr and exits 2 has no JSON deny.
 */
const JSON_DENY = (text: string) =>
  /\bdeny\b/.test(text) && /permissionDecision|\bdecision\b|\bbehavior\b/.test(text);

/**
 * The lines of a script that do something, comments, blank lines and the shebang left out. Only
 * used to recognise a script that provably does nothing (or only fails): never to guess more.
 */
const bodyLines = (text: string): string[] =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));

/** Reading stdin away, `true`, `:`: lines that change no answer. */
const NO_OP = /^(cat(\s*>\s*\/dev\/null)?|cat\s+-\s*>\s*\/dev\/null|true|:|input=\$\(cat\))\s*;?$/;

/** The source only reads its input and exits 0: it already always allows, silently. */
const ALWAYS_ALLOWS = (text: string) =>
  bodyLines(text).every((l) => NO_OP.test(l) || /^exit(\s+0)?\s*;?$/.test(l));

/** The source does nothing but fail with exit 1 (a message on stderr at most): it already crashes. */
const ALWAYS_CRASHES = (text: string) => {
  const lines = bodyLines(text);
  return (
    lines.at(-1)?.match(/^exit\s+1\s*;?$/) !== null &&
    lines.length > 0 &&
    lines.every((l) => NO_OP.test(l) || /^exit\s+1\s*;?$/.test(l) || /^(echo|printf)\s.*>&2\s*;?$/.test(l))
  );
};

/**
 * Why running past the timeout cannot change this hook, or undefined when it can. A timed-out hook
 * is cancelled with no decision and the action proceeds (docs/hook-contract.md, Hook output; Copilot CLI
 * logs and skips a timeout alike), and the mutant waits before the hook does any work, so its
 * output and its side effects are both lost. That equals the hook's own run only when the hook has
 * neither: a source that only reads its input and exits 0, or only fails with exit 1 (a message on
 * stderr at most: a non-blocking error, no decision, the action proceeds too). Anything else it
 * does (a line of output, a file written, an exit 2) a timeout takes away, so the mutant runs.
 * What stays different is the harness's own log of the timeout, which is not the hook's behaviour.
 */
function pastTimeoutChangesNothing(text: string | undefined, script: string): string | undefined {
  if (text === undefined) return undefined;
  if (ALWAYS_ALLOWS(text))
    return `its source (${script}) only reads its input and exits 0: a timed-out hook gives no decision and the action proceeds, which is what it already does, and it has no work a timeout could cut short`;
  if (ALWAYS_CRASHES(text))
    return `its source (${script}) does nothing but exit 1: a crash and a timeout are both a non-blocking error with no decision, and it has no work a timeout could cut short`;
  return undefined;
}

/** The registered timeout the past-timeout mutant shrinks to, in seconds: the harness gives up on the hook the same way at 1 s as at 600 s. */
export const MUTANT_TIMEOUT_S = 1;

/** Every shape in which some harness reads a JSON "deny", for one event. */
const DENY_ANSWERS = (event: string): string[] =>
  [
    {
      hookSpecificOutput: {
        hookEventName: event,
        permissionDecision: "deny",
        permissionDecisionReason: "no",
      },
    },
    { hookSpecificOutput: { hookEventName: event, decision: { behavior: "deny", message: "no" } } },
    { permissionDecision: "deny", permissionDecisionReason: "no" },
    { behavior: "deny", message: "no" },
    { decision: "deny", reason: "no" },
  ].map((answer) => JSON.stringify(answer));

/** The dialect of a harness id (absent: the default harness), as the tool layer's registry gives it. */
export type DialectLookup = (harness: HarnessId | undefined) => HookDialect;

/** Where each kind acts: see {@link MutantReach}. */
export function mutantReach(kind: MutantKind): MutantReach {
  switch (kind) {
    case "hook-always-allows":
    case "hook-crashes":
    case "hook-exit2-to-0":
    case "hook-deny-to-block":
    case "program-deny-to-allow":
    case "program-inject-to-nothing":
    case "program-notice-to-silence":
    case "code-hook-block-removed":
    case "code-hook-change-removed":
      return "behaviour";
    // The registered timeout is enforced by the registration: a run by the script path has none.
    case "hook-past-timeout":
    case "hook-unregistered":
    case "hook-matcher-misses":
    case "skill-removed":
    case "skill-description-blank":
    case "skill-descriptions-swapped":
    case "agent-removed":
    case "agent-description-blank":
      return "registration";
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** The harness fields of a mutant, from the dialect of the harness whose reading it breaks. */
const harnessOf = (dialect: HookDialect) => ({ harness: dialect.harness, harnessName: dialect.displayName });

/**
 * Why no mutant can change this reading of a hook, or undefined: its command names a variable its
 * harness leaves unset and no file it names exists, so on that harness it already fails on every
 * input (`vigiles audit` names the variable).
 */
function brokenOnHarness(h: HookItem, dialect: HookDialect): string | undefined {
  if (h.unsetVariable === undefined || h.sources.length > 0) return undefined;
  return `${dialect.displayName} neither sets nor substitutes $${h.unsetVariable}, so this command runs a path that does not exist there: the hook already fails on every input on ${dialect.displayName}, and breaking it further changes nothing (fix the command first; vigiles audit names it)`;
}

/**
 * Why exit 2 → 0 cannot change this hook on its harness, or undefined: the event cannot block there
 * (exit 2 is a non-blocking error, the action goes ahead either way), or the source never exits 2.
 */
function exit2NotApplicable(h: HookItem, dialect: HookDialect, blocksOnExit2: boolean): string | undefined {
  if (!blocksOnExit2)
    return `${dialect.displayName}: ${dialect.verdictMeaning(h.event, h.registered?.timeout)}; exit 2 there is a non-blocking error, so there is no block for exit 0 to take away`;
  if (h.sourceText !== undefined && h.sourceIncomplete !== true && !EXIT_2.test(h.sourceText))
    return `its source (${h.sources.join(", ")}) never exits 2, so there is no exit 2 to turn into 0`;
  return undefined;
}

function hookMutants(h: HookItem, dialect: HookDialect): Mutant[] {
  const where = `${h.event}${h.matcher ? `[${h.matcher}]` : ""} hook \`${h.command}\` (${h.file}, ${dialect.displayName})`;
  const broken = brokenOnHarness(h, dialect);
  const m = (kind: MutantKind, description: string, notApplicable?: string): Mutant => {
    const why = broken ?? notApplicable;
    return {
      id: `${h.id}#${kind}`,
      kind,
      item: h,
      ...harnessOf(dialect),
      description,
      ...(why !== undefined ? { notApplicable: why } : {}),
    };
  };
  // Absence claims ("never exits 2") need every line the hook runs.
  const text = h.sourceIncomplete === true ? undefined : h.sourceText;
  const rules = dialectEventRules(dialect, h.event);
  const folds = (stdout: string, exitCode: number) =>
    dialect.fold({ event: h.event, exitCode, stdout, stderr: "vigiles", timedOut: false }).blocked;
  // The event honours a deny when one of the answer shapes a harness reads ("deny" in
  // permissionDecision, decision.behavior, behavior or a top-level decision) blocks it.
  const honoursDeny = rules === undefined || DENY_ANSWERS(h.event).some((answer) => folds(answer, 0));
  // Where every non-zero exit blocks (Copilot CLI's preToolUse), a crash fails closed.
  const crashBlocks = rules !== undefined && folds("", 1);
  const script = h.sources.join(", ");
  const out: Mutant[] = [
    m(
      "hook-always-allows",
      `${where} always allows: exit 0, no output, the original never runs`,
      text !== undefined && ALWAYS_ALLOWS(text)
        ? `its source (${script}) only reads its input and exits 0: it already always allows`
        : undefined,
    ),
    m(
      "hook-crashes",
      `${where} crashes with exit 1 (a non-blocking error: the harness fails open)`,
      crashBlocks
        ? `${dialect.displayName} denies ${h.event} on any non-zero exit: a crash fails closed, so crashing cannot let anything through`
        : text !== undefined && ALWAYS_CRASHES(text)
          ? `its source (${script}) does nothing but exit 1: it already crashes on every input`
          : undefined,
    ),
    m(
      "hook-exit2-to-0",
      `${where}: a blocking exit 2 becomes exit 0`,
      exit2NotApplicable(h, dialect, rules === undefined || rules.exit2Blocks || folds("", 2)),
    ),
    m(
      "hook-deny-to-block",
      `${where}: a JSON "deny" becomes the illegal "block" (the harness ignores it and fails open)`,
      !honoursDeny
        ? `${h.event} honours no "deny" (no permissionDecision, no decision.behavior): a deny and a block are ignored alike`
        : text !== undefined && !JSON_DENY(text)
          ? `its source (${script}) never writes a JSON "deny" (permissionDecision / decision / behavior), so there is no deny to misspell`
          : undefined,
    ),
    m(
      "hook-unregistered",
      `${where} is removed from ${h.file}`,
      h.duplicateOf !== undefined
        ? `${h.duplicateOf} registers the same command for the same event and matcher; the harness runs identical handlers once, so removing one changes nothing`
        : undefined,
    ),
  ];
  const subject = matcherSubjectOf(dialect, h.event);
  out.push(
    m(
      "hook-matcher-misses",
      `${where}: its matcher no longer matches anything`,
      subject === undefined
        ? `${h.event} takes no matcher (the harness ignores one), so a matcher change selects the same runs`
        : undefined,
    ),
  );
  out.push(
    m(
      "hook-past-timeout",
      `${where} runs past its ${h.timeout ?? dialect.timeout.defaultSeconds} s timeout before doing its work (in the copy the timeout is ${MUTANT_TIMEOUT_S} s and the hook waits ${MUTANT_TIMEOUT_S + 2} s, so the harness gives up on it as it would, without the wait)`,
      pastTimeoutChangesNothing(text, script),
    ),
  );
  return out;
}

function programMutants(p: ProgramItem, dialect: HookDialect): Mutant[] {
  const m = (kind: MutantKind, description: string, notApplicable?: string): Mutant => ({
    id: `${p.id}#${kind}`,
    kind,
    item: p,
    ...harnessOf(dialect),
    description,
    ...(notApplicable !== undefined ? { notApplicable } : {}),
  });
  const has = (a: ProgramItem["answers"][number]) => p.answers.includes(a);
  const never = (what: string) => `its source never calls ${what}, so there is no such answer to silence`;
  return [
    m(
      "program-deny-to-allow",
      `hook program ${p.file}: every deny/ask the runtime answers becomes allow`,
      has("deny") || has("ask") ? undefined : never("deny() or ask()"),
    ),
    m(
      "program-inject-to-nothing",
      `hook program ${p.file}: every injection becomes nothing`,
      has("inject") ? undefined : never("inject()"),
    ),
    m(
      "program-notice-to-silence",
      `hook program ${p.file}: every notice becomes silence`,
      has("notice") ? undefined : never("notice()"),
    ),
  ];
}

function markdownMutants(s: MarkdownItem, dialect: HookDialect): Mutant[] {
  const kind = s.kind;
  const removed: MutantKind = kind === "skill" ? "skill-removed" : "agent-removed";
  const blank: MutantKind = kind === "skill" ? "skill-description-blank" : "agent-description-blank";
  return [
    {
      id: `${s.id}#${removed}`,
      kind: removed,
      item: s,
      ...harnessOf(dialect),
      description: `${kind} ${s.name} (${s.file}) is removed`,
    },
    {
      id: `${s.id}#${blank}`,
      kind: blank,
      item: s,
      ...harnessOf(dialect),
      description: `${kind} ${s.name} (${s.file}) has a blank description`,
      ...(s.description.trim() === "" ? { notApplicable: "its description is already blank" } : {}),
    },
  ];
}

/** Neighbouring skills (in id order) with their descriptions swapped: n-1 mutants for n skills. */
function swapMutants(skills: readonly MarkdownItem[], dialect: HookDialect): Mutant[] {
  const sorted = [...skills].sort((a, b) => a.id.localeCompare(b.id));
  const out: Mutant[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i] as MarkdownItem;
    const b = sorted[i + 1] as MarkdownItem;
    out.push({
      id: `${a.id}#skill-descriptions-swapped+${b.id}`,
      kind: "skill-descriptions-swapped",
      item: a,
      other: b,
      ...harnessOf(dialect),
      description: `skills ${a.name} and ${b.name} have each other's descriptions`,
      ...(a.description.trim() === b.description.trim()
        ? { notApplicable: "the two descriptions are the same text" }
        : {}),
    });
  }
  return out;
}

/** A code hook's breakages, as its harness named them. */
function codeHookMutants(item: CodeHookItem, dialect: HookDialect): Mutant[] {
  return item.breakages.map((b) => ({
    id: `${item.id}#${b.kind}`,
    kind: b.kind,
    item,
    ...harnessOf(dialect),
    description: b.description,
    ...(b.notApplicable !== undefined ? { notApplicable: b.notApplicable } : {}),
  }));
}

/**
 * Every mutant of the given items, in item order (swaps after the skills they pair). A hook's
 * mutants read its own harness's dialect; hook programs, skills and agents are found in the default
 * harness's places and carry its name.
 */
export function mutantCatalogue(items: readonly MutatedItem[], dialectOf: DialectLookup): Mutant[] {
  const byDefault = dialectOf(undefined);
  const out: Mutant[] = [];
  for (const item of items) {
    switch (item.kind) {
      case "hook":
        out.push(...hookMutants(item, dialectOf(item.harness)));
        break;
      case "program":
        out.push(...programMutants(item, byDefault));
        break;
      case "skill":
      case "agent":
        out.push(...markdownMutants(item, byDefault));
        break;
      case "code-hook":
        out.push(...codeHookMutants(item, dialectOf(item.harness)));
        break;
      default: {
        const never: never = item;
        return never;
      }
    }
  }
  out.push(
    ...swapMutants(
      items.filter((i): i is MarkdownItem => i.kind === "skill"),
      byDefault,
    ),
  );
  return out;
}
