/**
 * `copilotAdapter`: GitHub Copilot CLI behind the adapter port, in BYOK mode against the mock. Pass
 * it as `{ adapter: copilotAdapter }`. What Copilot cannot report (hook fires in its stream, skill
 * selection) or has no measured mapping for (effort, plugins, skills) is declared here as data, and
 * fails loudly when asked for.
 */
import type { HarnessAdapter } from "../port.js";
import { COPILOT_CAPABILITIES } from "./capabilities.js";
import { diagnoseCopilotRun } from "./diagnose.js";
import { copilotFactProbes } from "./fact-probes.js";
import { COPILOT_PIN } from "./package-pin.js";
import { buildCopilotLaunch } from "./launch.js";
import { findCopilotManagedSettings } from "./managed-settings.js";
import { startCopilotMock } from "./mock/server.js";
import { prepareCopilotRun, type CopilotPrepareOptions } from "./prepare.js";
import { resolveCopilot } from "./resolve.js";
import { createCopilotStreamReader } from "./stream/stream-reader.js";

/** Options of {@link createCopilotAdapter}. */
export type CopilotAdapterOptions = CopilotPrepareOptions;

/**
 * A Copilot adapter with options; `copilotAdapter` is `createCopilotAdapter()`.
 *
 * @example
 * // Reproduce an untrusted checkout: Copilot then skips the repository's hooks without a word.
 * const untrusted = createCopilotAdapter({ trustWorkDir: false });
 */
export function createCopilotAdapter(options: CopilotAdapterOptions = {}): HarnessAdapter {
  return {
    ...copilotAdapterWithoutProbes(options),
    factProbes: copilotFactProbes(copilotAdapterWithoutProbes({ ...options, trustWorkDir: false })),
  };
}

function copilotAdapterWithoutProbes(options: CopilotAdapterOptions): HarnessAdapter {
  return {
    id: "copilot-cli",
    displayName: "GitHub Copilot CLI",
    pinnedPackage: COPILOT_PIN,
    capabilities: COPILOT_CAPABILITIES,
    resolve: (resolveOptions) => resolveCopilot(resolveOptions),
    prepare: (spec, dirs) => prepareCopilotRun(spec, dirs, options),
    launch: (input) => buildCopilotLaunch(input),
    createStreamReader: (dirs) => createCopilotStreamReader(dirs),
    diagnose: (summary, proc, requests) => diagnoseCopilotRun(summary, proc, requests),
    findManagedRouting: () => findCopilotManagedSettings(),
    startMock: (script, mockOptions) => startCopilotMock(script, mockOptions ?? {}),
  };
}

/**
 * The GitHub Copilot CLI adapter.
 *
 * @example
 * import { runHarnessTest } from "vigiles";
 * import { copilotAdapter } from "vigiles/copilot";
 * await runHarnessTest(spec, { adapter: copilotAdapter });
 */
export const copilotAdapter: HarnessAdapter = createCopilotAdapter();
