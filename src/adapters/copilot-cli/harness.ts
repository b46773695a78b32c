/** GitHub Copilot CLI's line of the harness registry. */
import type { HarnessEntry } from "../harness-entry.js";
import { copilotConformance } from "./conformance.js";
import { COPILOT_CAPABILITIES } from "./capabilities.js";
import { copilotDialect } from "./dialect.js";
import { copilotSurface } from "./surface.js";
import { copilotHookFileAudit } from "./dialect/audit-file.js";
import { COPILOT_PIN, COPILOT_BIN_ENV } from "./package-pin.js";
import { homedir } from "node:os";
import { copilotPluginRegistrations, copilotRegistrations } from "./registrations.js";
import { copilotTrustLine } from "./trust.js";

export const copilotHarness: HarnessEntry = {
  id: "copilot-cli",
  aliases: ["copilot", "github-copilot"],
  displayName: "GitHub Copilot CLI",
  dialect: copilotDialect,
  package: COPILOT_PIN,
  binEnv: COPILOT_BIN_ENV,
  capabilities: COPILOT_CAPABILITIES,
  managedSettingsDirs: ["/etc/github-copilot"],
  homeDirs: [".copilot", ".copilot/session-state", ".copilot/logs"],
  markers: [".github/hooks", ".github/copilot-instructions.md"],
  weakMarkers: [],
  explainSource: "registrations",
  readRegistrations: copilotRegistrations,
  hookFileAudit: copilotHookFileAudit,
  readPluginRegistrations: copilotPluginRegistrations,
  // Copilot CLI 1.0.102 loads a Claude Code plugin (plugin-dirs.ts) and runs its hooks/hooks.json.
  loadsPluginsBy: [".claude-plugin/plugin.json"],
  // Copilot runs repository hooks only in a trusted folder; untrusted, 1.0.102 skips them silently.
  registrationGate: (root, env) => {
    const trust = copilotTrustLine(root, env["HOME"] ?? homedir(), env);
    const untrusted = trust?.level === "warn" ? trust : undefined;
    return {
      skip: (r) => (r.source === "repository hooks" ? untrusted?.message : undefined),
      ...(untrusted !== undefined
        ? {
            warning: {
              message: untrusted.message,
              ...(untrusted.fix !== undefined ? { fix: untrusted.fix } : {}),
            },
          }
        : {}),
    };
  },
  conformance: copilotConformance,
  surface: copilotSurface,
  driftRecheck:
    "re-run your Copilot harness tests: the exit codes preToolUse denies on, folder trust, the JSONL event names and the BYOK provider variables may have moved",
  loadAdapter: async () => (await import("./adapter.js")).copilotAdapter,
};
