/**
 * `opencodeAdapter`: OpenCode behind the adapter port. Pass it as `{ adapter: opencodeAdapter }`.
 * Its hooks are in-process plugins; each project plugin is wrapped so its load and every hook call
 * are recorded (plugin-wrap.ts), since OpenCode prints neither.
 */
import type { HarnessAdapter } from "../port.js";
import { OPENCODE_CAPABILITIES } from "./capabilities.js";
import { diagnoseOpenCodeRun } from "./diagnose.js";
import { openCodeFactProbes } from "./fact-probes.js";
import { buildOpenCodeLaunch } from "./launch.js";
import { startOpenCodeMock } from "./mock/server.js";
import { OPENCODE_MANAGED_DIR, OPENCODE_PIN } from "./package-pin.js";
import { prepareOpenCodeRun } from "./prepare.js";
import { resolveOpenCode } from "./resolve.js";
import { createOpenCodeStreamReader } from "./stream/stream-reader.js";

/**
 * The OpenCode adapter.
 *
 * @example
 * import { runHarnessTest } from "vigiles";
 * import { opencodeAdapter } from "vigiles/opencode";
 * await runHarnessTest(spec, { adapter: opencodeAdapter });
 */
export const opencodeAdapter: HarnessAdapter = {
  id: "opencode",
  displayName: "OpenCode",
  pinnedPackage: OPENCODE_PIN,
  capabilities: OPENCODE_CAPABILITIES,
  // Masked in a confined run; never read in any run (launch.ts points the binary elsewhere).
  managedSettingsDir: OPENCODE_MANAGED_DIR,
  resolve: (options) => resolveOpenCode(options),
  prepare: (spec, dirs) => prepareOpenCodeRun(spec, dirs),
  launch: (input) => buildOpenCodeLaunch(input),
  createStreamReader: (dirs) => createOpenCodeStreamReader(dirs),
  diagnose: (summary, proc, requests) => diagnoseOpenCodeRun(summary, proc, requests),
  startMock: (script, options) => startOpenCodeMock(script, options ?? {}),
  factProbes: openCodeFactProbes,
};
