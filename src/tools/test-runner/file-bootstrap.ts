/**
 * How `vigiles test` runs one harness file: `node file-bootstrap.js <file>`. It imports the file,
 * so its whole top level runs first (awaits included), then runs the tests the file declared. An
 * error at the top level is left uncaught, so node prints it as for `node <file>`, a SyntaxError
 * with its line and caret.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DEFERRED_RUN_KEY, runDeclaredTests } from "./harness-test.js";

const file = process.argv[2];
if (file === undefined) throw new Error("usage: node file-bootstrap.js <harness file>");
// The file sees itself as the script node ran, as under `node <file>`.
process.argv.splice(1, 2, resolve(file));
(globalThis as { [DEFERRED_RUN_KEY]?: boolean })[DEFERRED_RUN_KEY] = true;
await import(pathToFileURL(resolve(file)).href);
await runDeclaredTests();
