/**
 * The one `main` of a compiled hook, shared by the path-loading runtime (`node runtime.js <program>`,
 * project settings) and the self-contained plugin bundles (`node hooks/vigiles/<name>.mjs`): read the
 * event from stdin, run the program in process, answer the harness per the hook protocol. It fails
 * open, as the harness expects of a broken hook: unreadable input is exit 0 with a message on stderr;
 * a program that cannot load or throws is exit 1 (a non-blocking error: the action proceeds and the
 * harness shows the message).
 */
import { appendFileSync } from "node:fs";
import type { AnyHookProgram } from "../../core/hook-program/define.js";
import { runHookProgram } from "../../core/hook-program/run.js";
import { toProtocolAnswer, type ProtocolAnswer } from "../../core/hook-program/protocol.js";
import { MUTANT_ENV, mutantSilences } from "../../core/mutate/program-flip.js";

/** Where a compiled hook's program comes from. */
export interface CompiledProgramSource {
  /** How messages and the observe log name the program (its path). */
  readonly label: string;
  /** Loads the program; a throw is a load failure (exit 1, the message on stderr). */
  readonly load: () => Promise<AnyHookProgram>;
  /**
   * The program file's resolved path, which `vigiles mutate` names in `VIGILES_MUTANT`; undefined
   * when it cannot be known (an installed plugin holds only the bundle). Called only under mutate.
   */
  readonly mutantPath: () => string | undefined;
}

const PREFIX = "vigiles hook runtime:";
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The protocol answer for one event: stdin's text (or the error reading it) in, exit code and
 * streams out. Reads `VIGILES_MUTANT` and `VIGILES_OBSERVE_LOG` from `env`.
 */
export async function answerHookEvent(
  source: CompiledProgramSource,
  stdin: string | Error,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProtocolAnswer> {
  const answer = (exitCode: number, stderr: string): ProtocolAnswer => ({ exitCode, stdout: "", stderr });
  if (stdin instanceof Error)
    return answer(0, `${PREFIX} could not read the event from stdin (${String(stdin)}); failing open.\n`);
  let event: unknown;
  try {
    event = JSON.parse(stdin);
  } catch {
    return answer(
      0,
      `${PREFIX} the event on stdin is not JSON (${JSON.stringify(stdin.slice(0, 80))}); failing open.\n`,
    );
  }
  if (typeof event !== "object" || event === null || Array.isArray(event))
    return answer(0, `${PREFIX} the event on stdin is not a JSON object; failing open.\n`);
  let program: AnyHookProgram;
  try {
    program = await source.load();
  } catch (error) {
    return answer(1, `${PREFIX} could not load ${source.label}: ${message(error)}\n`);
  }
  const named = (event as Record<string, unknown>)["hook_event_name"];
  if (named !== undefined && named !== program.on)
    return answer(0, `${PREFIX} ${source.label} answers ${program.on}, not ${String(named)}; no decision.\n`);
  try {
    const outcome = runHookProgram(program, event as Record<string, unknown>);
    let protocol = toProtocolAnswer(outcome);
    // `vigiles mutate` only (issue 13): the named program's mutant answers silence instead.
    const mutant = env[MUTANT_ENV];
    if (mutant) {
      const path = source.mutantPath();
      if (path !== undefined && mutantSilences(mutant, path, outcome)) protocol = answer(0, "");
    }
    const log = env["VIGILES_OBSERVE_LOG"];
    if (log && program.mode === "observe")
      appendFileSync(log, `${JSON.stringify({ program: source.label, event: program.on, outcome })}\n`);
    return protocol;
  } catch (error) {
    return answer(1, `${PREFIX} ${message(error)}\n`);
  }
}

async function readStdin(): Promise<string | Error> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * The process side of a compiled hook: stdin → `answerHookEvent` → stdout, stderr, exit code. Only
 * the two entries (runtime.js and a plugin bundle) call it: writing to stdout is their job.
 */
export async function runCompiledHook(source: CompiledProgramSource): Promise<void> {
  const answer = await answerHookEvent(source, await readStdin());
  if (answer.stdout) process.stdout.write(answer.stdout);
  if (answer.stderr) process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}
