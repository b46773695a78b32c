/**
 * The static audit: discover the harness under a directory, read every part with a real parser,
 * and run the lint catalogue over it. Nothing runs.
 */
import { statSync } from "node:fs";
import { readInputText } from "../../runtime/read-input.js";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { expandVariables, findScriptWord, resolveScriptPath } from "../../core/audit/command-words.js";
import type { HookFileInput, HookRegistration } from "../../core/audit/hooks-config.js";
import { lintHarness, type SkillInput } from "../../core/audit/lint-harness.js";
import type { AgentInput } from "../../core/audit/rules/plugin-agent.js";
import type { HookScriptInput } from "../../core/audit/rules/hook-script.js";
import { languageOf } from "../../core/audit/source-scan.js";
import type { LintFinding } from "../../core/audit/types.js";
import { VigilesError } from "../../core/errors.js";
import { substitutePluginVariables } from "../../core/dialect.js";
import { DEFAULT_HARNESS, HARNESSES, dialectOf, harnessEntry } from "../../adapters/registry.js";
import type { ClaudeUse } from "../../adapters/harness-entry.js";
import { ownRuleRegistrations } from "./own-rule-files.js";
import { checkOwnRuleRegistrations } from "../../core/audit/rules/hook-dialect-source.js";
import { discoverHarness, skillFolder, type Discovery, DEFAULT_AUDIT_IGNORE } from "./discover.js";
import { readFrontmatterLikeClaudeCode as readFrontmatter } from "../../core/audit/frontmatter-recovery.js";
import { localPythonModules } from "./python-modules.js";
import { hookModulesOf } from "./hook-modules.js";
import { handlerDirOf, projectDirOf } from "../../core/audit/project-dir.js";
import type { HandlerDir } from "../../core/audit/rules/hook-cwd.js";
import { evalSuitesOf } from "./eval-suites.js";
import { checkStrayHookFile } from "../../core/audit/rules/hook-file-not-loaded.js";
import { isPersonalHookFile } from "./personal-file.js";

/** Largest hook source read for the source rules. */
const MAX_SOURCE_BYTES = 1024 * 1024;

/** Options of `auditHarness`. */
export interface AuditOptions {
  /** Glob patterns (relative to the root) never searched; defaults to {@link DEFAULT_AUDIT_IGNORE}. */
  readonly ignore?: readonly string[];
  /** Threshold of `description-overlap` (default 0.5). */
  readonly overlapDistance?: number;
  /** Oldest Python a `python3` hook is checked against (default "3.9"). */
  readonly pythonMinimum?: string;
}

/** The result of a static audit. Finding paths are relative to `root`, with `/` separators. */
export interface AuditReport {
  readonly root: string;
  readonly findings: LintFinding[];
  readonly registrations: HookRegistration[];
  readonly discovery: Discovery;
  readonly summary: { readonly errors: number; readonly warnings: number; readonly notes: number };
}

/** The audited directory does not exist or is not a directory. */
export class AuditRootError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_AUDIT_ROOT", message);
  }
}

/** The path a finding names: relative to the root with `/`, or absolute when outside it. */
export function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.startsWith("..") || isAbsolute(rel) ? path : rel.split(sep).join("/");
}

function read(path: string): string {
  return readInputText(path, "the harness file");
}

/**
 * The script a registration runs, as on disk. `fromProject`: a hook file whose harness runs its
 * commands from the project (Copilot CLI's repository hooks) resolves a relative path there, and a
 * plugin-root placeholder of the dialect (Gemini's `${extensionPath}`) is the plugin's root. A
 * handler that names its own directory (the dialect's `cwdField`) runs its command there, so a
 * relative script resolves against that directory; the variables the harness sets in the hook's
 * environment (`dialect.hookEnv`: `$COPILOT_PROJECT_DIR`) are expanded.
 */
