/**
 * Which skill a run selected, read from its tool calls. Claude Code's selector calls the `Skill`
 * tool with `{ skill: "<plugin>:<name>" }` (older builds: `{ command: … }`, or a bare name); the
 * tool answers "Launching skill: <plugin>:<name>" on success and `<tool_use_error>` otherwise.
 */
import type { ToolCall, Trace } from "../trace.js";

/** One Skill call that resolved, with the id as the harness named it. */
export interface SkillSelection {
  /** The fully qualified id (`plugin:name`) when known, else the name as called. */
  readonly id: string;
  /** The raw argument of the call. */
  readonly requested: string;
}

const LAUNCHING = /Launching skill:\s*([^\s]+)/;

function requestedSkill(call: ToolCall): string | undefined {
  const v = call.input["skill"] ?? call.input["command"];
  return typeof v === "string" && v.trim() !== "" ? v.trim().replace(/^\//, "") : undefined;
}

/**
 * Every Skill call of the main agent that resolved (a result without an error), in order. A call
 * whose result is missing (the run ended first) did not resolve.
 */
export function skillSelections(trace: Trace): SkillSelection[] {
  const out: SkillSelection[] = [];
  for (const call of trace.toolCalls) {
    if (call.name !== "Skill" || call.parentId !== undefined) continue;
    const requested = requestedSkill(call);
    const result = call.result;
    if (requested === undefined || result === undefined || result.isError || result.denied === true) continue;
    if (/Unknown skill/i.test(result.text)) continue;
    const launched = LAUNCHING.exec(result.text)?.[1];
    out.push({ id: launched ?? requested, requested });
  }
  return out;
}

/**
 * Maps what a run selected onto one of `candidates` (qualified ids `plugin:name`): an exact id, an
 * alias (`aliases` maps another id of a skill, such as `plugin:<frontmatter name>` when it differs
 * from the folder, to its candidate), or a bare name that matches exactly one candidate. Returns the
 * first selection's match, `"(other)"` for a selection outside the candidates, or undefined when no
 * skill resolved.
 */
export function selectedCandidate(
  trace: Trace,
  candidates: readonly string[],
  aliases: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const first = skillSelections(trace)[0];
  if (first === undefined) return undefined;
  const resolve = (id: string): string | undefined => matchCandidate(aliases.get(id) ?? id, candidates);
  return resolve(first.id) ?? resolve(first.requested) ?? OTHER_SKILL;
}

/** The column of the matrix for a skill outside the measured set. */
export const OTHER_SKILL = "(other)";
/** The column of the matrix for a run that selected no skill. */
export const NO_SKILL = "(none)";

function matchCandidate(id: string, candidates: readonly string[]): string | undefined {
  if (candidates.includes(id)) return id;
  if (id.includes(":")) return undefined;
  const byName = candidates.filter((c) => c.slice(c.indexOf(":") + 1) === id);
  return byName.length === 1 ? byName[0] : undefined;
}
