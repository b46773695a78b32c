/**
 * "Cannot run here": a hook that did not start because a program it needs (`uv`, `bun`, a Python
 * version, a Python or Node package) is missing on the auditing machine. That says nothing about
 * the hook, so `vigiles audit --run` names what is missing instead of calling the hook broken. A
 * missing script file or a missing module of the hook's own tree is a real fault, not this.
 */
import { existsSync } from "node:fs";
import { basename, delimiter, join } from "node:path";
import type { HookRunResult } from "../../core/hook-decision/types.js";
import { scanCommand } from "../../core/audit/command-words.js";

/** What is missing, as a finding names it: "`uv` is not installed". */
export interface MissingPrerequisite {
  readonly what: string;
}

/** What Node, Python, curl and the resolver print when a request cannot leave the machine. */
const NETWORK_FAILURE =
  /TypeError: fetch failed|\b(?:ENOTFOUND|EAI_AGAIN|ENETUNREACH|ECONNREFUSED)\b|getaddrinfo|Could not resolve host|Temporary failure in name resolution|Network is unreachable|urlopen error/;
const SHELL_NOT_FOUND = /(?:^|\n)[^\n]*?([A-Za-z0-9_.+-]+): (?:command )?not found\b/;
const ENV_NOT_FOUND = /env: ['‘"]?([^'’"\s:]+)['’"]?: No such file or directory/;
const EXECVP = /execvp ([^\s:]+): No such file or directory/;
const INTERPRETER = /its interpreter "([^"]+)" \(from its #! line\) was not found/;
const NO_PYTHON = /No interpreter found for Python ([\d.]+)|python(3\.\d+): not found/i;
const PY_MODULE = /ModuleNotFoundError: No module named '([A-Za-z0-9_.]+)'/;
const NODE_MODULE = /Cannot find (?:module|package) '([^']+)'/;

/** Whether a program (a bare name or a path) exists here. */
function onPath(program: string): boolean {
  if (program.includes("/")) return existsSync(program);
  return (process.env.PATH ?? "").split(delimiter).some((d) => d !== "" && existsSync(join(d, program)));
}

/** The top-level name of a module in the hook's own tree (a local import, not a package). */
function isLocal(name: string, treeRoot: string, pluginRoot: string | undefined): boolean {
  const top = name.split(".")[0] ?? name;
  const dirs = [treeRoot, ...(pluginRoot ? [pluginRoot] : [])];
  return dirs.some(
    (d) =>
      existsSync(join(d, top)) ||
      existsSync(join(d, `${top}.py`)) ||
      existsSync(join(d, "hooks", top)) ||
      existsSync(join(d, "hooks", `${top}.py`)) ||
      existsSync(join(d, "scripts", `${top}.py`)),
  );
}

/**
 * The prerequisite whose absence stopped the hook, or undefined when the hook ran (or failed for
 * another reason). `treeRoot`/`pluginRoot` tell a local module from a package.
 */
export function missingPrerequisite(
  result: HookRunResult,
  treeRoot: string,
  pluginRoot: string | undefined,
): MissingPrerequisite | undefined {
  const text = `${result.stderr}\n${result.hookError ?? ""}`;
  if (result.exitCode === 127 || result.exitCode === null || result.exitCode === 1 || result.exitCode === 2) {
    const py = NO_PYTHON.exec(text);
    if (py) return { what: `\`python${py[1] ?? py[2] ?? ""}\` is not installed` };
  }
  if (result.exitCode === 127 || result.exitCode === null) {
    // What the shell or env said is missing comes first: a 127 from inside the script is not its #! line.
    for (const re of [ENV_NOT_FOUND, EXECVP, SHELL_NOT_FOUND]) {
      const m = re.exec(result.stderr);
      // A path that is missing is the hook's own fault (hook-script-missing); a bare name is the machine's.
      if (m?.[1] && !m[1].includes("/")) return { what: `\`${m[1]}\` is not installed` };
    }
    const interp = INTERPRETER.exec(result.hookError ?? "");
    if (interp?.[1] && !onPath(interp[1]))
      return { what: `\`${basename(interp[1])}\` (its #! interpreter) is not installed` };
  }
  // The confined audit has no network: a hook that fails reaching it cannot be judged here (it may
  // work online). A public hook's fetch failure was reported as a crash on every event.
  if (result.exitCode !== 0 && NETWORK_FAILURE.test(result.stderr))
    return { what: "the network, which the confined audit does not give (its request failed)" };
  if (result.exitCode !== 0) {
    const py = PY_MODULE.exec(text);
    if (py?.[1] && !isLocal(py[1], treeRoot, pluginRoot))
      return { what: `the Python module \`${py[1]}\` is not installed` };
    const node = NODE_MODULE.exec(text);
    if (node?.[1] && !node[1].startsWith(".") && !node[1].startsWith("/"))
      return { what: `the Node package \`${node[1]}\` is not installed` };
  }
  return undefined;
}

/** Package runners that download what they run when it is not installed. */
const FETCHERS: Readonly<Record<string, number>> = { npx: 1, bunx: 1, pnpx: 1, uvx: 1 };
const FETCHER_SUBCOMMANDS: Readonly<Record<string, string>> = {
  pnpm: "dlx",
  yarn: "dlx",
  pipx: "run",
  bun: "x",
};

/**
 * A command whose every simple command first fetches a package from a registry (`npx pkg@1.2`,
 * `uvx tool`, `pnpm dlx`), when the package is not installed in the tree: a confined audit has no
 * network, so the run would only hang or fail on the download. Undefined otherwise.
 */
export function fetchedPackage(command: string, treeRoot: string): MissingPrerequisite | undefined {
  const words = scanCommand(command).words;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const prev = words[i - 1];
    if (w === undefined || w.operator || (prev !== undefined && !prev.operator)) continue;
    const runner = basename(w.value);
    let at = FETCHERS[runner] !== undefined ? i + 1 : undefined;
    if (
      at === undefined &&
      FETCHER_SUBCOMMANDS[runner] !== undefined &&
      words[i + 1]?.value === FETCHER_SUBCOMMANDS[runner]
    )
      at = i + 2;
    if (at === undefined) continue;
    while (words[at]?.value.startsWith("-")) at++;
    const pkg = words[at]?.value;
    if (pkg === undefined || (pkg.includes("/") && !pkg.startsWith("@"))) continue;
    const bin = (pkg.startsWith("@") ? (pkg.split("/")[1] ?? pkg) : pkg).replace(/@[^@]*$/, "");
    if (existsSync(join(treeRoot, "node_modules", ".bin", bin))) continue;
    return {
      what: `\`${runner}\` fetches \`${pkg}\` from a registry, and the confined audit has no network`,
    };
  }
  return undefined;
}
