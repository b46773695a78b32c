/**
 * `geminiAdapter`: the Gemini CLI behind the adapter port. Pass it as `{ adapter: geminiAdapter }`.
 * What Gemini cannot report (hook fires in its stream) or has no measured mapping for (effort,
 * subagent parents) is declared here as data, and fails loudly when asked for.
 */
import type { HarnessAdapter } from "../port.js";
import { GEMINI_CAPABILITIES } from "./capabilities.js";
import { diagnoseGeminiRun } from "./diagnose.js";
import { geminiFactProbes } from "./fact-probes.js";
import { GEMINI_PIN } from "./package-pin.js";
import { buildGeminiLaunch } from "./launch.js";
import { startGeminiMock } from "./mock/server.js";
import { prepareGeminiRun } from "./prepare.js";
import { resolveGemini } from "./resolve.js";
import { createGeminiStreamReader } from "./stream/stream-reader.js";
import { GEMINI_MANAGED_DIR, findGeminiManagedSettings } from "./managed-settings.js";

/**
 * The Gemini CLI adapter.
 *
 * @example
 * import { runHarnessTest } from "vigiles";
 * import { geminiAdapter } from "vigiles/gemini";
 * await runHarnessTest(spec, { adapter: geminiAdapter });
 */
export const geminiAdapter: HarnessAdapter = {
  id: "gemini",
  displayName: "Gemini CLI",
  pinnedPackage: GEMINI_PIN,
  capabilities: GEMINI_CAPABILITIES,
  // 0.61.0 reads system settings, system defaults and `policies/*.toml` from here; a confined run
  // masks it (a spec's managedSettingsDir is bound there instead).
  managedSettingsDir: GEMINI_MANAGED_DIR,
  findManagedRouting: () => findGeminiManagedSettings(),
  resolve: (options) => resolveGemini(options),
  prepare: (spec, dirs) => prepareGeminiRun(spec, dirs),
  launch: (input) => buildGeminiLaunch(input),
  createStreamReader: (dirs) => createGeminiStreamReader(dirs),
  diagnose: (summary, proc, requests) => diagnoseGeminiRun(summary, proc, requests),
  startMock: (script, options) => startGeminiMock(script, options ?? {}),
  factProbes: geminiFactProbes,
};
