// Pins the mount plan of a confined run (src/runtime/confine-mounts.ts): what is masked, what is bound
// back, and which host sockets get /dev/null over them. The escape tests
// (test/harness/confinement-escape.test.ts) try the same from inside real runs.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ManagedSettingsTargetError,
  UnsafeBindError,
  confinementMounts,
  readHostSockets,
  SYSTEM_TREES,
  type Mount,
  type MountPlanInput,
} from "../../src/runtime/confine-mounts.js";
import { confinedCli } from "../../src/runtime/confine-cli.js";

let scratch = "";
let home = "";
let work = "";
const servers: Server[] = [];

async function listen(path: string): Promise<string> {
  const server = createServer();
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(path, () => ok());
  });
  servers.push(server);
  return path;
}

beforeAll(() => {
  scratch = mkdtempSync("/var/tmp/vigiles-mounts-");
  home = join(scratch, "home");
  work = join(scratch, "run", "work");
  mkdirSync(join(home, "project"), { recursive: true });
  mkdirSync(work, { recursive: true });
});
// Each test's listeners end with it (closing removes the socket file): the plan now walks the run's
// binds for sockets, and one test's socket in the work dir would show in the next test's plan.
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function plan(extra: Partial<MountPlanInput> = {}): Mount[] {
  return confinementMounts({
    workDir: work,
    home: join(scratch, "run"),
    readOnly: [],
    writable: [],
    allowedSockets: [],
    managedSettings: [],
    hostHomes: [home],
    keepVisible: [],
    hostSockets: [],
    socketWalkDirs: [],
    managedDirs: [],
    // The scratch folder stands in for a host tree the run sees (the sockets of a system tree).
    systemTrees: [scratch],
    ...extra,
  });
}

const devNullOver = (mounts: Mount[]) =>
  mounts.filter((m) => m.kind === "ro-bind" && m.source === "/dev/null").map((m) => m.path);

