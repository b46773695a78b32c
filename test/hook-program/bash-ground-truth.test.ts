// Ground truth for the command view: what bash itself runs. Each command line (the disasters
// corpus and seeded respellings of it) runs under `bash -c` inside bubblewrap, with the programs of
// interest replaced by stubs that only record their argv. Every invocation bash made must be one
// the view reports: `runs()` is true for it, with the same git subcommand, force and rm -r.
//
// Safety: the root file system is read-only, the network and PIDs are unshared, capabilities are
// dropped, and the destructive programs are stubs, so even a wrong case cannot do harm. Fork bombs
// are left out: they would run for real.
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disasterCorpus } from "../../src/core/disasters/corpus.js";
import { shellMutators } from "../../src/core/hook-program/mutators.js";
import { createCommandView } from "../../src/core/hook-program/shell/command-view.js";

/** Programs replaced by recording stubs; those that exist in /usr/bin are also bound over it. */
const STUBBED = [
  "git",
  "rm",
  "curl",
  "wget",
  "dd",
  "mkfs",
  "mkfs.ext4",
  "mkfs.xfs",
  "chmod",
  "mysql",
  "psql",
  "jq",
  "mkdir",
  "apt-get",
  "ls",
];

const RECORD = `#!/bin/sh
f=$(mktemp "$VIGILES_GT_LOG/call.XXXXXXXX") && printf '%s\\0' "\${0##*/}" "$@" > "$f"
`;
// sudo and zsh are not installed here; these stand-ins do what matters (run the rest of the line).
const SUDO = `#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in
    -u|-g|-h|-p|-C|-D|-r|-t|-U|-T) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
  esac
done
exec "$@"
`;
const ZSH = `#!/bin/sh
exec bash "$@"
`;

let root: string;
let stubs: string;

beforeAll(() => {
  root = mkdtempSync("/var/tmp/vigiles-bash-truth-");
  stubs = join(root, "stubs");
  mkdirSync(stubs);
  const write = (name: string, text: string): void => {
    writeFileSync(join(stubs, name), text);
    chmodSync(join(stubs, name), 0o755);
  };
  for (const name of STUBBED) write(name, RECORD);
  write("sudo", SUDO);
  write("zsh", ZSH);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `bash -c command` confined; resolves to every stubbed invocation, as argv arrays. */
let runs = 0;

async function bashRuns(command: string): Promise<string[][]> {
  const log = join(root, `log-${runs++}`);
  mkdirSync(log);
  const binds = STUBBED.filter((n) => existsSync(`/usr/bin/${n}`)).flatMap((n) => [
    "--ro-bind",
    join(stubs, n),
    `/usr/bin/${n}`,
  ]);
  const args = [
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    "--tmpfs", "/tmp",
    // An empty home and no system profile: \`bash -lc\` must not run this machine's startup files.
    "--tmpfs", "/root",
    "--ro-bind", "/dev/null", "/etc/profile",
    "--dir", "/tmp/work",
    "--chdir", "/tmp/work",
    "--bind", log, log,
    ...binds,
    "--unshare-net", "--unshare-pid", "--unshare-ipc",
    "--die-with-parent",
    "--cap-drop", "ALL",
    "--clearenv",
    "--setenv", "PATH", `${stubs}:/usr/bin:/bin`,
    "--setenv", "HOME", "/root",
    "--setenv", "VIGILES_GT_LOG", log,
    "--", "/usr/bin/bash", "--norc", "-c", command,
  ]; // prettier-ignore
  await new Promise<void>((resolve, reject) => {
    // stdin from /dev/null: on a socket (node's default pipes) bash takes itself to be run by sshd
    // and reads ~/.bashrc; --norc says the same.
    const child = spawn("bwrap", args, { stdio: ["ignore", "ignore", "ignore"], timeout: 10_000 });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error("bubblewrap (bwrap) is not installed: apt-get install -y bubblewrap")
          : error,
      ),
    );
    // bash's own exit code is irrelevant: the stubs print nothing, so many lines then fail.
    child.on("close", (_code, signal) =>
      signal ? reject(new Error(`${signal} (timed out?): ${command}`)) : resolve(),
    );
  });
  return readdirSync(log).map((f) => readFileSync(join(log, f), "utf8").split("\0").slice(0, -1));
}

