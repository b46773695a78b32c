/**
 * GitHub Copilot CLI's release surface, read from its unpacked package (the npm package is a loader;
 * the CLI unpacks itself into vigiles' package cache, package-cache.ts). The hook events are the
 * `hooks.<event>` paths of the settings schema its native module embeds; the flags, settings keys,
 * stream events and variables are the ones this adapter passes, writes or reads (launch.ts,
 * prepare.ts, stream/), looked for by name across its scripts and native module.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { ReleaseSurface } from "../../core/surface.js";
import type { HarnessSurface } from "../harness-entry.js";
import {
  assembleSurface,
  entriesOf,
  firstGroups,
  releaseFiles,
  releaseText,
  SurfaceUnreadableError,
  type SurfaceCandidates,
} from "../shared/surface-kit.js";
import { PINNED_SURFACE } from "./dialect/surface.js";
import { ensureCopilotPackage } from "./package-cache.js";
import { COPILOT_LAUNCH_FLAGS, readCopilotFlags } from "./release-flags.js";

/** Names looked for by presence; the CLI flags are read by release-flags.ts (one reader for the launch too). */
export const COPILOT_SURFACE_CANDIDATES: SurfaceCandidates = {
  "stream-event": [
    "assistant.message",
    "assistant.turn_end",
    "session.error",
    "session.skills_loaded",
    "tool.execution_start",
    "tool.execution_complete",
    "hook.start",
  ],
  "settings-key": ["disableAllHooks"],
  "env-var": [
    "COPILOT_HOME",
    "COPILOT_MODEL",
    "COPILOT_PROVIDER_BASE_URL",
    "COPILOT_PROVIDER_API_KEY",
    "COPILOT_PROVIDER_TYPE",
    "COPILOT_PKG_CACHE_HOME",
    "COPILOT_SEA_EXTRACT_ONLY",
  ],
};

const HOOK_PATH = /"path":"hooks\.([A-Za-z]+)"/g;

/** The scripts and native modules of an unpacked package. */
function packageFiles(dir: string): string[] {
  const natives = (() => {
    try {
      return readdirSync(join(dir, "prebuilds"), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".node"))
        .map((f) => join(dir, "prebuilds", f));
    } catch {
      return [];
    }
  })();
  return [...releaseFiles(join(dir, "index.js")), ...natives];
}

/** Reads the surface of the Copilot CLI release unpacked in `dir`. */
export function extractCopilotSurfaceFrom(dir: string, version: string): ReleaseSurface {
  const flags = readCopilotFlags(dir);
  if (flags === undefined) throw new SurfaceUnreadableError("copilot-cli", version, dir);
  const text = releaseText(packageFiles(dir));
  const entries = [
    ...entriesOf("hook-event", firstGroups(text, HOOK_PATH)),
    ...entriesOf(
      "cli-flag",
      COPILOT_LAUNCH_FLAGS.filter((f) => flags.has(f)),
    ),
  ];
  return assembleSurface(
    "copilot-cli",
    version,
    text,
    { entries, presenceOnly: [] },
    COPILOT_SURFACE_CANDIDATES,
    dir,
  );
}

export const copilotSurface: HarnessSurface = {
  pinned: PINNED_SURFACE,
  dataFile: "src/adapters/copilot-cli/dialect/surface.ts",
  streamChecks: {
    "hook.start": ["`hookFired()`", "`blocked()`", "`r.hooks`"],
    "tool.execution_start": ["`tool()`", "`r.toolCalls`"],
    "tool.execution_complete": ["`tool()`", "`r.toolCalls`"],
    "assistant.message": ["`output()`"],
  },
  extract: async (entryPath, version) =>
    extractCopilotSurfaceFrom(await ensureCopilotPackage(entryPath, version), version),
};
