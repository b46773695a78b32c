/** Claude Code's line of the harness registry. */
import { dirname } from "node:path";
import type { HarnessEntry } from "../harness-entry.js";
import { keyOrLogin } from "../shared/paid-credentials.js";
import { claudeCodeConformance } from "./conformance.js";
import { CLAUDE_CODE_CAPABILITIES } from "./capabilities.js";
import { claudeCodeDialect } from "./dialect.js";
import { claudeCodeSurface } from "./surface.js";
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
  // Plugins' hooks files are found with the plugins (tools/audit/discover.ts).
  hookFileAudit: {
    files: ".claude/settings*.json, plugins' hooks/hooks.json",
    find: (_root, glob) =>
      glob(["**/.claude/settings.json", "**/.claude/settings.local.json"]).map((path) => ({
        path,
        role: "settings",
        source: path.endsWith(".local.json") ? "local settings" : "project settings",
        projectDir: dirname(dirname(path)),
      })),
  },
  readPluginRegistrations: claudeCodePluginRegistrations,
  paidCredentials: {
    subject: "paid tier (Claude)",
    find: keyOrLogin(
      "ANTHROPIC_API_KEY",
      [".claude", ".credentials.json"],
      "a Claude Code login (~/.claude/.credentials.json)",
    ),
    missing: "no credentials: vigiles/eval runs against a real model will stop before the first trial",
    fix: "export ANTHROPIC_API_KEY=… or run `claude` once to log in (the free tiers need nothing)",
  },
  conformance: claudeCodeConformance,
  surface: claudeCodeSurface,
  driftRecheck:
    "re-run `npm test` of your harness tests: hook event names and payloads, the stream-json hook_started/hook_response events, and the Messages API the mock speaks may have moved",
  loadAdapter: async () => (await import("./adapter.js")).claudeCodeAdapter,
};
