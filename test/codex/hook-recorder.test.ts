// The Codex hook recorder is transparent: a hook run through it gives Codex the same stdout and stderr
// (byte for byte) and the same exit code as the hook run alone, with a large, an empty or a binary
// stdin, and every fire leaves one whole record even when fires overlap. Real processes: each fire is
// `sh -c <command>`, as Codex runs a hook, with the command the adapter writes into hooks.json.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { hookRecorderScript } from "../../src/adapters/shared/hook-recorder.js";
import { wrapHooks, type RecorderPaths } from "../../src/adapters/codex/prepare.js";
import { readHookLog } from "../../src/adapters/codex/stream/hook-records.js";
import { readHookRecords } from "../../src/adapters/shared/hook-records.js";

const root = mkdtempSync("/var/tmp/vigiles-recorder-test-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A fresh fires dir and the recorder script beside it. */
function recorderIn(): RecorderPaths {
  const dir = join(root, String(dirs++));
  mkdirSync(join(dir, "fires"), { recursive: true });
  writeFileSync(join(dir, "recorder.sh"), hookRecorderScript({ shell: "/bin/sh", command: "argument" }));
  return { script: join(dir, "recorder.sh"), firesDir: join(dir, "fires") };
}

/** The command Codex runs for `command` once the adapter has wrapped it. */
function wrapped(recorder: RecorderPaths, command: string, event = "PreToolUse", matcher = "Bash"): string {
  const { hooks } = wrapHooks(
    { [event]: [{ matcher, hooks: [{ type: "command", command }] }] },
    "hooks.json",
    recorder,
  );
  const groups = hooks[event] as { hooks: { command: string }[] }[];
  return groups[0]?.hooks[0]?.command ?? "";
}

interface Fire {
  readonly stdout: Buffer;
  readonly stderr: Buffer;
  readonly exitCode: number | null;
}

function fire(command: string, stdin: Buffer | string, cwd = root): Promise<Fire> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
    child.on("error", reject);
    child.on("close", (exitCode) =>
      resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err), exitCode }),
    );
  });
}

/** Runs `hook` alone and through the recorder with the same stdin; both must look the same to Codex. */
async function bothWays(hook: string, stdin: Buffer | string) {
  const recorder = recorderIn();
  const [bare, recorded] = await Promise.all([fire(hook, stdin), fire(wrapped(recorder, hook), stdin)]);
  expect(recorded.exitCode).toBe(bare.exitCode);
  expect(recorded.stdout.equals(bare.stdout)).toBe(true);
  expect(recorded.stderr.equals(bare.stderr)).toBe(true);
  return { bare, recorded, records: readHookRecords(recorder.firesDir), recorder };
}

const payload = (command: string) =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "c1",
  });

describe.concurrent("the Codex hook recorder", () => {
  test("passes stdout, stderr and the exit code through unchanged and records them", async () => {
    const hook = `cat >/dev/null; printf 'no \\000trailing\\377 newline'; printf 'guard: rm -rf is not allowed\\n' >&2; exit 2`;
    const { bare, records, recorder } = await bothWays(hook, payload("rm -rf keep"));
    expect(bare.exitCode).toBe(2);
    expect(bare.stdout).toEqual(Buffer.from("no \0trailing\xff newline", "latin1"));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      event: "PreToolUse",
      matcher: "Bash",
      input: { tool_input: { command: "rm -rf keep" } },
      exitCode: 2,
      stderr: "guard: rm -rf is not allowed\n",
    });
    const log = readHookLog(recorder.firesDir);
    expect(log.fires.map((f) => [f.name, f.blocked])).toEqual([["PreToolUse:Bash", true]]);
    expect(log.preToolUse[0]?.blocked).toMatchObject({
      toolUseId: "c1",
      reason: "guard: rm -rf is not allowed",
    });
  });

  test("keeps every exit code and the hook's own shell semantics", async () => {
    for (const code of [0, 1, 7, 127]) {
      const { records } = await bothWays(`exit ${code}`, "");
      expect(records[0]?.exitCode).toBe(code);
    }
    // The hook's positional parameters are its own, not the recorder's arguments.
    const { bare } = await bothWays('echo "[$1][$#]"; pwd', "{}");
    expect(bare.stdout.toString()).toBe(`[][0]\n${root}\n`);
  });

  test("a large stdin reaches the hook whole, and a large output comes back whole", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 13)) & 0xff;
    const { bare, records } = await bothWays("cat; cat >&2 </dev/null", big);
    expect(bare.stdout.equals(big)).toBe(true);
    expect(records[0]?.exitCode).toBe(0);
    // The Trace keeps the first MB of a stream.
    expect(records[0]?.stdout.length).toBeLessThanOrEqual(1024 * 1024);
  });

  test("an empty stdin is an immediate end of input, recorded as empty", async () => {
    const { bare, records } = await bothWays('wc -c; read line || echo "eof"', "");
    expect(bare.stdout.toString().replace(/ +/g, "")).toBe("0\neof\n");
    expect(records[0]).toMatchObject({ input: "", exitCode: 0 });
  });

  test("overlapping fires each leave one whole record of their own", async () => {
    const recorder = recorderIn();
    const command = wrapped(recorder, 'cat; sleep 0.05; echo "done" >&2');
    const inputs = Array.from({ length: 24 }, (_, i) => `${payload(`echo ${i}`)}${"x".repeat(i * 997)}`);
    const fires = await Promise.all(inputs.map((input) => fire(command, input)));
    fires.forEach((f, i) => expect(f.stdout.toString()).toBe(inputs[i]));
    const records = readHookRecords(recorder.firesDir);
    expect(records).toHaveLength(inputs.length);
    expect(records.map((r) => r.stdout).sort()).toEqual([...inputs].sort());
    for (const r of records)
      expect([r.exitCode, r.stderr, r.stdout.startsWith("{")]).toEqual([0, "done\n", true]);
    expect(new Set(readdirSync(recorder.firesDir).filter((n) => n.endsWith(".in"))).size).toBe(inputs.length);
  });

  test("a fire killed before its hook exits is recorded without an exit code (cancelled)", async () => {
    const recorder = recorderIn();
    const child = spawn("/bin/sh", ["-c", wrapped(recorder, "cat >/dev/null; echo started; sleep 30")], {
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    child.stdin.end(payload("sleep"));
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (readHookRecords(recorder.firesDir)[0]?.stdout === "started\n") {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    const log = readHookLog(recorder.firesDir);
    expect(log.fires[0]).toMatchObject({
      exitCode: null,
      outcome: "cancelled",
      blocked: false,
      stdout: "started\n",
    });
  });

  test("when the fires dir cannot be written, the hook still runs exactly as without the recorder", async () => {
    const recorder = { ...recorderIn(), firesDir: join(root, "missing", "fires") };
    const hook = "cat; echo err >&2; exit 3";
    const [bare, recorded] = await Promise.all([fire(hook, "in"), fire(wrapped(recorder, hook), "in")]);
    expect([recorded.exitCode, recorded.stdout.toString(), recorded.stderr.toString()]).toEqual([
      3,
      "in",
      "err\n",
    ]);
    expect(recorded).toEqual(bare);
  });
});
