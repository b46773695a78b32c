/**
 * Qwen Code's release surface, read from its package's scripts: the hook events are the members of
 * its `HookEventName` enum; the flags, settings keys, stream events and variables are the ones this
 * adapter passes, writes or reads (launch.ts, prepare.ts, stream/), looked for by name. Its tools are
 * read as "which of the pinned tools it still names" (the bundle has no tool-name table to read).
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
import { QWEN_BUILTIN_TOOLS } from "./dialect/tools.js";

export const QWEN_SURFACE_CANDIDATES: SurfaceCandidates = {
  "cli-flag": [
    "--allowed-tools",
    "--auth-type",
    "--exclude-tools",
    "--max-session-turns",
    "--openai-api-key",
    "--openai-base-url",
    "--output-format",
    "--yolo",
  ],
  "stream-event": ["assistant", "result", "system"],
  "settings-key": ["usageStatisticsEnabled", "enableAutoUpdate", "disableAllHooks"],
  "env-var": [
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_MODEL",
    "QWEN_CODE_NO_RELAUNCH",
    "QWEN_CODE_SYSTEM_SETTINGS_PATH",
    "QWEN_CODE_SYSTEM_DEFAULTS_PATH",
    "QWEN_CODE_TRUSTED_FOLDERS_PATH",
    "QWEN_PROJECT_DIR",
  ],
  tool: QWEN_BUILTIN_TOOLS,
};

/** Reads the surface of the Qwen Code release whose entry script is `entryPath`. */
export function extractQwenSurface(entryPath: string, version: string): ReleaseSurface {
  return readEventListSurface(
    {
      harness: "qwen-code",
      candidates: QWEN_SURFACE_CANDIDATES,
      presenceOnly: ["tool"],
      events: (text) => enumMembers(text, "HookEventName"),
    },
    releaseFiles(entryPath),
    version,
    entryPath,
  );
}

export const qwenSurface: HarnessSurface = {
  pinned: PINNED_SURFACE,
  dataFile: "src/adapters/qwen-code/dialect/surface.ts",
  streamChecks: { assistant: ["`tool()`", "`r.toolCalls`"], result: ["`output()`"] },
  extract: async (entryPath, version) => extractQwenSurface(entryPath, version),
};
