/**
 * A behaviour mutant put at the hook's script path in the copy: the script is renamed beside itself
 * (`guard.vigiles-original.sh`) and a stub in the script's own language takes its place, so a test
 * that runs the script itself (`runHook("bash hooks/guard.sh")`, `subprocess.run(["python3",
 * "hooks/guard.py"])`) meets the mutant exactly as the registration does. The stub runs under
 * whatever interpreter the test used (it keeps the original's shebang) and hands the original to
 * the mutant wrapper with that same interpreter. It also touches a marker, so a run can tell that
 * the script ran as a process while the mutant was in place. A script several handlers run (one
 * script for three events) is mutated for this handler's event only: the wrapper passes other
 * events' inputs to the original untouched.
 */
import { VigilesError } from "../../core/errors.js";
import {
  copyFileSync,
  existsSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { HookItem } from "../../core/mutate/types.js";
import { shellQuote as sq } from "../../core/shell-quote.js";
import { shellMutant } from "./shell-mutant.js";

/** The languages a stub can be written in. */
type StubLanguage = "sh" | "python" | "node";

/** The behaviour modes a stub carries (the wrapper's modes). */
export type StubMode = "always-allows" | "crashes" | "exit2-to-0" | "deny-to-block";

const WRAPPER_NAME = ".vigiles-mutant-wrapper.mjs";
/** The marker a stub touches beside the script when it runs. */
export const RAN_MARKER = ".vigiles-mutant-ran";
/** The marker a stub touches when it changed an answer (exit 2 made 0, a deny rewritten). */
export const ACTED_MARKER = ".vigiles-mutant-acted";
/** How a stub tells the node wrapper where the acted marker goes. */
const ACTED_ENV = "VIGILES_MUTANT_ACTED";

function languageOf(path: string, text: string): StubLanguage | undefined {
  const shebang = text.startsWith("#!") ? (text.split("\n")[0] ?? "") : "";
  if (/python/.test(shebang)) return "python";
  if (/\bnode\b|\bbun\b|\bdeno\b|tsx/.test(shebang)) return "node";
  if (/\b(ba|da|z|k)?sh\b/.test(shebang)) return "sh";
  switch (extname(path)) {
    case ".py":
      return "python";
    case ".js":
    case ".mjs":
    case ".cjs":
    case ".ts":
    case ".mts":
      return "node";
    case ".sh":
    case ".bash":
    case "":
      return "sh";
    default:
      return undefined;
  }
}

const js = (s: string) => JSON.stringify(s);
const CRASH = "vigiles mutant: this hook crashed (exit 1)";

interface StubParts {
  readonly shebang: string;
  readonly mode: StubMode;
  readonly node: string;
  readonly wrapper: string;
  readonly orig: string;
  readonly marker: string;
  /** Set when other handlers run the same script: the mutant applies to this event only. */
  readonly event: string | undefined;
}

// The marker is written by `true` in a group: a failed redirect on `:` (a special builtin) would
// end a POSIX sh, where a read-only confinement refuses the write.
function shStub({ shebang, mode, node, wrapper, orig, marker, event }: StubParts) {
  const head =
    `${shebang || "#!/bin/sh"}\n# vigiles mutant (${mode}); the original is ${basename(orig)}\n{ true > ${sq(marker)}; } 2>/dev/null\n` +
    `${ACTED_ENV}=${sq(join(dirname(marker), ACTED_MARKER))}; export ${ACTED_ENV}\n` +
    (event !== undefined ? `VIGILES_MUTANT_EVENT=${sq(event)}; export VIGILES_MUTANT_EVENT\n` : "");
  const how = event === undefined ? mode : "via-wrapper";
  switch (how) {
    case "always-allows":
      return `${head}cat >/dev/null\nexit 0\n`;
    case "crashes":
      return `${head}cat >/dev/null\necho ${sq(CRASH)} >&2\nexit 1\n`;
    case "exit2-to-0":
    case "deny-to-block":
      // The interpreter the test used: bash sets BASH_VERSION; anything else ran it as sh.
      return (
        `${head}if [ -n "$BASH_VERSION" ]; then __vigiles_sh=$BASH; else __vigiles_sh=/bin/sh; fi\n` +
        `${shellMutant(how, `"$__vigiles_sh" ${sq(orig)} "$@"`, 0, sq(join(dirname(marker), ACTED_MARKER)))}\n`
      );
    default:
      // A shared script: only the node wrapper reads which event the input is for.
      return (
        `${head}if [ -n "$BASH_VERSION" ]; then exec ${sq(node)} ${sq(wrapper)} ${mode} 0 -- "$BASH" ${sq(orig)} "$@"; fi\n` +
        `exec ${sq(node)} ${sq(wrapper)} ${mode} 0 -- /bin/sh ${sq(orig)} "$@"\n`
      );
  }
}

function pythonStub({ shebang, mode, node, wrapper, orig, marker, event }: StubParts) {
  // Imported as a module (an in-process test), the stub is the original: the mutant is of the process.
  const head =
    `${shebang || "#!/usr/bin/env python3"}\n# vigiles mutant (${mode}); the original is ${basename(orig)}\n` +
    `import os, sys\nif __name__ != "__main__":\n    exec(compile(open(${js(orig)}).read(), ${js(orig)}, "exec"))\nelse:\n` +
    `    try:\n        open(${js(marker)}, "a").close()\n    except OSError:\n        pass\n` +
    `    os.environ[${js(ACTED_ENV)}] = ${js(join(dirname(marker), ACTED_MARKER))}\n` +
    (event !== undefined ? `    os.environ["VIGILES_MUTANT_EVENT"] = ${js(event)}\n` : "");
  switch (event === undefined ? mode : "via-wrapper") {
    case "always-allows":
      return `${head}    sys.stdin.read()\n    sys.exit(0)\n`;
    case "crashes":
      return `${head}    sys.stdin.read()\n    sys.stderr.write(${js(`${CRASH}\n`)})\n    sys.exit(1)\n`;
    default:
      return `${head}    os.execv(${js(node)}, [${js(node)}, ${js(wrapper)}, ${js(mode)}, "0", "--", sys.executable, ${js(orig)}] + sys.argv[1:])\n`;
  }
}

function nodeStub({ shebang, mode, node, wrapper, orig, marker, event }: StubParts) {
  // Valid as ESM, CommonJS and TypeScript alike: builtins through process.getBuiltinModule.
  const head =
    `${shebang ? `${shebang}\n` : ""}// vigiles mutant (${mode}); the original is ${basename(orig)}\n` +
    `const fs = process.getBuiltinModule("node:fs");\ntry { fs.closeSync(fs.openSync(${js(marker)}, "a")); } catch {}\n`;
  switch (event === undefined ? mode : "via-wrapper") {
    case "always-allows":
      return `${head}fs.readFileSync(0);\nprocess.exitCode = 0;\n`;
    case "crashes":
      return `${head}fs.readFileSync(0);\nprocess.stderr.write(${js(`${CRASH}\n`)});\nprocess.exitCode = 1;\n`;
    default:
      return (
        `${head}const r = process.getBuiltinModule("node:child_process").spawnSync(${js(node)}, ` +
        `[${js(wrapper)}, ${js(mode)}, "0", "--", process.execPath, ...process.execArgv, ${js(orig)}, ...process.argv.slice(2)], ` +
        `{ stdio: "inherit", env: { ...process.env, ${ACTED_ENV}: ${js(join(dirname(marker), ACTED_MARKER))}${event !== undefined ? `, VIGILES_MUTANT_EVENT: ${js(event)}` : ""} } });\n` +
        `process.exitCode = r.status ?? 1;\n`
      );
  }
}

/** Where the stub of `h` goes and what it leaves: undefined when the hook has no script a stub can stand in for. */
export function stubTarget(copyRoot: string, h: HookItem): string | undefined {
  const script = h.sources[0];
  if (script === undefined) return undefined;
  const path = join(copyRoot, script);
  if (!existsSync(path)) return undefined;
  assertInsideCopy(copyRoot, path);
  return languageOf(path, readFileSync(path, "utf8")) === undefined ? undefined : path;
}

/** A mutant would be written outside the copy it belongs to (a source path leaving the root, or a link out of it). */
export class MutantOutsideCopyError extends VigilesError {
  constructor(path: string, copyRoot: string) {
    super(
      "VIGILES_MUTANT_OUTSIDE_COPY",
      `refusing to write a mutant at ${path}: it is outside the mutation copy ${copyRoot} (a hook source that leaves the repository, or a link out of it). Nothing was changed; report this with the hook's command.`,
    );
  }
}

/**
 * Every mutant is written inside its own copy, never through a link or a `..` onto a file of the
 * user's or the machine's (a bug once turned `sh` into a hook source and stubbed /usr/bin/dash).
 */
function assertInsideCopy(copyRoot: string, path: string): void {
  const within = (root: string, p: string) => p === root || p.startsWith(root + sep);
  if (!within(resolve(copyRoot), resolve(path))) throw new MutantOutsideCopyError(path, copyRoot);
  const real = realpathSync(path);
  if (!within(realpathSync(copyRoot), real)) throw new MutantOutsideCopyError(real, copyRoot);
}

/**
 * Puts the mutant at the script's path in the copy; returns the marker path it touches when run,
 * or undefined (nothing written) when the script's language is not one a stub can be written in.
 */
export function stubScript(copyRoot: string, h: HookItem, mode: StubMode): string | undefined {
  const path = stubTarget(copyRoot, h);
  if (path === undefined) return undefined;
  const text = readFileSync(path, "utf8");
  const language = languageOf(path, text) as StubLanguage;
  const dir = dirname(path);
  const ext = extname(path);
  const orig = join(dir, `${basename(path, ext)}.vigiles-original${ext}`);
  const wrapper = join(dir, WRAPPER_NAME);
  const marker = join(dir, RAN_MARKER);
  const shebang = text.startsWith("#!") ? (text.split("\n")[0] ?? "") : "";
  const mode0 = statSync(path).mode;
  // A rename, never a write through: the copy's file may share nothing with the user's, but a
  // fresh file is certain not to.
  renameSync(path, orig);
  copyFileSync(fileURLToPath(new URL("./mutant-wrapper.mjs", import.meta.url)), wrapper);
  const parts: StubParts = {
    shebang,
    mode,
    node: process.execPath,
    wrapper,
    orig,
    marker,
    event: h.scriptSharedWith !== undefined && h.scriptSharedWith.length > 0 ? h.event : undefined,
  };
  const stub =
    language === "sh" ? shStub(parts) : language === "python" ? pythonStub(parts) : nodeStub(parts);
  writeFileSync(path, stub, { mode: mode0 & 0o7777 });
  return marker;
}
