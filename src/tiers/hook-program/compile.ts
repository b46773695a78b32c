/**
 * `compileHooks`: hook programs → registrations in `.claude/settings.json` (or a plugin's
 * `hooks/hooks.json`) with a direct `node` call (never npx: a registry look-up on every tool call is
 * too slow). Project settings run the program through the vigiles runtime installed in the project;
 * a plugin gets one self-contained bundle per program (`hooks/vigiles/<name>.mjs`), since an
 * installed copy of a plugin has no node_modules.
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { TOOL_EVENTS } from "../../core/hook-program/events.js";
import { bundleHookProgram, bundleName, BUNDLE_DIR, isBundleText } from "./bundle.js";
import { CompileError, type CompileProblem } from "./compile-error.js";
import { loadHook } from "./load.js";
import { forbiddenImports, HOOK_IMPORT } from "./imports.js";
import {
  bundleProblem,
  isHandEdited,
  orphanBundles,
  writeBundles,
  type PlannedBundle,
} from "./plugin-bundles.js";
import {
  findRegistrations,
  mergeRegistrations,
  type CompiledRegistration,
  type FoundRegistration,
  type HooksConfig,
} from "./registration.js";

export { CompileError, type CompileProblem } from "./compile-error.js";

/** Options of `compileHooks`: where the registrations are written (project settings or a plugin). */
export interface CompileHooksOptions {
  /** The project root (default: the process's cwd). Settings commands use `$CLAUDE_PROJECT_DIR` for paths under it. */
  readonly projectDir?: string;
  /**
   * Compile into this plugin's `hooks/hooks.json`: each program becomes one self-contained bundle,
   * `hooks/vigiles/<name>.mjs`, which its command runs as `node "${CLAUDE_PLUGIN_ROOT}/hooks/vigiles/<name>.mjs"`.
   */
  readonly pluginDir?: string;
  /** The settings file (default `<projectDir>/.claude/settings.json`); ignored with `pluginDir`. */
  readonly settingsFile?: string;
  /** Write nothing; report what differs (stale or hand-edited registrations and bundles). */
  readonly check?: boolean;
  /** Overwrite a compiled registration or bundle that was edited by hand. */
  readonly force?: boolean;
  /** The runtime file the settings commands run (default: the one installed with this package); not used with `pluginDir`. */
  readonly runtimeFile?: string;
  /** The node the commands start (default `node`). */
  readonly node?: string;
}

/** What `compileHooks` wrote (or, with `check`, would write) and any problems. */
export interface CompileHooksResult {
  /** The file written (or, with `check`, that would be). */
  readonly output: string;
  /** The config file or a bundle differs from what compile produces (with `check`: it is out of date). */
  readonly changed: boolean;
  readonly registrations: readonly CompiledRegistration[];
  /** The plugin bundles (absolute paths) compile wrote or checked; empty for project settings. */
  readonly bundles: readonly string[];
  readonly problems: readonly CompileProblem[];
  readonly warnings: readonly string[];
}

/** The runtime shipped with this package: beside this file in dist/, or dist/ when running from src/. */
export function installedRuntimeFile(): string {
  const here = fileURLToPath(new URL("./runtime.js", import.meta.url));
  if (existsSync(here)) return here;
  const fromSrc = fileURLToPath(new URL("../../../dist/tiers/hook-program/runtime.js", import.meta.url));
  if (existsSync(fromSrc)) return fromSrc;
  throw new CompileError(
    "VIGILES_COMPILE_NO_RUNTIME",
    `the hook runtime is missing (looked for ${here} and ${fromSrc}); run \`npm run build\` in the vigiles package.`,
  );
}

const quote = (text: string): string => `"${text.replace(/(["\\$`])/g, "\\$1")}"`;

/** A path as the command should spell it: under the root through the root's variable, else absolute. */
function commandPath(file: string, root: string, variable: string): { text: string; inside: boolean } {
  const rel = relative(root, file);
  if (rel && !rel.startsWith("..") && !isAbsolute(rel))
    return {
      text: `"\${${variable}}/${rel
        .split(sep)
        .join("/")
        .replace(/(["\\$`])/g, "\\$1")}"`,
      inside: true,
    };
  return { text: quote(file), inside: false };
}

/** A compiled hook imports only `vigiles/hook`, node's built-ins and its own files (checked before it is loaded). */
async function refuseForbiddenImports(programFile: string, projectDir: string): Promise<void> {
  const forbidden = await forbiddenImports(programFile, dirname(programFile));
  if (forbidden.length === 0) return;
  const list = forbidden.map((f) => `"${f.specifier}" (in ${f.importer})`).join(", ");
  throw new CompileError(
    "VIGILES_COMPILE_FORBIDDEN_IMPORT",
    `${relative(projectDir, programFile)} imports ${list}. A compiled hook may import only ${HOOK_IMPORT}, node's built-ins and its own files: it starts again on every tool call, and every import loads each time. Move what it needs into the program (or a file of its own).`,
  );
}

