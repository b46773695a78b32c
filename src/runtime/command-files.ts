/**
 * The files a hook command runs or reads, as real absolute paths: each word that names an existing
 * file (relative words resolved against the command's cwd, or the directory a `cd` moved to). Used
 * to link a hook run by its script path to the registration that runs the same script.
 */
import { realpathSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { commandPathWords } from "../core/mutate/command-words.js";

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false; // not a file: an argument, a flag, a shell word
  }
};

/**
 * Existing files named by `command`, in order, each once, as real paths.
 *
 * @example
 * commandFiles("python3 hooks/guard.py", { cwd: "/repo", vars: {} }) // ["/repo/hooks/guard.py"]
 */
export function commandFiles(
  command: string | readonly string[],
  context: { readonly cwd: string; readonly vars: Readonly<Record<string, string>> },
): string[] {
  const out = new Set<string>();
  for (const { word, base, program } of commandPathWords(command, context.vars)) {
    // A bare program name (`bash`, `jq`) is looked up on PATH by the shell, never in the cwd.
    if (program && !word.includes("/")) continue;
    const dir = base === undefined ? context.cwd : resolve(context.cwd, base);
    const path = isAbsolute(word) ? word : resolve(dir, word);
    if (!isFile(path)) continue;
    try {
      out.add(realpathSync(path));
    } catch {
      // gone between the stat and the realpath: not a file any more
    }
  }
  return [...out];
}
