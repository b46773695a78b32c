/**
 * `codexAdapter`: the Codex CLI behind the adapter port. Pass it as `{ adapter: codexAdapter }`.
 * What Codex cannot report (hook fires in its stream, skill selection) or has no measured mapping for
 * (effort) is declared here as data, and fails loudly when asked for.
 */
import { codexFactProbes } from "./fact-probes.js";
import type { HarnessAdapter } from "../port.js";
import { CODEX_CAPABILITIES } from "./capabilities.js";
import { findCodexManagedRouting } from "./config-routing.js";
import { diagnoseCodexRun } from "./diagnose.js";
import { CODEX_PIN } from "./package-pin.js";
import { buildCodexLaunch } from "./launch.js";
import { startCodexMock } from "./mock/server.js";
import { prepareCodexRun } from "./prepare.js";
import { resolveCodex } from "./resolve.js";
import { createCodexStreamReader } from "./stream/stream-reader.js";

/**
 * The Codex adapter.
 *
 * @example
 * import { runHarnessTest } from "vigiles";
 * import { codexAdapter } from "vigiles/codex";
 * await runHarnessTest(spec, { adapter: codexAdapter });
 */
export const codexAdapter: HarnessAdapter = {
  id: "codex",
  displayName: "Codex",
  pinnedPackage: CODEX_PIN,
  capabilities: CODEX_CAPABILITIES,
  // managed_config.toml (beats `-c` overrides) and requirements.toml.
  managedSettingsDir: "/etc/codex",
  resolve: (options) => resolveCodex(options),
  prepare: (spec, dirs) => prepareCodexRun(spec, dirs),
  launch: (input) => buildCodexLaunch(input),
  createStreamReader: (dirs) => createCodexStreamReader(dirs),
  diagnose: (summary, proc, requests) => diagnoseCodexRun(summary, proc, requests),
  findManagedRouting: () => findCodexManagedRouting(),
  factProbes: codexFactProbes,
  startMock: (script, options) => startCodexMock(script, options ?? {}),
};
