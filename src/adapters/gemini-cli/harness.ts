/** Gemini CLI's line of the harness registry. */
import type { HarnessEntry } from "../harness-entry.js";
import { geminiConformance } from "./conformance.js";
import { GEMINI_CAPABILITIES } from "./capabilities.js";
import { geminiDialect } from "./dialect.js";
import { geminiSurface } from "./surface.js";
import { geminiHookFileAudit } from "./dialect/audit-file.js";
import { GEMINI_PIN, GEMINI_BIN_ENV } from "./package-pin.js";
import {
  geminiExtensionRegistrations,
  geminiHookSwitches,
  geminiRegistrations,
  geminiSwitchedOff,
} from "./registrations.js";

export const geminiHarness: HarnessEntry = {
  id: "gemini",
  aliases: ["gemini-cli"],
  displayName: "Gemini CLI",
  dialect: geminiDialect,
  package: GEMINI_PIN,
  binEnv: GEMINI_BIN_ENV,
  capabilities: GEMINI_CAPABILITIES,
  managedSettingsDirs: ["/etc/gemini-cli"],
  homeDirs: [".gemini", ".gemini/tmp"],
  markers: [".gemini", "GEMINI.md", "gemini-extension.json"],
  weakMarkers: [],
  explainSource: "registrations",
  readRegistrations: geminiRegistrations,
  hookFileAudit: geminiHookFileAudit,
  readPluginRegistrations: geminiExtensionRegistrations,
  registrationGate: (root) => {
    const switches = geminiHookSwitches(root);
    return { skip: (r) => geminiSwitchedOff(switches, r) };
  },
  conformance: geminiConformance,
  surface: geminiSurface,
  driftRecheck:
    "re-run your Gemini CLI harness tests: the stream-json event types, the hook output fields and the Gemini API the mock speaks may have moved",
  loadAdapter: async () => (await import("./adapter.js")).geminiAdapter,
};
