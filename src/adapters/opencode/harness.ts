/** OpenCode's line of the harness registry. */
import type { HarnessEntry } from "../port.js";
import { OPENCODE_CAPABILITIES } from "./capabilities.js";
import { openCodeDialect } from "./dialect.js";
import { OPENCODE_BIN_ENV, OPENCODE_PIN } from "./package-pin.js";
import { openCodeRegistrations } from "./registrations.js";

export const openCodeHarness: HarnessEntry = {
  id: "opencode",
  aliases: ["opencode-ai"],
  displayName: "OpenCode",
  dialect: openCodeDialect,
  package: OPENCODE_PIN,
  binEnv: OPENCODE_BIN_ENV,
  capabilities: OPENCODE_CAPABILITIES,
  // 1.18.33 reads no machine-wide config on Linux that vigiles has found.
  managedSettingsDirs: [],
  markers: [".opencode", "opencode.json", "opencode.jsonc"],
  weakMarkers: [],
  explainSource: "registrations",
  readRegistrations: openCodeRegistrations,
  driftRecheck:
    "re-run your OpenCode harness tests: the --format json events, the plugin loader and the hook triggers may have moved",
  loadAdapter: async () => (await import("./adapter.js")).opencodeAdapter,
};