const GIT_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);

/** The git subcommand of an argv (after global options such as `-C dir`). */
function gitSubcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (GIT_VALUED.has(a)) i++;
    else if (!a.startsWith("-")) return a;
  }
  return undefined;
}

const forced = (args: readonly string[]): boolean =>
  args.some((a) => /^-[A-Za-z]*f[A-Za-z]*$|^--force/.test(a) || /^\+/.test(a));
const recursive = (args: readonly string[]): boolean =>
  args.some((a) => /^-[A-Za-z]*[rR][A-Za-z]*$|^--recursive$/.test(a));

/** What the view must say about one invocation bash made; the failures, as text. */
function misses(command: string, argv: readonly string[]): string[] {
  const view = createCommandView(command);
  const [name, ...args] = argv as [string, ...string[]];
  const out: string[] = [];
  const expectRuns = (pattern: string, options?: Parameters<typeof view.runs>[1]): void => {
    if (!view.runs(pattern, options))
      out.push(
        `bash ran ${JSON.stringify(argv)}, but runs(${JSON.stringify(pattern)}${options ? `, ${JSON.stringify(options)}` : ""}) is false`,
      );
  };
  if (name === "git") {
    const sub = gitSubcommand(args);
    expectRuns(sub ? `git ${sub}` : "git");
    if (sub === "push" && forced(args)) expectRuns("git push", { force: true });
  } else {
    expectRuns(name);
    if (name === "rm" && recursive(args)) expectRuns("rm", { flags: ["-r"] });
  }
  return out;
}

const seeds = disasterCorpus.filter((c) => c.category !== "fork-bomb").map((c) => c.command);

/** Respellings of the corpus by the built-in mutators, one to three in a row, fixed by a seed. */
function respellings(count: number): string[] {
  const plan = fc.record({
    seed: fc.nat(seeds.length - 1),
    steps: fc.array(fc.tuple(fc.nat(shellMutators.length - 1), fc.nat(1000)), {
      minLength: 1,
      maxLength: 3,
    }),
  });
  const out = new Set<string>();
  for (const p of fc.sample(plan, { seed: 20261130, numRuns: count * 3 })) {
    let event = { tool_name: "Bash", tool_input: { command: seeds[p.seed] as string } };
    for (const [m, choice] of p.steps)
      event = (shellMutators[m]?.apply(event, choice) as typeof event) ?? event;
    if (event.tool_input.command !== seeds[p.seed]) out.add(event.tool_input.command);
    if (out.size >= count) break;
  }
  return [...out];
}

async function checkAll(commands: readonly string[]): Promise<{ ran: number; failures: string[] }> {
  const failures: string[] = [];
  let ran = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < commands.length) {
      const command = commands[next++] as string;
      for (const argv of await bashRuns(command)) {
        ran++;
        failures.push(...misses(command, argv).map((m) => `${JSON.stringify(command)}: ${m}`));
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { ran, failures };
}

describe("the command view against bash", () => {
  it("reports every program bash runs for the disasters corpus", async () => {
    const { ran, failures } = await checkAll(seeds);
    expect(failures).toEqual([]);
    // Not vacuous: the stubs recorded (nearly) one invocation per case.
    expect(ran).toBeGreaterThan(seeds.length * 0.8);
  }, 120_000);

  it("and for 150 seeded respellings (sudo, env, sh -c, lists, groups, quoting, absolute paths, flag spellings)", async () => {
    const commands = respellings(150);
    expect(commands.length).toBe(150);
    const { ran, failures } = await checkAll(commands);
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(100);
  }, 120_000);
});