function scriptOf(reg: HookRegistration, root: string, fromProject = false): HookScriptInput | undefined {
  const command = reg.command ?? (reg.args ? reg.args.map((a) => JSON.stringify(a)).join(" ") : undefined);
  if (command === undefined) return undefined;
  const word = findScriptWord(command);
  if (word === undefined) return undefined;
  let value = word.word.value;
  if (fromProject || reg.cwd !== undefined) {
    if (reg.pluginRoot !== undefined)
      value = substitutePluginVariables(reg.dialect, value, {
        pluginRoot: reg.pluginRoot,
        projectDir: projectDirOf(reg, root),
        pathSeparator: sep,
      });
    const env = reg.dialect.hookEnv(projectDirOf(reg, root));
    value = expandVariables(value, (name) => (Object.hasOwn(env, name) ? env[name] : undefined));
    // A bare program name (`guard.sh`) is looked up on PATH, not in the directory.
    if (word.direct && !value.includes("/")) return undefined;
    if (!/^[/$~]/.test(value)) value = resolve(handlerDirOf(reg, root), value);
  }
  const path = resolveScriptPath(value, {
    ...(reg.pluginRoot !== undefined && { pluginRoot: reg.pluginRoot }),
    projectDir: projectDirOf(reg, root),
  });
  if (path === undefined) return undefined;
  let exists = false;
  let executable = false;
  let source: string | undefined;
  try {
    const st = statSync(path);
    exists = st.isFile();
    executable = (st.mode & 0o111) !== 0;
    if (exists && st.size <= MAX_SOURCE_BYTES) source = read(path);
  } catch {
    exists = false;
  }
  const language = languageOf(path, source ?? "");
  const python =
    language === "python" && source !== undefined
      ? localPythonModules(path, source, reg.pluginRoot ?? root)
      : undefined;
  return {
    registration: reg,
    file: displayPath(root, path),
    direct: word.direct,
    ...(word.interpreter !== undefined && { interpreter: word.interpreter }),
    exists,
    executable,
    ...(source !== undefined && { source }),
    language,
    ...(python !== undefined && {
      modules: python.modules.map((m) => ({ file: displayPath(root, m.path), source: m.source })),
      localModuleNames: python.localNames,
    }),
  };
}

/**
 * The directory a handler names for its command, as on disk; undefined when it names none, or one
 * outside the audited tree (the audit cannot know the user's disk there).
 */
function handlerDir(reg: HookRegistration, root: string): HandlerDir | undefined {
  if (reg.cwd === undefined) return undefined;
  const path = handlerDirOf(reg, root);
  const rel = relative(root, path);
  if (rel.startsWith("..") || isAbsolute(rel)) return undefined;
  let exists = false;
  try {
    exists = statSync(path).isDirectory();
  } catch {
    exists = false;
  }
  return { file: displayPath(root, path) || ".", exists };
}

/**
 * Audits the harness under `dir` without running anything.
 *
 * @example
 * const report = auditHarness("./my-plugin");
 * if (report.summary.errors > 0) console.error(formatHuman(report));
 */
export function auditHarness(dir: string, options: AuditOptions = {}): AuditReport {
  const root = auditRoot(dir);
  const discovery = discoverHarness(root, options.ignore ?? DEFAULT_AUDIT_IGNORE);
  const skills = discovery.skills.map((s) => skillInput(root, s));
  const embedded = embeddedHookFiles(root, discovery);
  // A harness whose hook files have rules of their own (Copilot, Gemini) is read by them; the
  // shared hook-config catalogue reads the rest with each file's dialect.
  const ownRules = (h: Discovery["hookFiles"][number]) => harnessEntry(h.harness).hookFileAudit.check;
  const catalogueFiles = discovery.hookFiles.filter((h) => ownRules(h) === undefined);
  const ownRuleFiles = discovery.hookFiles.filter((h) => ownRules(h) !== undefined);
  const { findings, registrations } = lintHarness({
    hookFiles: [
      ...catalogueFiles.map((h) => ({
        file: displayPath(root, h.path),
        text: read(h.path),
        dialect: dialectOf(h.harness),
        role: h.role,
        ...(h.pluginRoot !== undefined && { pluginRoot: h.pluginRoot }),
        ...(h.projectDir !== undefined && { projectDir: relativeDir(root, h.projectDir) }),
        ...(isPersonalHookFile(h) && { personal: true }),
      })),
      ...embedded,
    ],
    manifests: discovery.plugins.map((p) => ({
      file: displayPath(root, p.manifest),
      text: read(p.manifest),
    })),
    skills,
    agents: discovery.agents.map((a) => agentInput(root, a)),
    workflows: discovery.workflows.map((w) => ({
      file: displayPath(root, w.path),
      baseName: basename(w.path, ".js"),
      text: read(w.path),
    })),
    resolveScript: (reg) => scriptOf(reg, root),
    resolveHandlerDir: (reg) => handlerDir(reg, root),
    hookModules: catalogueFiles.flatMap((h) =>
      hookModulesOf(h.path).map((m) => ({ file: displayPath(root, m.path), source: m.source })),
    ),
    evalSuites: evalSuitesOf(root, discovery),
    ...(options.overlapDistance !== undefined && { overlapDistance: options.overlapDistance }),
    ...(options.pythonMinimum !== undefined && { pythonMinimum: options.pythonMinimum }),
  });
  const claudeUses = claudeUsesByScript(root, registrations);
  for (const h of ownRuleFiles) {
    const check = ownRules(h);
    const file = displayPath(root, h.path);
    const text = read(h.path);
    findings.push(
      ...(check?.({
        root,
        hookFile: h,
        file,
        text,
        claudeUsesOf: (p) => claudeUses.get(p) ?? [],
        dialect: dialectOf(h.harness),
      }) ?? []),
    );
    // Their command hooks join the registrations, so `--run` probes them in their own dialect.
    const projectDir = h.projectDir !== undefined ? relativeDir(root, h.projectDir) : undefined;
    const own = ownRuleRegistrations(h, file, text, projectDir);
    findings.push(...own.findings);
    findings.push(
      ...checkOwnRuleRegistrations(
        own.registrations,
        (reg) => scriptOf(reg, root, true),
        (reg) => handlerDir(reg, root),
      ),
    );
    registrations.push(...own.registrations);
  }
  for (const stray of discovery.strayHookFiles) {
    const entry = harnessEntry(stray.harness);
    findings.push(
      ...checkStrayHookFile({
        file: displayPath(root, stray.path),
        text: read(stray.path),
        harness: entry.displayName,
        loads: stray.loads ?? entry.hookFileAudit.files,
        ...(stray.kind !== undefined && { kind: stray.kind }),
      }),
    );
  }
  return { root, findings, registrations, discovery, summary: summarize(findings) };
}

