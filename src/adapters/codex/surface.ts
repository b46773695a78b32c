/**
 * Codex's release surface, read from its native binary. Its hook events are the `hook_event_name`
 * constants of the hook input schemas the binary embeds (one JSON schema per event); the flags,
 * config keys, stream events and variables are the ones this adapter passes, writes or reads
 * (launch.ts, prepare.ts, config-routing.ts, stream/), looked for by name. Codex's tool list is not
 * pinned (its dialect has no `knownTools`), so it is not read.
 */
import type { ReleaseSurface } from "../../core/surface.js";
import type { HarnessSurface } from "../harness-entry.js";
import {
  firstGroups,
  readEventListSurface,
  releaseFiles,
  type SurfaceCandidates,
} from "../shared/surface-kit.js";
import { PINNED_SURFACE } from "./dialect/surface.js";

export const CODEX_SURFACE_CANDIDATES: SurfaceCandidates = {
  "cli-flag": ["--dangerously-bypass-approvals-and-sandbox", "--json", "--skip-git-repo-check"],
  "stream-event": [
    "thread.started",
    "turn.completed",
    "turn.failed",
    "item.started",
    "item.updated",
    "item.completed",
    "command_execution",
    "file_change",
    "mcp_tool_call",
  ],
  "settings-key": [
    "model_provider",
    "model_providers",
    "check_for_update_on_startup",
    "trusted_hash",
    "trust_level",
    "env_key",
    "base_url",
  ],
  "env-var": ["CODEX_HOME", "OPENAI_API_KEY", "OPENAI_BASE_URL"],
};

const EVENT_CONST = /"hook_event_name":\s*\{\s*"const":\s*"([A-Za-z]+)"/g;

/** Reads the surface of the Codex release whose binary is `entryPath`. */
export function extractCodexSurface(entryPath: string, version: string): ReleaseSurface {
  return readEventListSurface(
    {
      harness: "codex",
      candidates: CODEX_SURFACE_CANDIDATES,
      presenceOnly: [],
      events: (text) => firstGroups(text, EVENT_CONST),
    },
    releaseFiles(entryPath),
    version,
    entryPath,
  );
}

export const codexSurface: HarnessSurface = {
  pinned: PINNED_SURFACE,
  dataFile: "src/adapters/codex/dialect/surface.ts",
  streamChecks: {
    "item.started": ["`tool()`", "`r.toolCalls`"],
    "item.completed": ["`tool()`", "`r.toolCalls`"],
    command_execution: ["`tool()`", "`r.toolCalls`"],
    "turn.completed": ["`output()`"],
  },
  extract: async (entryPath, version) => extractCodexSurface(entryPath, version),
};
