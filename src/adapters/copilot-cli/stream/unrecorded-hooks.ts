/**
 * The check that no hook escaped the recorder. Copilot's stdout stream shows no hook activity, but
 * its session log (`$COPILOT_HOME/session-state/<id>/events.jsonl`) has a `hook.start` event, with
 * the camelCase `hookType`, each time it runs the hooks of an event. Measured on 1.0.102: one is
 * written whenever any hook is registered for the event, even when no matcher matches, and none for
 * an event without hooks (test/copilot/copilot-plugins.test.ts). So a `hook.start` for an event no
 * recorded hooks file registers means a hook came from a place vigiles does not know, and ran
 * unrecorded: the run throws `CopilotUnrecordedHookError` instead of reporting a partial `hooks` list.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copilotEventRules, COPILOT_PASCAL_EVENTS } from "../dialect/rules.js";
import type { RunDirs } from "../../port.js";

/** Where prepare leaves the events the recorded hooks files register. */
export const registeredEventsPath = (dirs: RunDirs) =>
  join(dirs.tmpDir, "vigiles-copilot-registered-events.json");

/** The camelCase event a registered name stands for (Copilot logs PascalCase `PreToolUse` as `preToolUse`). */
export function loggedHookType(event: string): string {
  return COPILOT_PASCAL_EVENTS[event] ?? event;
}

export function writeRegisteredEvents(dirs: RunDirs, events: ReadonlySet<string>): void {
  writeFileSync(
    registeredEventsPath(dirs),
    `${JSON.stringify([...new Set([...events].map(loggedHookType))].sort())}\n`,
  );
}

function readRegisteredEvents(dirs: RunDirs): Set<string> | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(registeredEventsPath(dirs), "utf8"));
    return Array.isArray(parsed)
      ? new Set(parsed.filter((e): e is string => typeof e === "string"))
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every `hookType` the run's sessions (main and subagents) logged a `hook.start` for. */
export function loggedHookTypes(copilotHome: string): Set<string> {
  const root = join(copilotHome, "session-state");
  const types = new Set<string>();
  let sessions: string[];
  try {
    sessions = readdirSync(root).filter((d) => !d.startsWith("."));
  } catch {
    return types;
  }
  for (const id of sessions) {
    let text: string;
    try {
      text = readFileSync(join(root, id, "events.jsonl"), "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (!line.includes('"hook.start"')) continue;
      try {
        const event = JSON.parse(line) as { type?: unknown; data?: { hookType?: unknown } };
        if (event.type === "hook.start" && typeof event.data?.hookType === "string")
          types.add(event.data.hookType);
      } catch {
        // A line cut short by a killed run.
      }
    }
  }
  return types;
}

/** Events Copilot ran hooks for that no recorded file registers; empty when every hook was recorded. */
export function unrecordedHookTypes(dirs: RunDirs, copilotHome: string): string[] {
  const registered = readRegisteredEvents(dirs) ?? new Set<string>();
  return [...loggedHookTypes(copilotHome)]
    .filter((type) => !registered.has(type) && !registered.has(loggedHookType(type)))
    .sort()
    .map((type) => (copilotEventRules(type) ? type : `${type} (not an event vigiles knows)`));
}