/** The audited directory, absolute; refused when it is not a directory. */
function auditRoot(dir: string): string {
  const root = resolve(dir);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir)
    throw new AuditRootError(
      `Cannot audit "${dir}": it is not a directory. Pass the repository or plugin directory.`,
    );
  return root;
}

function skillInput(root: string, s: Discovery["skills"][number]): SkillInput {
  const text = read(s.path);
  const fm = readFrontmatter(text);
  const folderName = skillFolder(s.path);
  const id = s.plugin?.name !== undefined ? `${s.plugin.name}:${folderName}` : folderName;
  return {
    file: displayPath(root, s.path),
    folderName,
    id,
    ...(fm.data !== undefined && { frontmatter: fm.data }),
    ...(fm.error !== undefined && { frontmatterError: fm.error }),
    keyRanges: fm.keyRanges,
    text,
    ...(s.plugin !== undefined && pluginSkillHome(s.plugin.manifest)),
  };
}

/**
 * The project skill folder of the harness a plugin is for, from the registry: the harness whose
 * markers name the manifest's folder (`.claude-plugin`), and its own folder (its first home dir).
 */
function pluginSkillHome(manifest: string): { pluginHome?: string } {
  const folder = basename(dirname(manifest));
  const home = HARNESSES.find((h) => h.markers.includes(folder))?.homeDirs?.[0];
  return home !== undefined ? { pluginHome: home } : {};
}

function agentInput(root: string, a: Discovery["agents"][number]): AgentInput {
  const text = read(a.path);
  const fm = readFrontmatter(text);
  const name = typeof fm.data?.["name"] === "string" ? (fm.data["name"] as string) : basename(a.path, ".md");
  return {
    file: displayPath(root, a.path),
    name,
    inPlugin: a.plugin !== undefined,
    frontmatter: fm.data ?? {},
    keyRanges: fm.keyRanges,
    text,
  };
}

/**
 * Hooks registered in the frontmatter of skills and project agents (plugin agents' are ignored,
 * which plugin-agent-fields reports): they go through the same rules, pointed at the `hooks` key.
 */
function embeddedHookFiles(root: string, discovery: Discovery): HookFileInput[] {
  const embedded: HookFileInput[] = [];
  const embed = (path: string, pluginRoot: string | undefined) => {
    const fm = readFrontmatter(read(path));
    const hooks = fm.data?.["hooks"];
    if (hooks === undefined) return;
    embedded.push({
      file: displayPath(root, path),
      text: JSON.stringify({ hooks }),
      dialect: dialectOf(),
      role: "hooks-file",
      ...(pluginRoot !== undefined && { pluginRoot }),
      embeddedAt: fm.keyRanges["hooks"] ?? { line: 1, column: 1 },
    });
  };
  for (const s of discovery.skills) embed(s.path, s.plugin?.root);
  for (const a of discovery.agents) if (a.plugin === undefined) embed(a.path, undefined);
  return embedded;
}

/** Each Claude Code hook script that exists (absolute path) -> the registrations that run it. */
function claudeUsesByScript(
  root: string,
  registrations: readonly HookRegistration[],
): Map<string, ClaudeUse[]> {
  const claudeUses = new Map<string, ClaudeUse[]>();
  for (const reg of registrations) {
    if (reg.harness !== DEFAULT_HARNESS.id) continue;
    const script = scriptOf(reg, root);
    if (!script?.exists) continue;
    const path = resolve(root, script.file);
    claudeUses.set(path, [...(claudeUses.get(path) ?? []), { event: reg.event, file: reg.file }]);
  }
  return claudeUses;
}

/** `dir` relative to `root` with `/` separators (`""` for the root itself). */
function relativeDir(root: string, dir: string): string {
  return relative(root, dir).split(sep).join("/");
}

/** Counts findings by severity. */
export function summarize(findings: readonly LintFinding[]): AuditReport["summary"] {
  return {
    errors: findings.filter((f) => f.severity === "error").length,
    warnings: findings.filter((f) => f.severity === "warning").length,
    notes: findings.filter((f) => f.severity === "note").length,
  };
}
