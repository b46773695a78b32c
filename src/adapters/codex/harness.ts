/** Codex's line of the harness registry. */
import { dirname } from "node:path";
import type { HarnessEntry } from "../harness-entry.js";
import { keyOrLogin } from "../shared/paid-credentials.js";
import { codexConformance } from "./conformance.js";
import { CODEX_CAPABILITIES } from "./capabilities.js";
import { codexDialect } from "./dialect.js";
import { codexSurface } from "./surface.js";
import { CODEX_PIN, CODEX_BIN_ENV } from "./package-pin.js";
import { codexRegistrations } from "./registrations.js";

export const codexHarness: HarnessEntry = {
  id: "codex",
  aliases: ["codex-cli"],
  displayName: "Codex",
  dialect: codexDialect,
  package: CODEX_PIN,
  binEnv: CODEX_BIN_ENV,
  capabilities: CODEX_CAPABILITIES,
  managedSettingsDirs: ["/etc/codex"],
  homeDirs: [".codex", ".codex/sessions", ".codex/log"],
  markers: [".codex", ".agents/skills"],
  // Copilot CLI and others read AGENTS.md too, so it decides only where nothing else does.
  weakMarkers: ["AGENTS.md"],
  explainSource: "registrations",
  readRegistrations: codexRegistrations,
  hookFileAudit: {
    files: ".codex/hooks.json",
    find: (_root, glob) =>
      glob(["**/.codex/hooks.json"]).map((path) => ({
        path,
        role: "hooks-file",
        source: "hooks file",
        projectDir: dirname(dirname(path)),
      })),
  },
  paidCredentials: {
    subject: "paid tier (Codex)",
    find: keyOrLogin("OPENAI_API_KEY", [".codex", "auth.json"], "a Codex login (~/.codex/auth.json)"),
    missing: "no credentials (only needed for paid Codex evals)",
  },
  conformance: codexConformance,
  surface: codexSurface,
  driftRecheck:
    "re-run your Codex harness tests: the exec --json item types, the hook trust hash and the Responses API the mock speaks may have moved",
  loadAdapter: async () => (await import("./adapter.js")).codexAdapter,
};
