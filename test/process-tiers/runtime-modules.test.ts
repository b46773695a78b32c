import { createServer, type Server } from "node:http";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir, liveTempDirs } from "../../src/runtime/temp-dir.js";
import { changedPaths, deletedPaths, snapshotDir } from "../../src/runtime/work-dir-snapshot.js";
import { bwrapAvailable, confineArgv, ConfinementUnavailableError } from "../../src/runtime/confine.js";
import { managedSettingsDirs } from "../../src/adapters/registry.js";
import { runProcess } from "../../src/runtime/process.js";

describe("makeTempDir / removeTempDir", () => {
  it("makes a registered dir and removes it; removing twice is fine", () => {
    const dir = makeTempDir("vigiles-test-");
    expect(existsSync(dir)).toBe(true);
    expect(liveTempDirs()).toContain(dir);
    writeFileSync(join(dir, "x"), "1");
    removeTempDir(dir);
    expect(existsSync(dir)).toBe(false);
    expect(liveTempDirs()).not.toContain(dir);
    expect(() => removeTempDir(dir)).not.toThrow();
  });

  it("removes registered dirs when the process exits", async () => {
    const script = `
      import { makeTempDir } from ${JSON.stringify(new URL("../../src/runtime/temp-dir.ts", import.meta.url).pathname)};
      const d = makeTempDir("vigiles-exit-");
      console.log(d);
    `;
    const r = await runProcess({
      argv: [process.execPath, "--import", "tsx", "--input-type=module", "-e", script],
      env: process.env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const dir = r.stdout.trim();
    expect(dir).toContain("vigiles-exit-");
    expect(existsSync(dir)).toBe(false);
  });
});

describe("snapshotDir / changedPaths", () => {
  it("finds created and changed files by content, not mtime, and ignores identical rewrites", () => {
    const root = makeTempDir("vigiles-snap-");
    try {
      writeFileSync(join(root, "same"), "a");
      writeFileSync(join(root, "rewritten-same"), "b");
      writeFileSync(join(root, "changed-keep-mtime"), "c");
      writeFileSync(join(root, "gone"), "d");
      writeFileSync(join(root, "chmod"), "e");
      mkdirSync(join(root, "sub"));
      symlinkSync("same", join(root, "link"));
      const before = snapshotDir(root);

      writeFileSync(join(root, "rewritten-same"), "b");
      writeFileSync(join(root, "changed-keep-mtime"), "C");
      utimesSync(join(root, "changed-keep-mtime"), new Date(0), new Date(0));
      writeFileSync(join(root, "sub", "new.txt"), "n");
      chmodSync(join(root, "chmod"), 0o755);
      unlinkSync(join(root, "gone"));
      unlinkSync(join(root, "link"));
      symlinkSync("sub", join(root, "link"));
      const after = snapshotDir(root);

      expect(changedPaths(before, after)).toEqual(["changed-keep-mtime", "chmod", "link", "sub/new.txt"]);
      expect(deletedPaths(before, after)).toEqual(["gone"]);
      expect(changedPaths(after, snapshotDir(root))).toEqual([]);
    } finally {
      removeTempDir(root);
    }
  });
});

describe("confineArgv (bubblewrap, real runs)", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("reached"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("bwrap works on this machine (CI installs it)", () => {
    expect(bwrapAvailable()).toBe(true);
  });

  it("writes the work dir and HOME, cannot write elsewhere", async () => {
    const work = makeTempDir("vigiles-work-");
    const home = makeTempDir("vigiles-home-");
    // One dir outside /tmp (absent inside: /var/tmp is fresh) and one under /tmp (hidden by the private tmpfs).
    // /var/tmp, not the checkout: CI may clone the repository under /tmp.
    const outside = mkdtempSync(join("/var/tmp", "vigiles-outside-"));
    const outsideTmp = makeTempDir("vigiles-outside-");
    try {
      const argv = confineArgv(
        [
          "sh",
          "-c",
          `echo w > ./in-work && echo h > "$HOME/in-home" && pwd && (echo o > ${outside}/escape) 2>&1; echo rc=$?; (echo o > ${outsideTmp}/escape) 2>&1; echo rc=$?`,
        ],
        { managedSettingsDirs: managedSettingsDirs(), workDir: work, home, network: "none" },
      );
      expect(argv[0]).toBe("bwrap");
      const r = await runProcess({ argv, env: { PATH: process.env.PATH } });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toContain(work);
      // /var/tmp is not bound at all now (a fresh tmpfs): the folder is absent, or read-only.
      expect(r.stdout).toMatch(/Read-only file system|Directory nonexistent/);
      expect(r.stdout).not.toContain("rc=0");
      expect(readFileSync(join(work, "in-work"), "utf8")).toBe("w\n");
      expect(readFileSync(join(home, "in-home"), "utf8")).toBe("h\n");
      expect(existsSync(join(outside, "escape"))).toBe(false);
      expect(existsSync(join(outsideTmp, "escape"))).toBe(false);
    } finally {
      for (const d of [work, home, outside, outsideTmp]) removeTempDir(d);
    }
  });

  // "shared" is no longer the host's network: the run reaches the allowed endpoint only through the
  // egress proxy (HTTP_PROXY inside), so the probe is curl, which reads it (Node 20's fetch does not).
  it('network "none" cannot reach a server on the host loopback; "shared" reaches the allowed one', async () => {
    const work = makeTempDir("vigiles-work-");
    const home = makeTempDir("vigiles-home-");
    const probe = `fetch("http://127.0.0.1:${port}/").then(async r => console.log("got", await r.text()), e => console.log("failed", e.cause?.code ?? e.message))`;
    try {
      const none = await runProcess({
        argv: confineArgv([process.execPath, "-e", probe], {
          managedSettingsDirs: managedSettingsDirs(),
          workDir: work,
          home,
          network: "none",
        }),
        env: { PATH: process.env.PATH },
        timeoutMs: 20_000,
      });
      expect(none.stdout, none.stderr).toMatch(/^failed/);
      const shared = await runProcess({
        argv: confineArgv(["curl", "-s", "--max-time", "10", `http://127.0.0.1:${port}/`], {
          managedSettingsDirs: managedSettingsDirs(),
          workDir: work,
          home,
          network: "shared",
          allow: [`127.0.0.1:${port}`],
        }),
        env: { PATH: process.env.PATH },
        timeoutMs: 20_000,
      });
      expect(shared.stdout, shared.stderr).toBe("reached");
    } finally {
      removeTempDir(work);
      removeTempDir(home);
    }
  });

  it("a private tmpDir is writable and set as TMPDIR; /tmp is a fresh tmpfs", async () => {
    const work = makeTempDir("vigiles-work-");
    const home = makeTempDir("vigiles-home-");
    const tmp = makeTempDir("vigiles-tmp-");
    try {
      const r = await runProcess({
        argv: confineArgv(["sh", "-c", 'echo t > "$TMPDIR/t" && ls /tmp | wc -l'], {
          managedSettingsDirs: managedSettingsDirs(),
          workDir: work,
          home,
          tmpDir: tmp,
          network: "none",
        }),
        env: { PATH: process.env.PATH },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(readFileSync(join(tmp, "t"), "utf8")).toBe("t\n");
    } finally {
      for (const d of [work, home, tmp]) removeTempDir(d);
    }
  });

  it("ConfinementUnavailableError has a stable code and says how to install bubblewrap", () => {
    const e = new ConfinementUnavailableError("`bwrap` is not on PATH");
    expect(e.code).toBe("VIGILES_CONFINEMENT_UNAVAILABLE");
    expect(e.message).toMatch(/apt-get install -y bubblewrap/);
  });
});
