// Issue 29 §8 by construction: a confined run binds only the host's system trees (and the project,
// node and its own dirs), so a socket anywhere else is absent inside whatever any list says. Here no
// socket table is read (`hostSockets: []`) and nothing is walked but the run's binds: sockets under
// /var/tmp, /dev/shm and /run (world-writable or runtime folders a daemon or another user binds in),
// and under a folder standing for another user's HOME, are still not connectable. Before, with the
// host's root bound read-only, the /var/tmp one answered unless a walk or a table found it.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bwrapAvailable, confineArgvWithPlan } from "../../src/runtime/confine.js";
import { runProcess } from "../../src/runtime/process.js";
import { makeTempDir, removeTempDir } from "../../src/runtime/temp-dir.js";

const servers: Server[] = [];
const sockets: string[] = [];
const dirs: string[] = [];

async function listenIn(parent: string): Promise<void> {
  let dir: string;
  try {
    dir = mkdtempSync(join(parent, "vigiles-construction-"));
  } catch {
    return; // not writable here (/run as a user): the other folders still count
  }
  dirs.push(dir);
  const path = join(dir, "daemon.sock");
  const server = createServer((c) => c.end("ANSWER-FROM-A-HOST-SOCKET"));
  await new Promise<void>((ok) => server.listen(path, ok));
  servers.push(server);
  sockets.push(path);
}

beforeAll(async () => {
  for (const parent of ["/var/tmp", "/dev/shm", "/run"]) await listenIn(parent);
  const otherHome = mkdtempSync("/var/tmp/vigiles-other-home-");
  dirs.push(otherHome);
  mkdirSync(join(otherHome, ".gnupg"));
  await listenIn(join(otherHome, ".gnupg"));
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!bwrapAvailable())("host sockets outside what a confined run binds", () => {
  it("are absent inside with no socket list at all", async () => {
    expect(sockets.length).toBeGreaterThanOrEqual(3);
    const work = makeTempDir("vigiles-work-");
    const home = makeTempDir("vigiles-home-");
    const probe = `for (const p of ${JSON.stringify(sockets)}) require("node:net").connect(p).on("data", (d) => console.log(p, String(d))).on("error", (e) => console.log(p, e.code));`;
    try {
      const r = await runProcess({
        argv: confineArgvWithPlan(
          [process.execPath, "-e", probe],
          { managedSettingsDirs: [], workDir: work, home, network: "none" },
          { hostSockets: [] },
        ),
        env: { PATH: process.env.PATH },
        timeoutMs: 30_000,
      });
      expect(r.stdout).not.toContain("ANSWER");
      for (const s of sockets) expect(r.stdout, s).toContain(`${s} ENOENT`);
    } finally {
      removeTempDir(work);
      removeTempDir(home);
    }
  });
});
