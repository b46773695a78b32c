/** `vigiles explain`: which hooks would fire for an event, in order, and why; with --run, what each decides. */
import { defineCommand, type CliCommand } from "../command.js";
import { HARNESSES, HARNESS_IDS } from "../../adapters/registry.js";
import { EXPLAIN_OPTIONS } from "./explain-options.js";

const HELP = `Usage: vigiles explain [event.json] [options]

With no event, lists every hook registered here by event (exit 0).
Lists every hook registered in managed settings, user settings, project settings, local settings
and plugins for the event, in the order the harness reads them, with why each fires or not (event,
matcher, if:, a disableAllHooks or allowManagedHooksOnly key) and its file:line. Nothing runs
unless --run.

  --tool <name>          a tool event (default event PreToolUse), e.g. --tool Bash
  --command <text>       the Bash command of the tool call
  --file-path <path>     the file_path of an Edit/Write/Read call
  --event <name>         the event (PreToolUse, UserPromptSubmit, Stop …)
  --prompt <text>        the prompt of a UserPromptSubmit event
  --source <name>        the source of a SessionStart event (default: the harness's first, startup)
  --trigger <name>       the trigger of a PreCompact or Setup event (default: manual, or init)
  --notification-type <name>
                         the notification_type of a Notification event (permission_prompt …)
  --plugin-dir <dir>     a plugin to include (repeatable), besides those found here
  --managed-dir <dir>    the managed-settings folder (default: $VIGILES_MANAGED_SETTINGS_DIR,
                         else /etc/claude-code on Linux): managed-settings.json and
                         managed-settings.d/*.json
  --run                  run each selected command hook (or plugin hook, where the harness's hooks
                         are plugins) and show its decision and every other effect (context
                         added, system message, rewritten input), confined with bubblewrap: the
                         repository and plugins read-only, your HOME masked, no network, no host
                         socket
  --no-sandbox           with --run: run the hooks on the host instead, as you (they can read
                         your HOME and write anywhere you can); only for hooks you trust
  --harness <id>         ${HARNESS_IDS.join(", ")} (or an alias): whose hook files,
                         event names, matchers and verdict rules to use (default: detected from
                         the repository, as \`vigiles test\` does), in that harness's own event
                         and tool names (Claude Code's are accepted too):
${HARNESSES.map((h) => `                           ${h.id}: ${h.codeHooks?.files ?? h.hookFileAudit.files}`).join("\n")}
  --harness-version <v>  use the rules of this release of it (a version, from the harness cache)
                         instead of the installed release's
  --format <text|json>
`;

export const explainCommand: CliCommand = defineCommand({
  name: "explain",
  summary: "show which hooks would fire for an event and why, with file and line",
  help: HELP,
  options: EXPLAIN_OPTIONS,
  positionals: true,
  // The explainers and runHook load only when an event is asked about: `--help` stays a fast start.
  run: async (args) => (await import("./explain-run.js")).runExplain(args),
});
