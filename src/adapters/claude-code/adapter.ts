/**
 * `claudeCodeAdapter`: Claude Code behind the adapter port. The default harness of every runner.
 */
import { claudeCodeFactProbes } from "./fact-probes.js";
import type { HarnessAdapter } from "../port.js";
import { CLAUDE_CODE_CAPABILITIES } from "./capabilities.js";
import { findManagedRouting } from "./managed-settings.js";
import { diagnoseClaudeRun } from "./diagnose.js";
import { CLAUDE_CODE_PIN } from "./package-pin.js";
import { buildClaudeLaunch } from "./launch.js";
import { startMockModel } from "./mock/server.js";
import { prepareClaudeRun } from "./prepare-run.js";
import { resolveHarness } from "./resolve-harness.js";
import { createClaudeStreamReader } from "./stream/stream-reader.js";

/**
 * The Claude Code adapter. Pass it (or nothing: it is the default) as `{ adapter }` to a runner.
 *
 * @example
 * await runHarnessTest(spec, { adapter: claudeCodeAdapter });
 */
export const claudeCodeAdapter: HarnessAdapter = {
  id: "claude-code",
  displayName: "Claude Code",
  pinnedPackage: CLAUDE_CODE_PIN,
  capabilities: CLAUDE_CODE_CAPABILITIES,
  // managed-settings.json and managed-settings.d/*.json (Linux; macOS /Library/Application Support/ClaudeCode).
  managedSettingsDir: "/etc/claude-code",
  resolve: (options) => resolveHarness(options),
  prepare: (spec, dirs) => prepareClaudeRun(spec, dirs),
  launch: (input) => buildClaudeLaunch(input),
  createStreamReader: () => createClaudeStreamReader(),
  diagnose: (summary, proc) => diagnoseClaudeRun(summary, proc),
  findManagedRouting: () => findManagedRouting(),
  factProbes: claudeCodeFactProbes,
  startMock: (script, options) => startMockModel(script, options ?? {}),
};
