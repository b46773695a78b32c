/**
 * The mutant catalogue: for each harness item, the breakages `vigiles mutate` makes, and which of
 * them no test could ever notice (equivalent mutants, named with the reason and not counted).
 */
import { matcherSubjectField } from "../hook-config/matcher.js";
import type { HookItem, MarkdownItem, Mutant, MutantKind, MutatedItem, ProgramItem } from "./types.js";

/**
 * Events a headless `claude -p` run against a mock never fires: they wait on a person (an idle or
 * permission notification) or on an interactive slash command (`/model`, `/add-dir`).
 */
const NOT_HEADLESS: Readonly<Record<string, string>> = {
  Notification: "Notification fires for a person (idle, permission prompts), never in a headless -p run",
  PreModelSwitch: "PreModelSwitch fires on an interactive /model, never in a headless -p run",
  PostModelSwitch: "PostModelSwitch fires on an interactive /model, never in a headless -p run",
  DirectoryAdded: "DirectoryAdded fires on an interactive /add-dir, never in a headless -p run",
};

const EXIT_2 = /\bexit\s*\(?\s*2\b|exitCode\s*=\s*2\b/;

function hookMutants(h: HookItem): Mutant[] {
  const where = `${h.event}${h.matcher ? `[${h.matcher}]` : ""} hook \`${h.command}\` (${h.file})`;
  const m = (kind: MutantKind, description: string, equivalent?: string): Mutant => ({
    id: `${h.id}#${kind}`,
    kind,
    item: h,
    description,
    ...(equivalent !== undefined ? { equivalent } : {}),
  });
  const text = h.sourceText;
  const out: Mutant[] = [
    m("hook-always-allows", `${where} always allows: exit 0, no output, the original never runs`),
    m("hook-crashes", `${where} crashes with exit 1 (a non-blocking error: the harness fails open)`),
    m(
      "hook-exit2-to-0",
      `${where}: a blocking exit 2 becomes exit 0`,
      text !== undefined && !EXIT_2.test(text)
        ? `its source (${h.sources.join(", ")}) never exits 2, so there is no exit 2 to turn into 0`
        : undefined,
    ),
    m(
      "hook-deny-to-block",
      `${where}: a JSON "deny" becomes the illegal "block" (the harness ignores it and fails open)`,
      text !== undefined && !/\bdeny\b/.test(text)
        ? `its source (${h.sources.join(", ")}) never writes "deny", so there is no deny to misspell`
        : undefined,
    ),
    m(
      "hook-unregistered",
      `${where} is removed from ${h.file}`,
      Object.hasOwn(NOT_HEADLESS, h.event) ? NOT_HEADLESS[h.event] : undefined,
    ),
  ];
  const subject = matcherSubjectField(h.event);
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
      `${where} runs past its ${h.timeout ?? 600} s timeout before doing its work`,
      h.timeout === undefined || h.timeout > 60
        ? `no registered timeout of 60 s or less (${h.timeout === undefined ? "the 600 s default" : `${h.timeout} s`}): waiting it out per test is not worth a mutant`
        : undefined,
    ),
  );
  return out;
}

function programMutants(p: ProgramItem): Mutant[] {
  const m = (kind: MutantKind, description: string, equivalent?: string): Mutant => ({
    id: `${p.id}#${kind}`,
    kind,
    item: p,
    description,
    ...(equivalent !== undefined ? { equivalent } : {}),
  });
  const has = (a: ProgramItem["answers"][number]) => p.answers.includes(a);
  const out: Mutant[] = [];
  if (has("deny") || has("ask"))
    out.push(
      m("program-deny-to-allow", `hook program ${p.file}: every deny/ask the runtime answers becomes allow`),
    );
  if (has("inject"))
    out.push(m("program-inject-to-nothing", `hook program ${p.file}: every injection becomes nothing`));
  if (has("notice"))
    out.push(m("program-notice-to-silence", `hook program ${p.file}: every notice becomes silence`));
  return out;
}

function markdownMutants(s: MarkdownItem): Mutant[] {
  const kind = s.kind;
  const removed: MutantKind = kind === "skill" ? "skill-removed" : "agent-removed";
  const blank: MutantKind = kind === "skill" ? "skill-description-blank" : "agent-description-blank";
  return [
    {
      id: `${s.id}#${removed}`,
      kind: removed,
      item: s,
      description: `${kind} ${s.name} (${s.file}) is removed`,
    },
    {
      id: `${s.id}#${blank}`,
      kind: blank,
      item: s,
      description: `${kind} ${s.name} (${s.file}) has a blank description`,
      ...(s.description.trim() === "" ? { equivalent: "its description is already blank" } : {}),
    },
  ];
}

/** Neighbouring skills (in id order) with their descriptions swapped: n-1 mutants for n skills. */
function swapMutants(skills: readonly MarkdownItem[]): Mutant[] {
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
      description: `skills ${a.name} and ${b.name} have each other's descriptions`,
      ...(a.description.trim() === b.description.trim()
        ? { equivalent: "the two descriptions are the same text" }
        : {}),
    });
  }
  return out;
}

/** Every mutant of the given items, in item order (swaps after the skills they pair). */
export function mutantCatalogue(items: readonly MutatedItem[]): Mutant[] {
  const out: Mutant[] = [];
  for (const item of items) {
    switch (item.kind) {
      case "hook":
        out.push(...hookMutants(item));
        break;
      case "program":
        out.push(...programMutants(item));
        break;
      case "skill":
      case "agent":
        out.push(...markdownMutants(item));
        break;
      default: {
        const never: never = item;
        return never;
      }
    }
  }
  out.push(...swapMutants(items.filter((i): i is MarkdownItem => i.kind === "skill")));
  return out;
}
