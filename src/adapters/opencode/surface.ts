/**
 * OpenCode's release surface, read from its binary (a Bun executable with its JS stored as text):
 * the plugin events are the names it fires (`trigger("tool.execute.before",{…}` …); the flags, config
 * keys, stream events and variables are the ones this adapter passes, writes or reads (launch.ts,
 * prepare.ts, stream/), looked for by name, and so are the tools its dialect pins.
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
import { openCodeDialect } from "./dialect.js";

export const OPENCODE_SURFACE_CANDIDATES: SurfaceCandidates = {
  "cli-flag": ["--format"],
  "stream-event": ["step_start", "step_finish", "tool_use", "text"],
  "settings-key": ["plugin", "provider", "permission", "autoupdate", "share", "enterprise"],
  "env-var": [
    "OPENCODE_CONFIG",
    "OPENCODE_CONFIG_CONTENT",
    "OPENCODE_DISABLE_AUTOUPDATE",
    "OPENCODE_DISABLE_MODELS_FETCH",
    "OPENCODE_DISABLE_LSP_DOWNLOAD",
    "OPENCODE_DISABLE_SHARE",
    "OPENCODE_MODELS_PATH",
  ],
  tool: openCodeDialect.knownTools ?? [],
};

/**
 * A plugin hook's trigger: the name, then its input as an object literal (`trigger("chat.params",{…},
 * {…})`; every plugin trigger of 1.18.33 is so). The web UI's command triggers share the method name
 * but not that shape (`trigger("file.open")`, `trigger("file.open","palette")`, `trigger("tab.new",e)`)
 * and are no plugin events: a hook named after one never runs.
 */
const TRIGGER = /trigger\("([a-z][a-z.]*)",\{/g;

/** Reads the surface of the OpenCode release whose binary is `entryPath`. */
export function extractOpenCodeSurface(entryPath: string, version: string): ReleaseSurface {
  return readEventListSurface(
    {
      harness: "opencode",
      candidates: OPENCODE_SURFACE_CANDIDATES,
      presenceOnly: ["tool"],
      events: (text) => firstGroups(text, TRIGGER),
    },
    releaseFiles(entryPath),
    version,
    entryPath,
  );
}

export const openCodeSurface: HarnessSurface = {
  pinned: PINNED_SURFACE,
  dataFile: "src/adapters/opencode/dialect/surface.ts",
  streamChecks: { tool_use: ["`tool()`", "`r.toolCalls`"], text: ["`output()`"] },
  extract: async (entryPath, version) => extractOpenCodeSurface(entryPath, version),
};
