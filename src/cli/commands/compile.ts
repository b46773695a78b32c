/** `vigiles compile [paths]`: hook programs → harness registrations; instruction specs → instruction files. */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { glob } from "tinyglobby";
import { defineCommand, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { isBundleText } from "../../tiers/hook-program/bundle.js";
import { compileHooks } from "../../tiers/hook-program/compile.js";
import { loadHook } from "../../tiers/hook-program/load.js";
import { compileInstructionSpecFile } from "../../tools/lint/compile.js";

const HELP = `Usage: vigiles compile [paths…] [options]

Compiles each hook program (*.mjs, *.js, *.hook.ts) into a registration in .claude/settings.json, or
with --plugin into the plugin's hooks/hooks.json. In settings the registration runs the program with a
direct \`node\` call of the vigiles runtime installed in the project; in a plugin each program becomes
one self-contained bundle, hooks/vigiles/<name>.mjs (the runtime, the program and its imports), so an
installed copy of the plugin needs no node_modules. Entries vigiles did not write are kept as they
are. Instruction specs (*.spec.ts, *.spec.mjs) are compiled into their instruction files.
Default paths: .vigiles/hooks and the *.spec.{ts,mjs} files of the current folder.

Options:
  --check            write nothing; exit 1 if an output is stale, missing or was edited by hand
  --force            overwrite a compiled registration or bundle that was edited by hand
  --plugin <dir>     compile into <dir>/hooks/hooks.json and bundles in <dir>/hooks/vigiles/
                     (commands use "\${CLAUDE_PLUGIN_ROOT}/…")
  --settings <file>  the settings file (default .claude/settings.json)

Exit code: 1 when --check finds an output stale, missing or edited by hand; 2 on bad input (a path
that does not exist, a program that cannot be read or imports a package, an output edited by hand
without --force), with one line saying what to do.
`;

const SPEC = /\.spec\.(ts|mjs)$/;
const PROGRAM = /(\.hook\.(ts|mts)|\.mjs|\.js)$/;

export const compileCommand: CliCommand = defineCommand({
  name: "compile",
  summary: "compile hook programs into harness registrations and instruction specs into instruction files",
  help: HELP,
  options: {
    check: { type: "boolean", default: false },
    force: { type: "boolean", default: false },
    plugin: { type: "string" },
    settings: { type: "string" },
  },
  positionals: true,
  async run({ values, positionals }) {
    const cwd = process.cwd();
    const { programs, specs, discovered } = await discover(positionals, cwd);
    if (programs.length === 0 && specs.length === 0) {
      process.stderr.write(
        `vigiles compile: nothing to compile under ${positionals.length ? positionals.join(", ") : ".vigiles/hooks or ./*.spec.{ts,mjs}"}.\n`,
      );
      return 2;
    }
    // A VigilesError (a program that cannot be read or imports a package, a hand-edited output
    // without --force) is bad input: the CLI's failure handler prints it as one `vigiles compile: `
    // line and exits 2. Exit 1 is kept for --check finding an output stale.
    let failed = false;
    const hookFiles: string[] = [];
    for (const file of programs) {
      if (discovered.has(file)) {
        try {
          await loadHook(file);
        } catch (error) {
          if (error instanceof VigilesError && error.code === "VIGILES_HOOK_NOT_A_PROGRAM") {
            process.stderr.write(
              `vigiles compile: skipped ${relative(cwd, file)} (no hook program as its default export)\n`,
            );
            continue;
          }
          throw error;
        }
      }
      hookFiles.push(file);
    }
    if (hookFiles.length > 0) {
      const result = await compileHooks(hookFiles, {
        projectDir: cwd,
        check: values.check,
        force: values.force,
        ...(values.plugin !== undefined ? { pluginDir: values.plugin } : {}),
        ...(values.settings !== undefined ? { settingsFile: values.settings } : {}),
      });
      for (const w of result.warnings) process.stderr.write(`vigiles compile: warning: ${w}\n`);
      const out = relative(cwd, result.output);
      for (const r of result.registrations) {
        process.stdout.write(
          `${values.check ? "checked" : "compiled"} ${r.program} → ${r.event}${r.matcher ? `[${r.matcher}]` : ""} in ${out}\n`,
        );
      }
      for (const p of result.problems) {
        process.stderr.write(`vigiles compile: ${p.kind}: ${p.message}\n`);
        if (values.check) failed = true;
      }
      const bundles = result.bundles.length > 0 ? ` and ${result.bundles.length} bundle(s) beside it` : "";
      if (!values.check)
        process.stdout.write(
          result.changed
            ? `wrote ${out}${bundles}\n`
            : `${out}${bundles} ${bundles ? "are" : "is"} up to date\n`,
        );
    }
    if (specs.length > 0) failed = (await compileSpecs(specs, values.check, cwd)) || failed;
    return failed ? 1 : 0;
  },
});

async function compileSpecs(specs: readonly string[], check: boolean, cwd: string): Promise<boolean> {
  let stale = false;
  for (const spec of specs) {
    const { output, changed } = await compileInstructionSpecFile(spec, { check });
    const out = relative(cwd, output);
    if (check && changed) {
      stale = true;
      process.stderr.write(
        `vigiles compile: stale: ${out} differs from ${relative(cwd, spec)}; run vigiles compile.\n`,
      );
    } else process.stdout.write(`${check ? "checked" : changed ? "wrote" : "up to date:"} ${out}\n`);
  }
  return stale;
}

function readHead(file: string): string {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(64);
    return head.toString("utf8", 0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

async function discover(
  paths: readonly string[],
  cwd: string,
): Promise<{ programs: string[]; specs: string[]; discovered: Set<string> }> {
  const programs: string[] = [];
  const specs: string[] = [];
  const discovered = new Set<string>();
  const add = (file: string, found: boolean): void => {
    if (SPEC.test(file)) specs.push(file);
    else if (PROGRAM.test(file) || /\.ts$/.test(file)) {
      programs.push(file);
      if (found) discovered.add(file);
    }
  };
  const targets = paths.length > 0 ? paths : [".vigiles/hooks"];
  for (const p of targets) {
    const abs = resolve(cwd, p);
    if (!existsSync(abs)) {
      if (paths.length > 0) throw new VigilesError("VIGILES_COMPILE_NO_SUCH_PATH", `${p} does not exist.`);
      continue;
    }
    if (statSync(abs).isDirectory()) {
      const files = await glob(["**/*.{mjs,js,hook.ts,hook.mts,spec.ts,spec.mjs}"], {
        cwd: abs,
        absolute: true,
        ignore: ["**/node_modules/**", "**/*.test.*"],
      });
      // The bundles a plugin compile wrote are not programs (importing one would run it).
      for (const f of files.sort()) if (!isBundleText(readHead(f))) add(f, true);
    } else add(abs, false);
  }
  if (paths.length === 0)
    for (const f of (await glob(["*.spec.{ts,mjs}"], { cwd, absolute: true })).sort()) add(f, true);
  return { programs, specs, discovered };
}
