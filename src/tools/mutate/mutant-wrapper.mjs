#!/usr/bin/env node
// A command-hook mutant (vigiles mutate): `node mutant-wrapper.mjs <mode> <timeout s> <original command>`.
// It runs the original where the mode needs it and breaks its answer in one way. The stubs of Python
// and node scripts hand over to it, and so does any stub of a script several handlers share (only
// it reads the event name out of the JSON input); shell stubs and registered commands use the same
// modes written in sh (shell-mutant.ts), which spares each hook call a node start-up. Standalone
// on purpose: it imports nothing from vigiles, so it runs wherever the hook runs (also confined).
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

/** Marks that the mutant changed an answer (the stub names the file); silent where it cannot write. */
function acted() {
  const path = process.env.VIGILES_MUTANT_ACTED;
  if (!path) return;
  try {
    closeSync(openSync(path, "a"));
  } catch {
    // a read-only confinement: the run says nothing either way
  }
}

// `… <mode> <timeout> <command>` runs the command under `sh -c`; `… <mode> <timeout> -- <program> <args…>`
// runs an exec-form handler (`command` plus `args`) as it is, without a shell.
const [mode, timeoutArg, command, ...rest] = process.argv.slice(2);
const [file, args] =
  command === "--" ? [rest[0] ?? "true", rest.slice(1)] : ["sh", ["-c", command ?? "true"]];

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function runOriginal(input) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => err.push(c));
    child.stdin.on("error", () => {});
    child.stdin.end(input);
    child.on("error", (e) => resolve({ code: 127, stdout: "", stderr: String(e) }));
    child.on("close", (code, signal) =>
      resolve({
        code: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      }),
    );
  });
}

function finish(code, stdout = "", stderr = "") {
  if (stdout) process.stdout.write(stdout);
  if (stderr) process.stderr.write(stderr);
  process.exitCode = code;
}

const input = await readStdin();
// A script several handlers share is mutated for one event (VIGILES_MUTANT_EVENT): another event's
// input runs the original untouched. An input that names no event (a test's bare tool call) is mutated.
const only = process.env.VIGILES_MUTANT_EVENT;
let eventName;
try {
  eventName = JSON.parse(input.toString("utf8"))?.hook_event_name;
} catch {
  eventName = undefined;
}
const passThrough = only !== undefined && only !== "" && typeof eventName === "string" && eventName !== only;
switch (passThrough ? "pass-through" : mode) {
  case "pass-through": {
    const r = await runOriginal(input);
    finish(r.code, r.stdout, r.stderr);
    break;
  }
  case "always-allows":
    finish(0);
    break;
  case "crashes":
    finish(1, "", "vigiles mutant: this hook crashed (exit 1)\n");
    break;
  case "exit2-to-0": {
    const r = await runOriginal(input);
    if (r.code === 2) {
      acted();
      finish(0, r.stdout);
    } else finish(r.code, r.stdout, r.stderr);
    break;
  }
  case "deny-to-block": {
    const r = await runOriginal(input);
    const stdout = r.stdout.replace(
      /("(?:permissionDecision|behavior|decision)"\s*:\s*)"deny"/g,
      '$1"block"',
    );
    if (stdout !== r.stdout) acted();
    finish(r.code, stdout, r.stderr);
    break;
  }
  case "past-timeout": {
    const seconds = Number(timeoutArg) > 0 ? Number(timeoutArg) : 600;
    await new Promise((resolve) => setTimeout(resolve, (seconds + 2) * 1000));
    const r = await runOriginal(input);
    finish(r.code, r.stdout, r.stderr);
    break;
  }
  default:
    finish(1, "", `vigiles mutant wrapper: unknown mode ${JSON.stringify(mode)}\n`);
}
