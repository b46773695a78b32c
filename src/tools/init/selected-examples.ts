/**
 * Keeps only the example events the registration really runs a handler for: a handler's `if:` rule
 * (`Bash(git push:*)`) narrows its matcher, and a starter whose event selects nothing would test
 * nothing. Where the suspect example is not selected, the `if:` rule's own command is tried.
 */
import { isAbsolute, join } from "node:path";
import { dialectOf } from "../../adapters/registry.js";
import { selectHandlers } from "../../tiers/run-hook/harness-rules.js";
import type { HookHandlerGroup } from "../../core/hook-config/types.js";
import type { ExampleEvent, HookExamples, NoExamples } from "./example-events.js";

const PATH_KEYS = ["file_path", "notebook_path", "path"];

/** The event as the starter sends it: paths under the project, absolute (as Claude Code sends them). */
function asSent(event: Readonly<Record<string, unknown>>, root: string): Record<string, unknown> {
  const input = event["tool_input"];
  if (typeof input !== "object" || input === null) return { ...event };
  const fixed: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of PATH_KEYS) {
    const value = fixed[key];
    if (typeof value === "string" && !isAbsolute(value)) fixed[key] = join(root, value);
  }
  return { ...event, tool_input: fixed };
}

function selects(
  group: HookHandlerGroup,
  event: string,
  example: ExampleEvent,
  root: string,
  harness: string | undefined,
): boolean {
  const dialect = dialectOf(harness);
  return selectHandlers({ [event]: [group] }, dialect.payload(asSent(example.event, root)), {
    event,
    cwd: root,
    projectDir: root,
    ...(harness !== undefined ? { harness } : {}),
  }).some((s) => s.selected);
}

/** The command an `if:` rule names, `Bash(git push:*)` → `git push`. */
function ruleCommand(group: HookHandlerGroup): string | undefined {
  for (const handler of group.hooks) {
    const rule = typeof handler.if === "string" ? /^Bash\((.+)\)$/.exec(handler.if.trim()) : null;
    const command = rule?.[1]?.replace(/:?\*$/, "").trim();
    if (command) return command;
  }
  return undefined;
}

export function selectedExamples(
  group: HookHandlerGroup,
  event: string,
  examples: HookExamples | NoExamples,
  root: string,
  /** The harness that runs the hook (default: the default harness). */
  harness?: string,
): HookExamples | NoExamples {
  if ("unknown" in examples) return examples;
  let suspect = examples.suspect;
  if (!selects(group, event, suspect, root, harness)) {
    const command = ruleCommand(group);
    const input = suspect.event["tool_input"] as Record<string, unknown> | undefined;
    if (command !== undefined && input !== undefined && typeof input["command"] === "string") {
      suspect = {
        event: { ...suspect.event, tool_input: { ...input, command } },
        label: `Bash ${JSON.stringify(command)}`,
      };
    }
  }
  if (!selects(group, event, suspect, root, harness))
    return {
      unknown: `its handlers' if: rules select none of the examples (${group.hooks
        .map((h) => h.if)
        .filter((r) => r !== undefined)
        .map((r) => JSON.stringify(r))
        .join(", ")}): write an event they select`,
    };
  const everyday =
    examples.everyday !== undefined && selects(group, event, examples.everyday, root, harness)
      ? examples.everyday
      : undefined;
  return {
    suspect,
    ...(everyday ? { everyday } : {}),
    derivedFrom:
      suspect === examples.suspect ? examples.derivedFrom : `${examples.derivedFrom}; its if: rule`,
  };
}
