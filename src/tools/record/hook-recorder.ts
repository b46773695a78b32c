/**
 * `record --hooks`: a pass-through hook that saves every payload the harness sends to a folder and
 * changes nothing (it prints nothing and exits 0), and the settings snippet that registers it on
 * every event for one session. The saved payloads are ready-made `runHook` fixtures.
 */
export const HOOK_EVENTS_TO_RECORD = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "SessionStart",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "Notification",
] as const;

/** The recorder script: POSIX sh, no dependencies; one file per payload, named by time and event. */
export function hookRecorderScript(folder: string): string {
  return [
    "#!/bin/sh",
    "# Written by `vigiles record --hooks`: saves each hook payload and changes nothing.",
    `dir=${JSON.stringify(folder)}`,
    'mkdir -p "$dir"',
    "payload=$(cat)",
    'event=$(printf "%s" "$payload" | sed -n \'s/.*"hook_event_name" *: *"\\([A-Za-z]*\\)".*/\\1/p\')',
    'printf "%s\\n" "$payload" > "$dir/$(date +%Y%m%dT%H%M%S)-$$-${event:-event}.json"',
    "exit 0",
    "",
  ].join("\n");
}

/** The `hooks` settings that run the recorder on every event (matcher `*` on tool events). */
export function hookRecorderSettings(scriptPath: string): Record<string, unknown> {
  const handler = { type: "command", command: JSON.stringify(scriptPath), timeout: 10 };
  return {
    hooks: Object.fromEntries(
      HOOK_EVENTS_TO_RECORD.map((event) => [
        event,
        [/Tool/.test(event) ? { matcher: "*", hooks: [handler] } : { hooks: [handler] }],
      ]),
    ),
  };
}
