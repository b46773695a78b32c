#!/usr/bin/env node
// The transparent hook recorder for Codex, whose --json stream reports no hook activity.
// Codex runs this in place of a registered hook command; it runs the original command exactly as
// Codex would have (`sh -c`, the same stdin, env and cwd), passes its stdout, stderr and exit code
// through unchanged as they arrive, and appends one JSON line describing the fire to the run's log.
// Usage: hook-recorder.mjs <log file> <event> <matcher> <command>
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

const [log, event, matcher, command] = process.argv.slice(2);
const CAP = 1024 * 1024;
const started = Date.now();

const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", run);
process.stdin.on("error", run);

function run() {
  if (run.done) return;
  run.done = true;
  const input = Buffer.concat(chunks);
  const child = spawn("/bin/sh", ["-c", command ?? ""], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let signalled = null;
  child.stdout.on("data", (c) => {
    process.stdout.write(c);
    if (stdout.length < CAP) stdout += c.toString("utf8");
  });
  child.stderr.on("data", (c) => {
    process.stderr.write(c);
    if (stderr.length < CAP) stderr += c.toString("utf8");
  });
  child.stdin.on("error", () => {});
  child.stdin.end(input);
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) {
    process.on(sig, () => {
      signalled = sig;
      child.kill(sig);
    });
  }
  child.on("error", (error) => {
    stderr += String(error);
  });
  child.on("close", (code, signal) => {
    let payload;
    try {
      payload = JSON.parse(input.toString("utf8"));
    } catch {
      payload = input.toString("utf8");
    }
    const record = {
      event,
      matcher: matcher === "" ? undefined : matcher,
      command,
      input: payload,
      exitCode: code,
      signal: signal ?? signalled,
      stdout,
      stderr,
      startedAt: started,
      durationMs: Date.now() - started,
    };
    try {
      appendFileSync(log, JSON.stringify(record) + "\n");
    } catch {
      // The log is ours; failing to write it must not change what the hook did.
    }
    process.exitCode = code ?? 1;
  });
}