/** Where compile writes and how its commands spell paths: project settings, or a plugin's hooks.json. */
interface CompileTarget {
  readonly projectDir: string;
  /** The plugin directory when compiling into a plugin. */
  readonly plugin: string | undefined;
  /** The directory command paths are spelled from, through `variable`. */
  readonly root: string;
  readonly variable: "CLAUDE_PLUGIN_ROOT" | "CLAUDE_PROJECT_DIR";
  /** The config file the registrations go into. */
  readonly output: string;
  readonly node: string;
  /** The runtime file settings commands run; computed on first use (a plugin runs its bundles). */
  readonly runtime: () => { text: string };
}

/** A plugin bundle while esbuild builds it: each starts as soon as its program has loaded. */
type PendingBundle = Omit<PlannedBundle, "text"> & { text: Promise<string> };

function compileTarget(options: CompileHooksOptions): CompileTarget {
  const projectDir = resolve(options.projectDir ?? process.cwd());
  const plugin = options.pluginDir !== undefined ? resolve(projectDir, options.pluginDir) : undefined;
  const root = plugin ?? projectDir;
  const variable = plugin ? "CLAUDE_PLUGIN_ROOT" : "CLAUDE_PROJECT_DIR";
  let runtime: { text: string } | undefined;
  return {
    projectDir,
    plugin,
    root,
    variable,
    output: plugin
      ? join(plugin, "hooks", "hooks.json")
      : resolve(projectDir, options.settingsFile ?? ".claude/settings.json"),
    node: options.node ?? "node",
    runtime: () =>
      (runtime ??= commandPath(resolve(options.runtimeFile ?? installedRuntimeFile()), root, variable)),
  };
}

/** Compiles hook programs into one config file, merging with what is there. */
export async function compileHooks(
  programFiles: readonly string[],
  options: CompileHooksOptions = {},
): Promise<CompileHooksResult> {
  const target = compileTarget(options);
  const { plugin, root, output } = target;
  const warnings: string[] = [];
  const registrations: CompiledRegistration[] = [];
  const planned: PendingBundle[] = [];
  for (const file of programFiles) registrations.push(await compileProgram(file, target, planned, warnings));
  const bundles = await builtBundles(planned);
  const orphanedBundles = plugin ? orphanBundles(plugin, bundles) : [];

  const before = existsSync(output) ? readFileSync(output, "utf8") : undefined;
  const config = parseConfig(output, before);
  const found = findRegistrations(config);
  const compiled = new Set(registrations.map((r) => r.program));
  const orphans = new Set(
    found
      .filter((f) => !compiled.has(f.program) && !existsSync(resolve(root, f.program)))
      .map((f) => f.program),
  );
  const problems: CompileProblem[] = [
    ...found.filter((f) => f.handEdited).map(handEdited),
    ...[...orphans].map(orphan),
  ];

  const merged = mergeRegistrations(config, registrations, orphans);
  const after = `${JSON.stringify(merged, null, 2)}\n`;
  const configChanged = after !== before;
  const bundlesChanged = orphanedBundles.length > 0 || bundles.some((b) => b.before !== b.text);
  const changed = configChanged || bundlesChanged;
  const bundleFiles = bundles.map((b) => b.file);
  if (options.check) {
    problems.push(...staleProblems(target, bundles, orphanedBundles, registrations, found));
    if (configChanged && problems.length === 0)
      problems.push({
        kind: "stale",
        program: "*",
        message: `${output} differs from what vigiles compile writes now; run vigiles compile.`,
      });
    return { output, changed, registrations, bundles: bundleFiles, problems, warnings };
  }
  if (!options.force) refuseHandEdits(target, found, compiled, bundles);
  // Bundles first, so a registration never names a bundle that is not there yet.
  writeBundles(bundles, orphanedBundles);
  if (configChanged) {
    writeFileAtomic(output, after);
  }
  return {
    output,
    changed,
    registrations,
    bundles: bundleFiles,
    problems: problems.filter((p) => p.kind === "hand-edited" && !compiled.has(p.program)),
    warnings,
  };
}

