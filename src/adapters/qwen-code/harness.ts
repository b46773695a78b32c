/** Qwen Code's line of the harness registry. */
import { dirname } from "node:path";
import type { HarnessEntry } from "../harness-entry.js";
import { QWEN_CAPABILITIES } from "./capabilities.js";
import { qwenConformance } from "./conformance.js";
import { qwenDialect } from "./dialect.js";
import { qwenSurface } from "./surface.js";
import { QWEN_MANAGED_DIR } from "./managed-settings.js";
import { QWEN_BIN_ENV, QWEN_PIN } from "./package-pin.js";
import { qwenRegistrations, qwenSwitchedOff } from "./registrations.js";

export const qwenHarness: HarnessEntry = {
  id: "qwen-code",
  aliases: ["qwen"],
  displayName: "Qwen Code",
  dialect: qwenDialect,
  package: QWEN_PIN,
  binEnv: QWEN_BIN_ENV,
  capabilities: QWEN_CAPABILITIES,
  managedSettingsDirs: [QWEN_MANAGED_DIR],
  markers: [".qwen", "QWEN.md"],
  weakMarkers: [],
  explainSource: "registrations",
  conformance: qwenConformance,
  readRegistrations: qwenRegistrations,
  // Claude-shaped settings: the shared catalogue reads them with the dialect (no rules of its own).
  hookFileAudit: {
    files: ".qwen/settings.json",
    find: (_root, glob) =>
      glob(["**/.qwen/settings.json"]).map((path) => ({
        path,
        role: "settings",
        source: "project settings",
        projectDir: dirname(dirname(path)),
      })),
  },
  registrationGate: (root) => ({ skip: qwenSwitchedOff(root) }),
  surface: qwenSurface,
  driftRecheck:
    "re-run your Qwen Code harness tests: the stream-json events, the hook matcher and timeout rules and the chat-completions wire the mock speaks may have moved",
  loadAdapter: async () => (await import("./adapter.js")).qwenAdapter,
};
