/**
 * `vigiles/adapter`: the port a harness adapter implements, for a third harness.
 */
export type { Trace } from "../core/trace.js";
export type { ModelTurn, ModelTurnSource } from "../core/model-turn.js";

// --- the adapter port and capability matrix ---
export type {
  HarnessAdapter,
  HarnessCapabilities,
  ModelEndpoint,
  ModelScript,
  ModelScriptInput,
  ResolvedHarness,
  ResolveHarnessOptions,
  RunDirs,
  SessionSpec,
  McpStdioServer,
  HarnessLaunch,
  LaunchInput,
  StreamReader,
  StreamSummary,
  RunProblem,
  FinishedProcess,
  RunningMock,
  UnservedTurns,
} from "../adapters/port.js";
export { claudeCodeAdapter } from "../adapters/claude-code/adapter.js";
export { runHarnessSession } from "../tiers/harness/session.js";
export type { SessionOptions, SessionResult } from "../tiers/harness/session.js";
export type { ManagedSettingsBind } from "../runtime/confine.js";
export { traceFromSession } from "../tiers/harness/session-trace.js";
export type { SessionTrace, SessionTraceOptions } from "../tiers/harness/session-trace.js";
