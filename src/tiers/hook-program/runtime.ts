/**
 * The compiled-hook runtime: `node runtime.js <program>` is the command a compiled registration
 * runs. It reads the event from stdin, runs the program in process, and answers the harness per
 * the hook protocol. It fails open, as the harness expects of a broken hook: unreadable input is
 * exit 0 with a message on stderr; a program that cannot load or throws is exit 1 (a non-blocking
 * error: the action proceeds and the harness shows the message).
 *
 * This file is a program entry, not library code: writing to stdout is its job.
 */
import { appendFileSync, realpathSync } from "node:fs";
import { runHookProgram } from "../../core/hook-program/run.js";
import { toProtocolAnswer } from "../../core/hook-program/protocol.js";
import { loadHook } from "./load.js";
import { MUTANT_ENV, mutantSilences } from "../../core/mutate/program-flip.js";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function finish(code: number, stdout = "", stderr = ""): void {
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  process.exitCode = code;
}

async function main(argv: readonly string[]): Promise<void> {
  const programPath = argv[0];
  if (!programPath)
    return finish(1, "", "vigiles hook runtime: usage: node runtime.js <hook program file>\n");
  let raw: string;
  try {
    raw = await readStdin();
  } catch (error) {
    return finish(
      0,
      "",
      `vigiles hook runtime: could not read the event from stdin (${String(error)}); failing open.\n`,
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    return finish(
      0,
      "",
      `vigiles hook runtime: the event on stdin is not JSON (${JSON.stringify(raw.slice(0, 80))}); failing open.\n`,
    );
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    return finish(0, "", "vigiles hook runtime: the event on stdin is not a JSON object; failing open.\n");
  }
  let program;
  try {
    program = await loadHook(programPath);
  } catch (error) {
    return finish(
      1,
      "",
      `vigiles hook runtime: could not load ${programPath}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  const named = (event as Record<string, unknown>)["hook_event_name"];
  if (named !== undefined && named !== program.on) {
    return finish(
      0,
      "",
      `vigiles hook runtime: ${programPath} answers ${program.on}, not ${String(named)}; no decision.\n`,
    );
  }
  let answer;
  try {
    const outcome = runHookProgram(program, event as Record<string, unknown>);
    answer = toProtocolAnswer(outcome);
    // `vigiles mutate` only (issue 13): the named program's mutant answers silence instead.
    const mutant = process.env[MUTANT_ENV];
    if (mutant && mutantSilences(mutant, realpathSync(programPath), outcome))
      answer = { exitCode: 0, stdout: "", stderr: "" };
    const log = process.env["VIGILES_OBSERVE_LOG"];
    if (log && program.mode === "observe")
      appendFileSync(log, `${JSON.stringify({ program: programPath, event: program.on, outcome })}\n`);
  } catch (error) {
    return finish(1, "", `vigiles hook runtime: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  finish(answer.exitCode, answer.stdout, answer.stderr);
}

await main(process.argv.slice(2));
