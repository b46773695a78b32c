/**
 * The files a project registers command hooks in, written the way a harness's registration reader
 * reads them back (`HarnessEntry.projectHookFiles`). Tests and starters write a hook for any
 * registered harness through it, so an attack written once runs on every harness.
 */

/** One command hook to register: its event as the harness writes it, an optional matcher, the command. */
export interface ProjectHook {
  readonly event: string;
  /** Undefined: the key is left out (the hook fires on every subject). */
  readonly matcher?: string;
  readonly command: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function byEvent(
  hooks: readonly ProjectHook[],
  entry: (h: ProjectHook) => unknown,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const h of hooks) (out[h.event] ??= []).push(entry(h));
  return out;
}

/** `{ hooks: { Event: [{ matcher?, hooks: [{ type: "command", command }] }] } }` in `file` (Claude Code, Codex, Gemini CLI). */
export function groupedHookFiles(file: string): (hooks: readonly ProjectHook[]) => Record<string, string> {
  return (hooks) => ({
    [file]: json({
      hooks: byEvent(hooks, (h) => ({
        ...(h.matcher !== undefined ? { matcher: h.matcher } : {}),
        hooks: [{ type: "command", command: h.command }],
      })),
    }),
  });
}

/** `{ version: 1, hooks: { event: [{ type: "command", bash, matcher? }] } }` in `file` (Copilot CLI's flat entries). */
export function flatHookFiles(file: string): (hooks: readonly ProjectHook[]) => Record<string, string> {
  return (hooks) => ({
    [file]: json({
      version: 1,
      hooks: byEvent(hooks, (h) => ({
        type: "command",
        bash: h.command,
        ...(h.matcher !== undefined ? { matcher: h.matcher } : {}),
      })),
    }),
  });
}
