/**
 * The compiled-hook runtime for project settings: `node runtime.js <program>` is the command a
 * compiled registration runs. It loads the program from its path (tsx for TypeScript) and answers
 * through the same `main` as a plugin bundle (answer.ts), with the same fail-open rules.
 *
 * This file is a program entry, not library code: writing to stdout is its job.
 */
import { realpathSync } from "node:fs";
import { runCompiledHook } from "./answer.js";
import { loadHook } from "./load.js";

const programPath = process.argv[2];
if (!programPath) {
  process.stderr.write("vigiles hook runtime: usage: node runtime.js <hook program file>\n");
  process.exitCode = 1;
} else {
  await runCompiledHook({
    label: programPath,
    load: () => loadHook(programPath),
    mutantPath: () => realpathSync(programPath),
  });
}
