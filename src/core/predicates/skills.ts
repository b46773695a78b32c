/**
 * Skill resolution. The model picks a skill by calling the `Skill` tool with `{skill: name}` (older
 * Claude Code traces: `{command: name}`). A plugin skill is `plugin:skill`, and the model may call
 * it by its bare name; the tool then answers "Launching skill: plugin:skill". An unknown skill
 * comes back as an error result (`<tool_use_error>Unknown skill`).
 */
import type { ToolCall, Trace } from "../trace.js";

/** One call of the Skill tool, read. */
export interface SkillCall {
  readonly call: ToolCall;
  /** The name the model asked for, without a leading `/`; undefined when the input named none. */
  readonly requested: string | undefined;
  /** The name the harness said it launched, when its answer says so. */
  readonly launched: string | undefined;
  readonly resolved: boolean;
}

const LAUNCHED = /Launching skill:\s*([^\s`"']+)/;

function requestedName(input: Readonly<Record<string, unknown>>): string | undefined {
  const raw = typeof input.skill === "string" ? input.skill : input.command;
  if (typeof raw !== "string") return undefined;
  const name = raw.trim().replace(/^\//, "");
  return name === "" ? undefined : name;
}

function isResolved(call: ToolCall): boolean {
  const result = call.result;
  if (result === undefined) return false;
  return !result.isError && result.denied !== true && !/Unknown skill/i.test(result.text);
}

/** Every Skill tool call in the trace, in order, with the name asked for and whether it resolved. */
export function skillCalls(trace: Trace): readonly SkillCall[] {
  return trace.toolCalls
    .filter((call) => call.name === "Skill")
    .map((call) => ({
      call,
      requested: requestedName(call.input),
      launched: call.result === undefined ? undefined : LAUNCHED.exec(call.result.text)?.[1],
      resolved: isResolved(call),
    }));
}

function bare(name: string): string {
  const colon = name.lastIndexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

/**
 * Whether a name the model used stands for the skill `id`. A bare id matches any plugin's skill of
 * that name; a `plugin:skill` id matches itself, or a bare request when the launch does not say
 * which plugin answered.
 */
function namesSkill(skill: SkillCall, id: string): boolean {
  const wanted = id.replace(/^\//, "");
  const known = skill.launched ?? skill.requested;
  if (known === undefined) return false;
  if (known === wanted) return true;
  if (!wanted.includes(":")) return bare(known) === wanted;
  return skill.launched === undefined && !known.includes(":") && bare(wanted) === known;
}

/** The Skill calls that asked for the skill `id` (resolved or not). */
export function skillCallsFor(trace: Trace, id: string): readonly SkillCall[] {
  return skillCalls(trace).filter((skill) => namesSkill(skill, id));
}

/**
 * Whether a Skill call for `id` resolved: the tool answered without an error.
 *
 * @example
 * ```ts
 * skillResolved(trace, "demo:greet"); // a plugin skill
 * skillResolved(trace, "greet");      // the same skill by its bare name
 * ```
 */
export function skillResolved(trace: Trace, id: string): boolean {
  return skillCallsFor(trace, id).some((skill) => skill.resolved);
}
