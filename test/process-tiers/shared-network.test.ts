// Pins what `network: "shared"` means for a confined run (issue 29, the measured gap): the run keeps a
// network namespace of its own and reaches only the endpoints it names, through vigiles' egress proxy.
// With the host's namespace shared, a host abstract unix socket answered a confined curl; now it is
// refused, the allowed endpoint answers (plain http and a CONNECT tunnel), and any other host:port is
// refused with VIGILES_EGRESS_REFUSED named on stderr, the listener never reached. The endpoints are
// local listeners (no network beyond the machine in CI). Real bwrap, real curl.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runScript, runScriptAsync } from "../../src/tiers/run-script/run-script.js";
import { bwrapAvailable } from "../../src/runtime/confine.js";

const ABSTRACT = `vigiles-shared-net-${process.pid}`;
const ANSWER = "ANSWER-FROM-AN-ABSTRACT-SOCKET";
const hasCurl = spawnSync("curl", ["--version"]).status === 0;
/**
 * The listeners, in a process of their own (the synchronous runScript blocks this thread): an abstract
 * socket (Node binds a path starting with NUL there), the allowed endpoint, and another one that
 * prints a line for each connection it gets.
 */
const LISTENERS = `
const http = require("node:http"), net = require("node:net");
net.createServer((c) => c.end("HTTP/1.0 200 OK\\r\\n\\r\\n${ANSWER}")).listen("\\0${ABSTRACT}");
const a = http.createServer((q, s) => s.end("REACHED-THE-ALLOWED-ENDPOINT")).listen(0, "127.0.0.1", () => {
  const b = http.createServer((q, s) => s.end("REACHED-ANOTHER-ENDPOINT")).listen(0, "127.0.0.1", () =>
    console.log(JSON.stringify({ allowed: a.address().port, other: b.address().port })));
  b.on("connection", () => console.log("other-connection"));
});`;
/** Node pads an abstract name to the whole sun_path, so the client is node too (curl's name is exact). */
const abstractProbe = `${process.execPath} -e 'require("node:net").connect("\\0${ABSTRACT}").on("data", (d) => process.stdout.write(d)).on("error", (e) => console.log(e.code))'; echo " abstract=$?"`;
let listeners: ChildProcess | undefined;
// A temp folder of this file's own: other files running beside it make egress folders of their own in
// the shared one, so "none left" is only checkable here.
const sharedTmp = process.env.TMPDIR;
let ownTmp = "";
let printed = "";
let allowed = "";
let other = "";

beforeAll(async () => {
  ownTmp = mkdtempSync(join(tmpdir(), "vigiles-shared-net-tmp-"));
  process.env.TMPDIR = ownTmp;
  listeners = spawn(process.execPath, ["-e", LISTENERS], { stdio: ["ignore", "pipe", "inherit"] });
  listeners.stdout!.on("data", (d: Buffer) => (printed += d.toString()));
  for (let i = 0; i < 100 && !printed.includes("}"); i++) await new Promise((r) => setTimeout(r, 100));
  const ports = JSON.parse(printed.split("\n")[0]!) as { allowed: number; other: number };
  allowed = `127.0.0.1:${ports.allowed}`;
  other = `127.0.0.1:${ports.other}`;
  // The control: on the host the abstract socket answers.
  expect(spawnSync("sh", ["-c", abstractProbe], { encoding: "utf8" }).stdout).toContain(ANSWER);
});

afterAll(() => {
  listeners?.kill("SIGKILL");
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  rmSync(ownTmp, { recursive: true, force: true });
});

const skip = !bwrapAvailable() || !hasCurl;

describe.skipIf(skip)('confined runScript with network "shared"', () => {
  test("reaches the allowed endpoint, never a host abstract socket, and names every refusal", async () => {
    const script = [
      abstractProbe,
      `curl -s --max-time 10 http://${allowed}/; echo " plain=$?"`,
      `curl -s --max-time 10 -p http://${allowed}/; echo " tunnel=$?"`,
      `curl -s --max-time 10 http://${other}/; echo " other=$?"`,
      `curl -s --max-time 10 -p http://${other}/; echo " othertunnel=$?"`,
    ].join("\n");
    const r = await runScriptAsync(script, {
      confine: { network: "shared", allow: [allowed] },
      timeoutMs: 60_000,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(ANSWER);
    expect(r.stdout).toMatch(/ECONNREFUSED\n abstract=0/);
    expect(r.stdout).toMatch(/REACHED-THE-ALLOWED-ENDPOINT plain=0/);
    expect(r.stdout).toMatch(/REACHED-THE-ALLOWED-ENDPOINT tunnel=0/);
    expect(r.stdout).not.toContain("REACHED-ANOTHER-ENDPOINT");
    expect(r.stdout).toMatch(/refused [^\n]*VIGILES_EGRESS_REFUSED[^\n]*\n other=0/);
    expect(r.stdout).toMatch(/ othertunnel=[1-9]/);
    expect(
      r.stderr.match(new RegExp(`refused ${other.replace(/\./g, "\\.")}[^\\n]*VIGILES_EGRESS_REFUSED`, "g")),
    ).toHaveLength(2);
    expect(printed).not.toContain("other-connection");
    // The proxy's socket folder ends with the run.
    expect(tmpdir()).toBe(ownTmp);
    expect(readdirSync(ownTmp).filter((n) => n.startsWith("vigiles-egress-"))).toEqual([]);
  }, 90_000);

  test("the synchronous runScript reaches it too (the proxy is a process of its own)", () => {
    const r = runScript(`curl -s --max-time 10 http://${allowed}/`, {
      confine: { network: "shared", allow: [allowed] },
      timeoutMs: 60_000,
    });
    expect(r.stdout, r.stderr).toBe("REACHED-THE-ALLOWED-ENDPOINT");
  }, 90_000);

  test('network "none" reaches neither; "shared" without `allow` is refused before anything runs', async () => {
    const none = await runScriptAsync(`curl -s --max-time 5 http://${allowed}/; echo " none=$?"`, {
      confine: true,
      timeoutMs: 60_000,
    });
    expect(none.stdout).toMatch(/^ none=[1-9]/);
    expect(() => runScript("true", { confine: { network: "shared" } })).toThrow(/allow/);
    expect(() => runScript("true", { confine: { network: "shared", allow: ["no-port"] } })).toThrow(
      /host:port/,
    );
  }, 90_000);
});
