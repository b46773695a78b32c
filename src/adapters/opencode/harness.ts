/** OpenCode's line of the harness registry. */
import type { HarnessEntry } from "../harness-entry.js";
import { OPENCODE_CAPABILITIES } from "./capabilities.js";
import { openCodeDialect } from "./dialect.js";
import { openCodeSurface } from "./surface.js";
import { OPENCODE_BIN_ENV, OPENCODE_MANAGED_DIR, OPENCODE_PIN } from "./package-pin.js";
import { openCodeRegistrations } from "./registrations.js";
import { openCodeCodeHooks } from "./code-hooks.js";
import { checkOpenCodePlugin } from "./dialect/plugin-audit.js";
import { OPENCODE_PLUGIN_FOLDERS } from "./plugin-wrap.js";

export const openCodeHarness: HarnessEntry = {
  id: "opencode",
  aliases: ["opencode-ai"],
  displayName: "OpenCode",
  dialect: openCodeDialect,
  package: OPENCODE_PIN,
  binEnv: OPENCODE_BIN_ENV,
  capabilities: OPENCODE_CAPABILITIES,
  // 1.18.33 reads managed config from /etc/opencode over every other layer (a run points it elsewhere).
  managedSettingsDirs: [OPENCODE_MANAGED_DIR],
  markers: [".opencode", "opencode.json", "opencode.jsonc"],
  weakMarkers: [],
  explainSource: "registrations",
  noConformance:
    "its hooks are in-process plugin functions: no command, matcher or registration file for the corpus to vary; its corpus is plugin cases instead (codeHooks.conformance, conformance-cases.ts)",
  readRegistrations: openCodeRegistrations,
  // Its hooks are plugin files: each is checked by OpenCode's own rules (dialect/plugin-audit.ts).
  hookFileAudit: {
    files: ".opencode/plugin/*.{ts,js}",
    find: (_root, glob) =>
      glob(OPENCODE_PLUGIN_FOLDERS.flatMap((f) => [`**/.opencode/${f}/*.ts`, `**/.opencode/${f}/*.js`]))
        .filter((path) => !path.endsWith(".d.ts"))
        .map((path) => ({ path, role: "hooks-file", source: "plugin" })),
    check: (input) => checkOpenCodePlugin({ path: input.hookFile.path, file: input.file, text: input.text }),
  },
  surface: openCodeSurface,
  codeHooks: openCodeCodeHooks,
  driftRecheck:
    "re-run your OpenCode harness tests: the --format json events, the plugin loader and the hook triggers may have moved",
  loadAdapter: async () => (await import("./adapter.js")).opencodeAdapter,
};
