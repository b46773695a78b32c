/**
 * Claude Code's release surface, read from its binary (a Bun executable whose bundled JS is stored as
 * text). Hook events come from the event catalogue the `/hooks` menu reads (`<Event>:{summary:"…"`,
 * with `matcherMetadata:{values:[…]}` where the event lists matcher values); tools from the canonical
 * tool-name list, the sorted array just before the legacy-name map `{Task:"Agent",…}` (2.1.328 has
 * it; a release without it has its tools read as "which of the pinned tools it still names"). The
 * flags, variables, stream events and settings keys are the ones this adapter passes or reads; the
 * `claude plugin eval` suite format is read from its bundled schema (./surface-eval-suite.ts).
 */
import type { ReleaseSurface, SurfaceEntry, SurfaceKind } from "../../core/surface.js";
import { surfaceNames } from "../../core/surface.js";
import type { HarnessSurface } from "../harness-entry.js";
import {
  assembleSurface,
  releaseFiles,
  releaseText,
  stringLiterals,
  type SurfaceCandidates,
} from "../shared/surface-kit.js";
import { PINNED_SURFACE as CLAUDE_CODE_SURFACE } from "./dialect/surface.js";
import { evalSuiteEntries } from "./surface-eval-suite.js";

/** What this adapter relies on (launch.ts, flag-settings.ts, stream/parse-stream.ts), looked for by name. */
export const CLAUDE_CODE_SURFACE_CANDIDATES: SurfaceCandidates = {
  "cli-flag": [
    "--include-hook-events",
    "--input-format",
    "--max-turns",
    "--model",
    "--output-format",
    "--permission-mode",
    "--plugin-dir",
    "--settings",
    "--verbose",
  ],
  "stream-event": ["hook_started", "hook_response", "hook_no_verdict"],
  "settings-key": [
    "disableAllHooks",
    "allowManagedHooksOnly",
    "allowedHttpHookUrls",
    "skipWebFetchPreflight",
  ],
  "env-var": [
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_API_KEY",
    "CLAUDE_CODE_USE_BEDROCK",
    "CLAUDE_CODE_USE_VERTEX",
    "CLAUDE_CODE_USE_FOUNDRY",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
    "CLAUDE_CODE_EFFORT_LEVEL",
    "CLAUDE_CODE_MANAGED_SETTINGS_PATH",
    "CLAUDE_CODE_TMPDIR",
    "CLAUDE_PROJECT_DIR",
    "CLAUDE_PLUGIN_ROOT",
    "DISABLE_AUTOUPDATER",
    "DISABLE_TELEMETRY",
    "DISABLE_ERROR_REPORTING",
    "IS_SANDBOX",
  ],
};

const CATALOGUE_ENTRY = /([A-Z][A-Za-z]+):\{summary:"/g;
const MATCHER_METADATA = "matcherMetadata:{";
// Releases before 2.1.328 name the subject first (`fieldToMatch:"tool_name",values:…`); only the
// values are kept, so that spelling change is no difference.
const SUBJECT_FIELD = /^fieldToMatch:"[^"]*",/;

/** The `values:` source after `from` (a bracketed list, nested brackets kept, or a variable name). */
function matcherValues(text: string, from: number, end: number): string | undefined {
  const at = text.indexOf(MATCHER_METADATA, from);
  if (at < 0 || at >= end) return undefined;
  let start = at + MATCHER_METADATA.length;
  start += SUBJECT_FIELD.exec(text.slice(start, start + 80))?.[0].length ?? 0;
  if (!text.startsWith("values:", start)) return "";
  start += "values:".length;
  if (text[start] !== "[") return /^[\w$]+/.exec(text.slice(start, start + 64))?.[0] ?? "";
  let depth = 0;
  for (let i = start; i < end; i++) {
    if (text[i] === "[") depth++;
    else if (text[i] === "]" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** Each catalogue event, with its matcher values (`…` where the list is spliced in at run time). */
function hookEvents(text: string): SurfaceEntry[] {
  const hits = [...text.matchAll(CATALOGUE_ENTRY)];
  return hits.map((hit, i) => {
    const end = Math.min(hits[i + 1]?.index ?? Infinity, hit.index + 20_000);
    const list = matcherValues(text, hit.index, end);
    if (list === undefined) return { kind: "hook-event", name: hit[1]! };
    const literal = list.startsWith("[") ? stringLiterals(list) : [];
    const spliced = !list.startsWith("[") || list.includes("...");
    const shown = [...literal, ...(spliced ? ["…"] : [])].join(",");
    return { kind: "hook-event", name: hit[1]!, detail: `matcher values: ${shown || "(none listed)"}` };
  });
}

/**
 * The canonical tool names (undefined when the release has no such list) and the legacy names its
 * `{Task:"Agent",…}` map still accepts.
 */
function toolLists(text: string): { canonical?: string[]; legacy: string[] } {
  const map = /(\],)?[\w$]+=\{Task:"Agent"[^}]*\}/.exec(text);
  if (map === null) return { legacy: [] };
  const legacy = Object.keys(legacyNames(map[0]));
  if (map[1] === undefined) return { legacy };
  const open = text.lastIndexOf("[", map.index);
  return { canonical: stringLiterals(text.slice(open, map.index)), legacy };
}

function legacyNames(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([A-Za-z]+):"([A-Za-z]+)"/g)) out[m[1]!] = m[2]!;
  return out;
}

/** Reads the surface of the Claude Code release whose binary is `entryPath`. */
export function extractClaudeCodeSurface(
  entryPath: string,
  version: string,
  pinned: ReleaseSurface = CLAUDE_CODE_SURFACE,
): ReleaseSurface {
  const files = releaseFiles(entryPath);
  const text = releaseText(files);
  const events = hookEvents(text);
  const { canonical, legacy } = toolLists(text);
  const tools = [...new Set([...(canonical ?? []), ...legacy])].map((name): SurfaceEntry => ({
    kind: "tool",
    name,
  }));
  const presenceOnly: SurfaceKind[] = canonical === undefined ? ["tool"] : [];
  const candidates: SurfaceCandidates = {
    ...CLAUDE_CODE_SURFACE_CANDIDATES,
    ...(canonical === undefined ? { tool: surfaceNames(pinned, "tool") } : {}),
  };
  return assembleSurface(
    "claude-code",
    version,
    text,
    { entries: [...events, ...tools, ...evalSuiteEntries(text)], presenceOnly },
    candidates,
    entryPath,
  );
}

export const claudeCodeSurface: HarnessSurface = {
  pinned: CLAUDE_CODE_SURFACE,
  dataFile: "src/adapters/claude-code/dialect/surface.ts",
  streamChecks: {
    hook_started: ["`hookFired()`", "`blocked()`", "`r.hooks`"],
    hook_response: ["`hookFired()`", "`blocked()`", "`r.hooks`"],
  },
  extract: async (entryPath, version) => extractClaudeCodeSurface(entryPath, version),
};
