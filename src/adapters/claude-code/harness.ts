/** Claude Code's line of the harness registry. */
import type { HarnessEntry } from "../port.js";
import { CLAUDE_CODE_CAPABILITIES } from "./capabilities.js";
import { claudeCodeDialect } from "./dialect.js";
import { CLAUDE_CODE_PIN, CLAUDE_BIN_ENV } from "./package-pin.js";
import { claudeCodePluginRegistrations, claudeCodeRegistrations } from "./registrations.js";

export const claudeCodeHarness: HarnessEntry = {
  id: "claude-code",
  aliases: ["claude", "claude-code-cli"],
  displayName: "Claude Code",
  dialect: claudeCodeDialect,
  package: CLAUDE_CODE_PIN,
  binEnv: CLAUDE_BIN_ENV,
  capabilities: CLAUDE_CODE_CAPABILITIES,
  managedSettingsDirs: ["/etc/claude-code"],
  homeDirs: [".claude", ".claude/projects", ".claude/plugins", ".claude/todos", ".claude/shell-snapshots"],
  markers: [".claude", ".claude-plugin", "CLAUDE.md", ".mcp.json"],
  weakMarkers: [],
  explainSource: "layered-settings",
  readRegistrations: claudeCodeRegistrations,
  readPluginRegistrations: claudeCodePluginRegistrations,
  driftRecheck:
    "re-run `npm test` of your harness tests: hook event names and payloads, the stream-json hook_started/hook_response events, and the Messages API the mock speaks may have moved",
  loadAdapter: async () => (await import("./adapter.js")).claudeCodeAdapter,
};
