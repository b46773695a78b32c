/**
 * Gemini CLI's release surface, read from its bundle: the hook events are the members of its
 * `HookEventName` enum; the flags, settings keys, stream events and variables are the ones this
 * adapter passes, writes or reads (launch.ts, prepare.ts, stream/), looked for by name.
 */
import type { ReleaseSurface } from "../../core/surface.js";
import type { HarnessSurface } from "../harness-entry.js";
import {
  enumMembers,
  readEventListSurface,
  releaseFiles,
  type SurfaceCandidates,
} from "../shared/surface-kit.js";
import { PINNED_SURFACE } from "./dialect/surface.js";

export const GEMINI_SURFACE_CANDIDATES: SurfaceCandidates = {
  "cli-flag": ["--output-format", "--yolo"],
  "stream-event": ["tool_use", "tool_result", "policy_violation", "stop_execution"],
  "settings-key": [
    "hooksConfig",
    "usageStatisticsEnabled",
    "enableAutoUpdate",
    "enableAutoUpdateNotification",
  ],
  "env-var": [
    "GEMINI_API_KEY",
    "GOOGLE_GEMINI_BASE_URL",
    "GEMINI_CLI_HOME",
    "GEMINI_CLI_NO_RELAUNCH",
    "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
    "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
    "GEMINI_CLI_TRUST_WORKSPACE",
    "GEMINI_PROJECT_DIR",
  ],
};

/** Reads the surface of the Gemini CLI release whose entry script is `entryPath`. */
export function extractGeminiSurface(entryPath: string, version: string): ReleaseSurface {
  return readEventListSurface(
    {
      harness: "gemini",
      candidates: GEMINI_SURFACE_CANDIDATES,
      presenceOnly: [],
      events: (text) => enumMembers(text, "HookEventName"),
    },
    releaseFiles(entryPath),
    version,
    entryPath,
  );
}

export const geminiSurface: HarnessSurface = {
  pinned: PINNED_SURFACE,
  dataFile: "src/adapters/gemini-cli/dialect/surface.ts",
  streamChecks: {
    tool_use: ["`tool()`", "`r.toolCalls`"],
    tool_result: ["`tool()`", "`r.toolCalls`"],
    policy_violation: ["`blocked()`"],
  },
  extract: async (entryPath, version) => extractGeminiSurface(entryPath, version),
};