describe("confinementMounts", () => {
  it("masks the invoking HOME and /root with a tmpfs, /run too, and never masks a system folder", () => {
    const mounts = plan({ hostHomes: [home, "/root", "/", "/usr"] });
    const tmpfs = mounts.filter((m) => m.kind === "tmpfs").map((m) => m.path);
    expect(tmpfs).toEqual(expect.arrayContaining([home, "/root", "/run", "/tmp"]));
    expect(tmpfs).not.toContain("/");
    expect(tmpfs).not.toContain("/usr");
  });

  // Issue 29 §8 by construction: the host is not bound whole. Only its system trees are, and every
  // HOME, /run, /var/tmp, /tmp and /dev/shm is absent or fresh, whatever sockets they hold.
  it("binds only the system trees of the host, never / itself; /var, /var/tmp, /run, /tmp and /dev are fresh", () => {
    const mounts = plan({ systemTrees: SYSTEM_TREES });
    expect(mounts.filter((m) => m.path === "/" || (m.kind === "ro-bind" && m.source === "/"))).toEqual([]);
    const bound = mounts.filter((m) => m.kind === "ro-bind" && m.source !== "/dev/null").map((m) => m.path);
    for (const path of bound) {
      expect(
        SYSTEM_TREES.some((t) => path === t || path.startsWith(`${t}/`)) || path.startsWith(scratch),
        path,
      ).toBe(true);
    }
    expect(bound).toContain("/usr");
    const fresh = mounts.filter((m) => m.kind === "tmpfs" || m.kind === "dev").map((m) => m.path);
    expect(fresh).toEqual(expect.arrayContaining(["/var", "/var/tmp", "/run", "/tmp", "/dev"]));
  });

  it("binds a project inside HOME back read-only, but never the whole HOME", () => {
    const project = join(home, "project");
    const inside = plan({ keepVisible: [project] });
    expect(inside).toContainEqual({ kind: "ro-bind", source: project, path: project });
    const whole = plan({ keepVisible: [home] });
    expect(whole.filter((m) => m.kind === "ro-bind" && m.path === home)).toEqual([]);
  });

  it("covers a visible host socket with /dev/null; leaves one hidden by a mask, and the allowed one, alone", async () => {
    const visible = await listen(join(scratch, "visible.sock"));
    const hidden = await listen(join(home, "agent.sock"));
    const allowed = await listen(join(work, "mock.sock"));
    const mounts = plan({ hostSockets: [visible, hidden, allowed], allowedSockets: [allowed] });
    expect(devNullOver(mounts)).toEqual([visible]);
    // After every other mount, so no later bind uncovers it (only the read-only remounts follow).
    expect(mounts.filter((m) => m.kind !== "remount-ro").at(-1)).toEqual({
      kind: "ro-bind",
      source: "/dev/null",
      path: visible,
    });
    expect(mounts.slice(-2)).toEqual([
      { kind: "remount-ro", path: "/var/tmp" },
      { kind: "remount-ro", path: "/var" },
    ]);
  });

  it("covers a socket a bind makes visible again (inside the work dir, or a project bound back)", async () => {
    const project = join(home, "project");
    const inProject = await listen(join(project, "dev.sock"));
    const inWork = await listen(join(work, "other.sock"));
    const mounts = plan({ keepVisible: [project], hostSockets: [inProject, inWork] });
    expect(devNullOver(mounts).sort()).toEqual([inProject, inWork].sort());
  });

  // Issue 29 §2: a socket no /proc/net/unix of this namespace lists (bound in another network
  // namespace) is found by walking the world-writable folders left visible, and the run's binds.
  it("covers a socket found by walking (in a walked folder, and in a bind) though no list names it", async () => {
    const walked = join(scratch, "walked", "deep");
    mkdirSync(walked, { recursive: true });
    const inWalked = await listen(join(walked, "unlisted.sock"));
    const inWork = await listen(join(work, "unlisted.sock"));
    const mounts = plan({ socketWalkDirs: [join(scratch, "walked")] });
    expect(devNullOver(mounts).sort()).toEqual([inWalked, inWork].sort());
  });

  it("skips listed paths that are not sockets (stale entries) and a missing path", () => {
    const file = join(scratch, "not-a-socket");
    writeFileSync(file, "");
    expect(devNullOver(plan({ hostSockets: [file, join(scratch, "gone.sock")] }))).toEqual([]);
  });

  it("masks an existing managed-settings folder, and binds a supplied one over a missing target through a tmpfs of its parent", () => {
    const existing = join(scratch, "etc-codex");
    mkdirSync(existing);
    expect(plan({ managedDirs: [existing] })).toContainEqual({ kind: "tmpfs", path: existing });
    const parent = join(scratch, "etc");
    mkdirSync(join(parent, "kept"), { recursive: true });
    const source = join(scratch, "mine");
    mkdirSync(source);
    const target = join(parent, "claude-code");
    const mounts = plan({ managedDirs: [target], managedSettings: [{ target, source }] });
    const at = mounts.findIndex((m) => m.kind === "tmpfs" && m.path === parent);
    expect(at).toBeGreaterThan(0);
    expect(mounts.slice(at + 1, at + 3)).toEqual([
      { kind: "ro-bind", source: join(parent, "kept"), path: join(parent, "kept") },
      { kind: "ro-bind", source, path: target },
    ]);
  });

  // Issue 29 §1: a bind of HOME or of a folder above it, pushed after the HOME mask, showed all of
  // HOME again (a CLI linked as ~/gemini bound its folder, HOME itself).
  it("refuses to bind, read-only or writable, a folder that is or holds the invoking HOME; skips such a keepVisible", () => {
    for (const bad of [home, scratch, "/"]) {
      expect(() => plan({ readOnly: [bad] }), bad).toThrow(UnsafeBindError);
      expect(() => plan({ writable: [bad] }), bad).toThrow(UnsafeBindError);
    }
    expect(() => plan({ readOnly: [join(home, "project")] })).not.toThrow();
    const above = plan({ keepVisible: [scratch], managedDirs: [], systemTrees: [] });
    expect(above.filter((m) => m.kind === "ro-bind" && m.path === scratch)).toEqual([]);
  });

  it("refuses a managed-settings target with nothing above it but /", () => {
    expect(() =>
      plan({ managedSettings: [{ target: "/vigiles-nonexistent/claude-code", source: scratch }] }),
    ).toThrow(ManagedSettingsTargetError);
  });
});

describe("confinedCli", () => {
  // Issue 29 §1: the CLI runs by its real path and only its package is bound, never a link's folder.
  it("follows a link in HOME to the CLI and binds the package that holds it", () => {
    const pkg = join(scratch, "pkgs", "some-cli");
    mkdirSync(join(pkg, "bundle"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), "{}");
    writeFileSync(join(pkg, "bundle", "cli.js"), "");
    symlinkSync(join(pkg, "bundle", "cli.js"), join(home, "cli"));
    expect(confinedCli(join(home, "cli"), [home])).toEqual({
      program: join(pkg, "bundle", "cli.js"),
      readOnly: pkg,
    });
  });

  it("binds the file alone when the folder with its package.json is, or holds, HOME", () => {
    writeFileSync(join(home, "package.json"), "{}");
    writeFileSync(join(home, "single-binary"), "");
    try {
      expect(confinedCli(join(home, "single-binary"), [home])).toEqual({
        program: join(home, "single-binary"),
        readOnly: join(home, "single-binary"),
      });
    } finally {
      rmSync(join(home, "package.json"));
    }
  });
});

describe("readHostSockets", () => {
  it("lists a socket this process listens on, by its path", async () => {
    const path = await listen(join(scratch, "listed.sock"));
    expect(readHostSockets()).toContain(path);
  });
});