/** One program's registration; for a plugin, its bundle starts building into `planned`. */
async function compileProgram(
  file: string,
  target: CompileTarget,
  planned: PendingBundle[],
  warnings: string[],
): Promise<CompiledRegistration> {
  const { projectDir, plugin, root, variable, node } = target;
  const abs = resolve(projectDir, file);
  if (existsSync(abs) && isBundleText(readFileSync(abs, "utf8").slice(0, 40)))
    throw new CompileError(
      "VIGILES_COMPILE_NOT_A_PROGRAM",
      `${abs} is a bundle vigiles compile wrote, not a hook program; compile the program it names on its first line.`,
    );
  await refuseForbiddenImports(abs, projectDir);
  const program = await loadHook(abs);
  const rel = relative(root, abs).split(sep).join("/");
  let command: string;
  let name: string;
  if (plugin) {
    // The program is inlined into the bundle, so it may sit anywhere; the marker names it from the plugin.
    name = rel;
    const bundleFile = join(plugin, BUNDLE_DIR, bundleName(abs));
    const clash = planned.find((b) => b.file === bundleFile);
    if (clash)
      throw new CompileError(
        "VIGILES_COMPILE_BUNDLE_CLASH",
        `${clash.program} and ${rel} would both compile to ${BUNDLE_DIR}/${bundleName(abs)}; rename one of them.`,
      );
    const text = bundleHookProgram(abs, { pluginRoot: plugin, bundleFile, label: rel });
    text.catch(() => undefined); // read below; a later program failing to load must not leave it unhandled
    planned.push({
      file: bundleFile,
      program: rel,
      text,
      before: existsSync(bundleFile) ? readFileSync(bundleFile, "utf8") : undefined,
    });
    command = `${node} ${commandPath(bundleFile, root, variable).text}`;
  } else {
    const prog = commandPath(abs, root, variable);
    if (!prog.inside) warnings.push(`${abs} is outside ${root}; its registration uses an absolute path.`);
    name = prog.inside ? rel : abs;
    command = `${node} ${target.runtime().text} ${prog.text}`;
  }
  return {
    program: name,
    event: program.on,
    matcher: TOOL_EVENTS.has(program.on) ? (program.matcher ?? "*") : undefined,
    command,
    timeout: program.timeout ?? 30,
  };
}

/** The bundles once esbuild has built them all; the first build that failed is thrown. */
async function builtBundles(planned: readonly PendingBundle[]): Promise<PlannedBundle[]> {
  const texts = await Promise.allSettled(planned.map((b) => b.text));
  const failed = texts.find((t) => t.status === "rejected");
  if (failed) throw failed.reason;
  return planned.map((b, i) => ({
    ...b,
    text: (texts[i] as PromiseFulfilledResult<string>).value,
  }));
}

/** The config file's hooks config: empty when the file is missing or blank; refused unless a JSON object. */
function parseConfig(output: string, text: string | undefined): HooksConfig {
  if (text === undefined || text.trim() === "") return {};
  let config: HooksConfig;
  try {
    config = JSON.parse(text) as HooksConfig;
  } catch (error) {
    throw new CompileError(
      "VIGILES_COMPILE_BAD_CONFIG",
      `${output} is not valid JSON; fix it by hand first (nothing was written).`,
      { cause: error },
    );
  }
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new CompileError(
      "VIGILES_COMPILE_BAD_CONFIG",
      `${output} is not a JSON object; nothing was written.`,
    );
  }
  return config;
}

/** With `check`: what is out of date besides the config text (bundles, orphaned bundles, missing registrations). */
function staleProblems(
  target: CompileTarget,
  bundles: readonly PlannedBundle[],
  orphanedBundles: readonly { readonly program: string; readonly file: string }[],
  registrations: readonly CompiledRegistration[],
  found: readonly FoundRegistration[],
): CompileProblem[] {
  const { root, output } = target;
  const problems: CompileProblem[] = [];
  for (const b of bundles) {
    const problem = bundleProblem(b, root);
    if (problem) problems.push(problem);
  }
  for (const o of orphanedBundles)
    problems.push({
      kind: "orphan",
      program: o.program,
      file: relative(root, o.file).split(sep).join("/"),
      message: `${o.program} no longer exists; its bundle ${relative(root, o.file)} is removed on the next compile.`,
    });
  for (const r of registrations) {
    const have = found.find((f) => f.program === r.program && f.event === r.event);
    if (!have)
      problems.push({
        kind: "missing",
        program: r.program,
        event: r.event,
        message: `${r.program} (${r.event}) is not registered in ${output}; run vigiles compile.`,
      });
  }
  return problems;
}

/** Without `force`: a compiled registration or bundle edited by hand stops the compile before it writes. */
function refuseHandEdits(
  target: CompileTarget,
  found: readonly FoundRegistration[],
  compiled: ReadonlySet<string>,
  bundles: readonly PlannedBundle[],
): void {
  const blocking = found.filter((f) => f.handEdited && compiled.has(f.program));
  if (blocking.length > 0) {
    throw new CompileError(
      "VIGILES_COMPILE_HAND_EDITED",
      `${blocking.map((b) => `${b.program} (${b.event})`).join(", ")} in ${target.output} was edited by hand since it was compiled; move the change into the program, or rerun with --force to overwrite it.`,
    );
  }
  const editedBundles = bundles.filter(isHandEdited);
  if (editedBundles.length > 0) {
    throw new CompileError(
      "VIGILES_COMPILE_HAND_EDITED",
      `${editedBundles.map((b) => relative(target.root, b.file)).join(", ")} was edited by hand since it was compiled; move the change into the program, or rerun with --force to overwrite it (nothing was written).`,
    );
  }
}

function handEdited(f: FoundRegistration): CompileProblem {
  return {
    kind: "hand-edited",
    program: f.program,
    event: f.event,
    message: `${f.program} (${f.event}) was edited by hand: its content hash is ${f.actualHash}, compiled as ${f.recordedHash}.`,
  };
}

function orphan(program: string): CompileProblem {
  return {
    kind: "orphan",
    program,
    message: `${program} no longer exists; its registration is removed on the next compile.`,
  };
}
