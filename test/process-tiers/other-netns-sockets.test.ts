// Issue 29 §2: no host unix socket is connectable from a confined run, whichever network namespace
// bound it. The socket list came from /proc/net/unix, which shows only the current namespace: an
// HTTP server started under `unshare -n` on /var/tmp/x/other.sock answered a confined runScript's
// curl. Now /var/tmp (world-writable, left visible) and the run's binds are walked for sockets, and
// every network namespace's table is read; each socket found is /dev/null inside.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readHostSockets, walkForSockets } from "../../src/runtime/confine-mounts.js";
import { runScript, runScriptAsync } from "../../src/tiers/run-script/run-script.js";

const SERVER = `require("node:http").createServer((q, s) => s.end("ANSWER-FROM-OTHER-NETNS")).listen(process.argv[1]);`;
const servers: ChildProcess[] = [];
let varTmp = "";
let elsewhere = "";

/** Starts the HTTP server in a network namespace of its own (`unshare -n`) and waits for its socket. */
async function serveInOtherNetns(path: string): Promise<void> {
  const child = spawn("unshare", ["-n", process.execPath, "-e", SERVER, path], { stdio: "ignore" });
  servers.push(child);
  for (let i = 0; i < 100 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 100));
  expect(existsSync(path), `the server under unshare -n did not listen on ${path}`).toBe(true);
}

const curl = (path: string) => `curl -s --max-time 5 --unix-socket ${path} http://x/; echo " curl=$?"`;

const unshareWorks = spawnSync("unshare", ["-n", "true"]).status === 0;

beforeAll(async () => {
  if (!unshareWorks) return;
  varTmp = mkdtempSync("/var/tmp/vigiles-netns-");
  // Outside every walked folder: under the project, visible inside through the read-only root.
  elsewhere = mkdtempSync(join(process.cwd(), ".vigiles-netns-"));
  await serveInOtherNetns(join(varTmp, "other.sock"));
  await serveInOtherNetns(join(elsewhere, "other.sock"));
  // The control: on the host both answer, and this namespace's /proc/net/unix lists neither.
  for (const dir of [varTmp, elsewhere]) {
    expect(spawnSync("sh", ["-c", curl(join(dir, "other.sock"))], { encoding: "utf8" }).stdout).toContain(
      "ANSWER-FROM-OTHER-NETNS",
    );
  }
});
afterAll(() => {
  for (const s of servers) s.kill("SIGKILL");
  for (const dir of [varTmp, elsewhere]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!unshareWorks)("a socket bound in another network namespace", () => {
  it("is not connectable from a confined runScript, sync or async (under /var/tmp, and elsewhere)", async () => {
    for (const dir of [varTmp, elsewhere]) {
      const sync = runScript(curl(join(dir, "other.sock")), { confine: true });
      expect(sync.stdout, dir).not.toContain("ANSWER");
      expect(sync.stdout, dir).toMatch(/curl=[1-9]/);
      const run = await runScriptAsync(curl(join(dir, "other.sock")), { confine: true });
      expect(run.stdout, dir).not.toContain("ANSWER");
    }
  });

  it("is listed by readHostSockets (read through a process of that namespace) and found by walking", () => {
    expect(readHostSockets()).toEqual(
      expect.arrayContaining([join(varTmp, "other.sock"), join(elsewhere, "other.sock")]),
    );
    expect(walkForSockets([varTmp]).sockets).toEqual([join(varTmp, "other.sock")]);
  });
});
