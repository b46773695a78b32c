/**
 * `compileHooks`: hook programs → registrations in `.claude/settings.json` (or a plugin's
 * `hooks/hooks.json`) whose command runs the program through the vigiles runtime with a direct
 * `node` call (never npx: a registry look-up on every tool call is too slow).
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { VigilesError } from "../../core/errors.js";
import { TOOL_EVENTS } from "../../core/hook-program/events.js";
import { loadHook } from "./load.js";
import {
  findRegistrations,
  mergeRegistrations,
  type CompiledRegistration,
  type FoundRegistration,
  type HooksConfig,
} from "./registration.js";

/** Options of `compileHooks`: where the registrations are written (project settings or a plugin). */
export interface CompileHooksOptions {
  /** The project root (default: the process's cwd). Settings commands use `$CLAUDE_PROJECT_DIR` for paths under it. */
  readonly projectDir?: string;
  /** Compile into this plugin's `hooks/hooks.json`; commands use `"${CLAUDE_PLUGIN_ROOT}/…"`. */
  readonly pluginDir?: string;
  /** The settings file (default `<projectDir>/.claude/settings.json`); ignored with `pluginDir`. */
  readonly settingsFile?: string;
  /** Write nothing; report what differs (stale or hand-edited registrations). */
  readonly check?: boolean;
  /** Overwrite a compiled registration that was edited by hand. */
  readonly force?: boolean;
  /** The runtime file the commands run (default: the one installed with this package). */
  readonly runtimeFile?: string;
  /** The node the commands start (default `node`). */
  readonly node?: string;
}

/** A reason `compileHooks` with `check` fails: a registration hand-edited, stale, missing or orphaned. */
export interface CompileProblem {
  readonly kind: "hand-edited" | "stale" | "missing" | "orphan";
  readonly program: string;
  readonly event?: string;
  readonly message: string;
}

/** What `compileHooks` wrote (or, with `check`, would write) and any problems. */
export interface CompileHooksResult {
  /** The file written (or, with `check`, that would be). */
  readonly output: string;
  /** The file's content differs from what compile produces (with `check`: it is out of date). */
  readonly changed: boolean;
  readonly registrations: readonly CompiledRegistration[];
  readonly problems: readonly CompileProblem[];
  readonly warnings: readonly string[];
}

/** A compile that cannot go on: unreadable config, a hand-edited registration without `force`. */
export class CompileError extends VigilesError {
  constructor(
    code: "VIGILES_COMPILE_BAD_CONFIG" | "VIGILES_COMPILE_HAND_EDITED" | "VIGILES_COMPILE_NO_RUNTIME",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/** The runtime shipped with this package: beside this file in dist/, or dist/ when running from src/. */
export function installedRuntimeFile(): string {
  const here = fileURLToPath(new URL("./runtime.js", import.meta.url));
  if (existsSync(here)) return here;
  const fromSrc = fileURLToPath(new URL("../../../dist/tiers/hook-program/runtime.js", import.meta.url));
  if (existsSync(fromSrc)) return fromSrc;
  throw new CompileError(
    "VIGILES_COMPILE_NO_RUNTIME",
    `vigiles compile: the hook runtime is missing (looked for ${here} and ${fromSrc}); run \`npm run build\` in the vigiles package.`,
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

/** Compiles hook programs into one config file, merging with what is there. */
export async function compileHooks(
  programFiles: readonly string[],
  options: CompileHooksOptions = {},
): Promise<CompileHooksResult> {
  const projectDir = resolve(options.projectDir ?? process.cwd());
  const plugin = options.pluginDir !== undefined ? resolve(projectDir, options.pluginDir) : undefined;
  const root = plugin ?? projectDir;
  const variable = plugin ? "CLAUDE_PLUGIN_ROOT" : "CLAUDE_PROJECT_DIR";
  const output = plugin
    ? join(plugin, "hooks", "hooks.json")
    : resolve(projectDir, options.settingsFile ?? ".claude/settings.json");
  const warnings: string[] = [];
  const runtime = commandPath(resolve(options.runtimeFile ?? installedRuntimeFile()), root, variable);
  if (plugin && !runtime.inside) {
    warnings.push(
      `the runtime ${runtime.text} is outside the plugin: an installed copy of the plugin will not find it. Add vigiles to the plugin's own dependencies.`,
    );
  }
  const registrations: CompiledRegistration[] = [];
  for (const file of programFiles) {
    const abs = resolve(projectDir, file);
    const program = await loadHook(abs);
    const prog = commandPath(abs, root, variable);
    if (!prog.inside) warnings.push(`${abs} is outside ${root}; its registration uses an absolute path.`);
    const rel = relative(root, abs).split(sep).join("/");
    registrations.push({
      program: prog.inside ? rel : abs,
      event: program.on,
      matcher: TOOL_EVENTS.has(program.on) ? (program.matcher ?? "*") : undefined,
      command: `${options.node ?? "node"} ${runtime.text} ${prog.text}`,
      timeout: program.timeout ?? 30,
    });
  }

  const before = existsSync(output) ? readFileSync(output, "utf8") : undefined;
  let config: HooksConfig = {};
  if (before !== undefined && before.trim() !== "") {
    try {
      config = JSON.parse(before) as HooksConfig;
    } catch (error) {
      throw new CompileError(
        "VIGILES_COMPILE_BAD_CONFIG",
        `vigiles compile: ${output} is not valid JSON; fix it by hand first (nothing was written).`,
        { cause: error },
      );
    }
    if (typeof config !== "object" || config === null || Array.isArray(config)) {
      throw new CompileError(
        "VIGILES_COMPILE_BAD_CONFIG",
        `vigiles compile: ${output} is not a JSON object; nothing was written.`,
      );
    }
  }
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
  const changed = after !== before;
  if (options.check) {
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
    if (changed && problems.length === 0)
      problems.push({
        kind: "stale",
        program: "*",
        message: `${output} differs from what vigiles compile writes now; run vigiles compile.`,
      });
    return { output, changed, registrations, problems, warnings };
  }
  const blocking = found.filter((f) => f.handEdited && compiled.has(f.program));
  if (blocking.length > 0 && !options.force) {
    throw new CompileError(
      "VIGILES_COMPILE_HAND_EDITED",
      `vigiles compile: ${blocking.map((b) => `${b.program} (${b.event})`).join(", ")} in ${output} was edited by hand since it was compiled; move the change into the program, or rerun with --force to overwrite it.`,
    );
  }
  if (changed) {
    writeFileAtomic(output, after);
  }
  return {
    output,
    changed,
    registrations,
    problems: problems.filter((p) => p.kind === "hand-edited" && !compiled.has(p.program)),
    warnings,
  };
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
