/**
 * Qwen Code's release surface, read from its package's scripts: the hook events are the members of
 * its `HookEventName` enum; the flags, settings keys, stream events and variables are the ones this
 * adapter passes, writes or reads (launch.ts, prepare.ts, stream/), looked for by name. Its tools are
 * the values of its `ToolNames` table (`SHELL: "run_shell_command"`, 0.24.4: every tool name it
 * knows, the off-by-default ones too); a release without that table has its tools read as "which of
 * the pinned tools it still names".
 */
import type { ReleaseSurface } from "../../core/surface.js";
import type { HarnessSurface } from "../harness-entry.js";
import {
  assembleSurface,
  entriesOf,
  enumMembers,
  releaseFiles,
  releaseText,
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

/** The bundled `var ToolNames = { SHELL: "run_shell_command", … }` (comments inside, no nested braces). */
const TOOL_TABLE = /\bvar ToolNames\d* = \{([^}]*)\}/;

/** The tool names of the release's `ToolNames` table, or undefined when it has none. */
export function qwenToolTable(text: string): string[] | undefined {
  const table = TOOL_TABLE.exec(text)?.[1];
  if (table === undefined) return undefined;
  const names = [...table.matchAll(/^\s*[A-Z][A-Z0-9_]*:\s*"([a-z][a-z0-9_]*)"/gm)].map((m) => m[1]!);
  return names.length === 0 ? undefined : [...new Set(names)];
}

/** Reads the surface of the Qwen Code release whose entry script is `entryPath`. */
export function extractQwenSurface(entryPath: string, version: string): ReleaseSurface {
  const text = releaseText(releaseFiles(entryPath));
  const tools = qwenToolTable(text);
  const { tool: _pinnedTools, ...rest } = QWEN_SURFACE_CANDIDATES;
  return assembleSurface(
    "qwen-code",
    version,
    text,
    {
      entries: [
        ...entriesOf("hook-event", enumMembers(text, "HookEventName")),
        ...entriesOf("tool", tools ?? []),
      ],
      presenceOnly: tools === undefined ? ["tool"] : [],
    },
    tools === undefined ? QWEN_SURFACE_CANDIDATES : rest,
    entryPath,
  );
}

export const qwenSurface: HarnessSurface = {
  pinned: PINNED_SURFACE,
  dataFile: "src/adapters/qwen-code/dialect/surface.ts",
  streamChecks: { assistant: ["`tool()`", "`r.toolCalls`"], result: ["`output()`"] },
  extract: async (entryPath, version) => extractQwenSurface(entryPath, version),
};
