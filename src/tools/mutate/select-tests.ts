/**
 * Which tests exercised which item, and how, from the coverage records the baseline run wrote (one
 * directory per test file, so a record names its file). A hook is reached through its registration
 * (`runHook({ registration })` on a handler with its registered command, a harness run that fired
 * the event) or by its script (`runHook("bash hooks/guard.sh")`, `assertBlocksDisasters` or
 * `propertyHook` on a command naming the same file, relative or absolute, with an interpreter in
 * front or not). Which of the two decides the mutants that test can meet.
 */
import { relative } from "node:path";
import { DEFAULT_HARNESS, dialectOf, findHarness } from "../../adapters/registry.js";
import { testDialectMatcher } from "../../core/hook-config/dialect-matcher.js";
import { mutantReach } from "../../core/mutate/catalogue.js";
import type { Mutant, MutatedItem } from "../../core/mutate/types.js";
import type { CoverageRecord } from "../../runtime/coverage-record.js";

/**
 * How a record reached an item: through its registration, through it with the test's own
 * `timeoutMs` in place of the registered one, by its script, or (a skill or agent) by running a
 * hook that reads its file.
 */
export type Link = "registration" | "registration-own-timeout" | "script" | "read";

const sameName = (recorded: string | undefined, name: string) =>
  recorded !== undefined && (recorded === name || recorded.endsWith(`:${name}`));

/**
 * The record ran the hook by the rules of the harness whose reading `item` is. A hook file two
 * harnesses read is two hooks: a runHook folded by Claude Code's rules says nothing of what Gemini
 * CLI does with the same handler. A record from before the field named no harness: the default.
 */
function sameHarness(record: CoverageRecord, item: { readonly harness?: string }): boolean {
  const id = (name: string | undefined) =>
    name === undefined ? DEFAULT_HARNESS.id : (findHarness(name)?.id ?? name);
  return id(record.identity.harness) === id(item.harness);
}

/**
 * How the record reached the item, if it did. `realRoot` is the real path of the tree the record
 * was made in (its `files` are real absolute paths there).
 */
export function recordLink(record: CoverageRecord, item: MutatedItem, realRoot: string): Link | undefined {
  const id = record.identity;
  switch (item.kind) {
    case "hook": {
      if (record.kind !== "hook" || id.event !== item.event || !sameHarness(record, item)) return undefined;
      if (record.source !== "runHook") {
        // A harness run reports the event and the matcher value only; it ran the registrations,
        // whose matcher reads as its own harness reads it (Copilot whole-name, Gemini unanchored).
        return id.target === undefined ||
          testDialectMatcher(dialectOf(item.harness), item.event, item.matcher, id.target).matches
          ? "registration"
          : undefined;
      }
      if (id.via === "registration" && id.registered === item.command)
        return id.ownTimeout === true ? "registration-own-timeout" : "registration";
      const files = (id.files ?? []).map((f) => relative(realRoot, f).split("\\").join("/"));
      return item.sources.some((s) => files.includes(s)) ? "script" : undefined;
    }
    case "program":
      return record.kind === "hook" &&
        ((id.file !== undefined && id.file.endsWith(item.file)) ||
          (id.command !== undefined && id.command.includes(item.file)))
        ? "script"
        : undefined;
    case "code-hook": {
      // A harness run names each module it loaded (its load fire's target, relative to the project);
      // an in-process run of one names its file.
      if (record.kind !== "hook" || !sameHarness(record, item)) return undefined;
      if (record.source !== "runHook") return id.target === item.file ? "registration" : undefined;
      const named = [id.file, ...(id.files ?? [])].filter((f): f is string => f !== undefined);
      return named.some((f) => f.split("\\").join("/").endsWith(`/${item.file}`)) ? "script" : undefined;
    }
    case "skill":
      return record.kind === "skill" && sameName(id.name, item.name) ? "registration" : undefined;
    case "agent":
      return record.kind === "agent" && sameName(id.name, item.name) ? "registration" : undefined;
    default: {
      const never: never = item;
      return never;
    }
  }
}

/**
 * For each test file (as given) whose records reach the item: how (every way it does). A skill or
 * agent is also reached by a test that runs, any way, a hook reading its file.
 */
export function testLinks(
  recordsByFile: ReadonlyMap<string, readonly CoverageRecord[]>,
  item: MutatedItem,
  realRoot: string,
): Map<string, Set<Link>> {
  const out = new Map<string, Set<Link>>();
  const add = (file: string, link: Link) => out.set(file, (out.get(file) ?? new Set<Link>()).add(link));
  const readers = item.kind === "skill" || item.kind === "agent" ? (item.readBy ?? []) : [];
  for (const [file, records] of recordsByFile) {
    for (const r of records) {
      const link = recordLink(r, item, realRoot);
      if (link !== undefined) add(file, link);
      if (readers.some((h) => recordLink(r, h, realRoot) !== undefined)) add(file, "read");
    }
  }
  return out;
}

/** The tests a mutant is run against, why those, and the tests that reach its item only another way. */
export interface MutantSelection {
  readonly tests: readonly string[];
  readonly why: string;
  /** Tests that run the item's script by path but not through its registration (for a registration mutant). */
  readonly byScriptOnly: readonly string[];
}

function describeLink(link: Link, item: MutatedItem): string {
  switch (link) {
    case "registration":
      return item.kind === "hook" ? `through its registration in ${item.file}` : "by name in a run";
    case "registration-own-timeout":
      return `through its registration in ${item.file}, with its own timeoutMs (the registered timeout is never read)`;
    case "script":
      return item.kind === "hook"
        ? `by its script ${item.sources[0] ?? item.command}`
        : `by its file ${item.file}`;
    case "read": {
      const readers = item.kind === "skill" || item.kind === "agent" ? (item.readBy ?? []) : [];
      return `by running a hook that reads ${item.file} (${readers.map((h) => h.id).join(", ")})`;
    }
    default: {
      const never: never = link;
      return never;
    }
  }
}

const describeLinks = (file: string, links: ReadonlySet<Link>, item: MutatedItem): string =>
  `${file} reaches it ${[...links].map((l) => describeLink(l, item)).join(" and ")}`;

/**
 * Picks the tests for a mutant: every test reaching its item for a behaviour mutant, only the ones
 * through the registration for a registration mutant (the `behaviourBy` site says where a
 * behaviour mutant is applied: in the script, met both ways, or in the registration, met only there).
 */
export function selectTests(
  mutant: Mutant,
  linksByTest: ReadonlyMap<string, ReadonlySet<Link>>,
  behaviourBy: "script" | "registration",
): MutantSelection {
  const reach = mutantReach(mutant.kind);
  // A skill or agent mutant acts on the file itself: a hook that reads it meets it as a run does.
  // Only a run under the registered timeout meets a mutant of it; any other registration run meets the rest.
  const registration: Link[] =
    mutant.kind === "hook-past-timeout" ? ["registration"] : ["registration", "registration-own-timeout"];
  const needs: ReadonlySet<Link> =
    mutant.item.kind === "skill" || mutant.item.kind === "agent"
      ? new Set<Link>(["registration", "read"])
      : reach === "registration" || behaviourBy === "registration"
        ? new Set<Link>(registration)
        : new Set<Link>([...registration, "script"]);
  const tests: string[] = [];
  const why: string[] = [];
  const byScriptOnly: string[] = [];
  for (const [file, links] of linksByTest) {
    if ([...links].some((l) => needs.has(l))) {
      tests.push(file);
      why.push(describeLinks(file, links, mutant.item));
    } else byScriptOnly.push(file);
  }
  return { tests, why: why.join("; "), byScriptOnly };
}
