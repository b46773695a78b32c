/**
 * Writes one run's Claude Code configuration into its work dir: fixture files, then
 * `.claude/settings.json` (with `{cwd}` replaced by the work dir), skills under `.claude/skills`,
 * subagents under `.claude/agents`, and CLAUDE.md. HOME gets an empty `.claude` so nothing of the
 * user's own setup is read.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { InvalidOptionError } from "../../core/errors.js";
import type { RunDirs, SessionSpec } from "../port.js";
import { UnsafeEndpointError } from "./errors.js";

/** Settings keys that would route model traffic or credentials away from the run's endpoint. */
const ROUTING_ENV =
  /^(ANTHROPIC_|CLAUDE_CODE_USE_|CLAUDE_CODE_SKIP_.*_AUTH|AWS_|GOOGLE_|VERTEX_|HTTPS?_PROXY$|ALL_PROXY$)/i;

/** Replaces `{cwd}` in every string of a JSON value. */
export function replaceCwd(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return value.split("{cwd}").join(cwd);
  if (Array.isArray(value)) return value.map((v) => replaceCwd(v, cwd));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceCwd(v, cwd)]));
  }
  return value;
}

/** Refuses settings that would send model requests (or credentials) elsewhere. */
export function assertSettingsStayLocal(settings: Readonly<Record<string, unknown>>): void {
  if ("apiKeyHelper" in settings) throw new UnsafeEndpointError("settings set `apiKeyHelper`");
  if ("awsAuthRefresh" in settings || "awsCredentialExport" in settings) {
    throw new UnsafeEndpointError("settings set AWS credential helpers");
  }
  const env = settings["env"];
  if (typeof env === "object" && env !== null) {
    for (const key of Object.keys(env)) {
      if (ROUTING_ENV.test(key)) throw new UnsafeEndpointError(`settings.env sets ${key}`);
    }
  }
}

/** Environment names a spec may not set: they route model traffic or carry credentials. */
export function isRoutingEnvName(name: string): boolean {
  return ROUTING_ENV.test(name) || /^CLAUDE_CONFIG_DIR$|^CLAUDE_CODE_TMPDIR$|^HOME$/.test(name);
}

function safeJoin(root: string, rel: string, what: string): string {
  const norm = normalize(rel);
  if (isAbsolute(rel) || norm === ".." || norm.startsWith(`..${sep}`)) {
    throw new InvalidOptionError(
      `${what} path ${JSON.stringify(rel)} leaves the work dir; use a relative path inside it`,
    );
  }
  return join(root, norm);
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

export async function prepareClaudeRun(spec: SessionSpec, dirs: RunDirs): Promise<void> {
  await mkdir(join(dirs.homeDir, ".claude"), { recursive: true });
  for (const [rel, text] of Object.entries(spec.files ?? {})) {
    await put(safeJoin(dirs.workDir, rel, "fixture file"), text);
  }
  if (spec.settings !== undefined) {
    const settings = replaceCwd(spec.settings, dirs.workDir) as Record<string, unknown>;
    assertSettingsStayLocal(settings);
    await put(join(dirs.workDir, ".claude", "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
  }
  // Settings that came in as fixture files get the same check as the spec's own.
  for (const name of ["settings.json", "settings.local.json"]) {
    const path = join(dirs.workDir, ".claude", name);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch {
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue; // The CLI reports a malformed settings file itself.
    }
    if (typeof parsed === "object" && parsed !== null)
      assertSettingsStayLocal(parsed as Record<string, unknown>);
  }
  for (const [name, text] of Object.entries(spec.skills ?? {})) {
    await put(safeJoin(join(dirs.workDir, ".claude", "skills"), join(name, "SKILL.md"), "skill"), text);
  }
  for (const [name, text] of Object.entries(spec.agents ?? {})) {
    const file = name.endsWith(".md") ? name : `${name}.md`;
    await put(safeJoin(join(dirs.workDir, ".claude", "agents"), file, "agent"), text);
  }
  if (spec.instructions !== undefined) await put(join(dirs.workDir, "CLAUDE.md"), spec.instructions);
}
