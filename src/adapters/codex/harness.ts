/** Codex's line of the harness registry. */
import type { HarnessEntry } from "../port.js";
import { CODEX_CAPABILITIES } from "./capabilities.js";
import { codexDialect } from "./dialect.js";
import { CODEX_PACKAGE, CODEX_VERSION } from "./errors.js";
import { codexRegistrations } from "./registrations.js";

export const codexHarness: HarnessEntry = {
  id: "codex",
  aliases: ["codex-cli"],
  displayName: "Codex",
  dialect: codexDialect,
  package: { name: CODEX_PACKAGE, version: CODEX_VERSION },
  binEnv: "VIGILES_CODEX_BIN",
  capabilities: CODEX_CAPABILITIES,
  managedSettingsDirs: ["/etc/codex"],
  markers: [".codex", ".agents/skills"],
  // Copilot CLI and others read AGENTS.md too, so it decides only where nothing else does.
  weakMarkers: ["AGENTS.md"],
  explainSource: "registrations",
  readRegistrations: codexRegistrations,
  loadAdapter: async () => (await import("./adapter.js")).codexAdapter,
};
