/**
 * Plain words for a hook that could not run: not executable, not found, a missing interpreter. The
 * harness treats all of these as a non-blocking error and lets the action through, so a guard with
 * such a fault guards nothing; the message says how to fix it.
 */
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** The script a command runs first, when it names a file (`./guard.sh arg`, `"/path/x.py"`). */
function firstWord(argv: readonly string[]): string | undefined {
  const command = argv[0] === "sh" && argv[1] === "-c" ? (argv[2] ?? "") : (argv[0] ?? "");
  if (argv[0] !== "sh" || argv[1] !== "-c") return command;
  const m = /^\s*(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(command);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function interpreterOf(file: string): string | undefined {
  try {
    const head = readFileSync(file, { encoding: "utf8", flag: "r" }).slice(0, 256);
    const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(head);
    if (!m || m[1] === undefined) return undefined;
    return m[1].endsWith("/env") && m[2] ? m[2] : m[1];
  } catch {
    return undefined;
  }
}

/** Whether a program (a path, or a bare name looked up on PATH) exists. */
function programExists(program: string): boolean {
  if (program.includes("/")) return existsSync(program);
  return (process.env.PATH ?? "").split(delimiter).some((d) => d !== "" && existsSync(join(d, program)));
}

/** A sentence on why the hook did not run, or undefined when it ran (whatever it decided). */
export function diagnoseHookFailure(
  argv: readonly string[],
  cwd: string,
  exitCode: number | null,
  spawnError: { code: string; message: string } | undefined,
): string | undefined {
  const word = firstWord(argv);
  const file =
    word && (word.includes("/") || spawnError) ? (isAbsolute(word) ? word : resolve(cwd, word)) : undefined;
  const fails = "the harness treats this as a non-blocking error and the action proceeds";
  const notExecutable = (f: string) => `${f} is not executable: run \`chmod +x ${f}\` (${fails})`;
  const missingInterpreter = (f: string, interp: string) =>
    `${f} exists but its interpreter ${JSON.stringify(interp)} (from its #! line) was not found (${fails})`;
  if (spawnError) {
    if (spawnError.code === "EACCES" && file) return notExecutable(file);
    if (spawnError.code === "ENOENT" && file && existsSync(file)) {
      const interp = interpreterOf(file);
      if (interp) return missingInterpreter(file, interp);
    }
    if (spawnError.code === "ENOENT") return `${word ?? "the program"} was not found (${fails})`;
    return `the hook could not start: ${spawnError.message} (${fails})`;
  }
  if (exitCode !== 126 && exitCode !== 127) return undefined;
  if (file && existsSync(file)) {
    try {
      accessSync(file, constants.X_OK);
    } catch {
      return notExecutable(file);
    }
    const interp = interpreterOf(file);
    // A 127 from a command inside the script is not its #! line: name the interpreter only when it is missing.
    if (interp && exitCode === 127 && !programExists(interp)) return missingInterpreter(file, interp);
  }
  if (exitCode === 127)
    return `exit 127: command not found${file ? ` (${file} does not exist)` : ""} (${fails})`;
  return `exit 126: the command could not be executed (${fails})`;
}
