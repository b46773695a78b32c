// The measured gap of issue 29 (after class 8): a confined run against a remote model shared the
// host's network namespace, so the agent's Bash could connect to the host's abstract unix sockets.
// Now it has a namespace of its own and reaches the model only through vigiles' egress proxy, which
// connects to the endpoint's host:port and nothing else. One confined real run per harness, against
// a "remote" endpoint that is the harness's own mock on a local port (no network beyond the machine):
// - the allowed endpoint is reached (the mock served the run, through the proxy);
// - a host abstract socket is refused inside (it answers on the host: the control);
// - another host:port is refused with VIGILES_EGRESS_REFUSED, and its listener gets no connection.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runHarnessSession } from "../../src/tiers/harness/session.js";
import type { RunningMock } from "../../src/adapters/port.js";
import { REAL_RUN_TIMEOUT, REGISTERED } from "./registered.js";

const ABSTRACT = `vigiles-attack-remote-${process.pid}`;
const ANSWER = "ANSWER-FROM-AN-ABSTRACT-SOCKET";
const confinable = REGISTERED.filter(({ entry }) => entry.capabilities.confinement);
/** A host abstract socket, and another endpoint printing a line per connection (its own process). */
const LISTENERS = `
const http = require("node:http"), net = require("node:net");
net.createServer((c) => c.end("${ANSWER}")).listen("\\0${ABSTRACT}");
const b = http.createServer((q, s) => s.end("REACHED-ANOTHER-ENDPOINT")).listen(0, "127.0.0.1", () =>
  console.log(JSON.stringify({ other: b.address().port })));
b.on("connection", () => console.log("other-connection"));`;
/** Node pads an abstract name to the whole sun_path, so the client is node too (curl's name is exact). */
const abstractProbe = `${process.execPath} -e 'require("node:net").connect("\\0${ABSTRACT}").on("data", (d) => process.stdout.write(d)).on("error", (e) => console.log(e.code))'`;

let listeners: ChildProcess | undefined;
let printed = "";
let other = "";
const seen = new Map<
  string,
  { text: string; requests: number; stderr: string; exitCode: number | null } | Error
>();

beforeAll(async () => {
  listeners = spawn(process.execPath, ["-e", LISTENERS], { stdio: ["ignore", "pipe", "inherit"] });
  listeners.stdout!.on("data", (d: Buffer) => (printed += d.toString()));
  for (let i = 0; i < 100 && !printed.includes("}"); i++) await new Promise((r) => setTimeout(r, 100));
  other = `127.0.0.1:${(JSON.parse(printed.split("\n")[0]!) as { other: number }).other}`;
  // The control: on the host the abstract socket answers.
  expect(spawnSync("sh", ["-c", abstractProbe], { encoding: "utf8" }).stdout).toContain(ANSWER);

  const probe = [
    `${abstractProbe}; echo " abstract=$?"`,
    `curl -s --max-time 10 http://${other}/; echo " other=$?"`,
  ].join("\n");
  await Promise.all(
    confinable.map(async ({ entry, adapter }) => {
      let mock: RunningMock | undefined;
      try {
        mock = await adapter.startMock([
          { tool: "Bash", input: { command: "sh probe.sh" } },
          { text: "done" },
        ]);
        const session = await runHarnessSession({
          adapter,
          spec: { prompt: "talk to the daemons", files: { "probe.sh": `${probe}\n` }, transcript: false },
          endpoint: { kind: "remote", baseUrl: mock.url, apiKey: "sk-vigiles-attack" },
          confine: true,
          timeoutMs: 240_000,
        });
        seen.set(entry.id, {
          text: session.summary.toolCalls[0]?.result?.text ?? "",
          requests: mock.requests.length,
          stderr: session.process.stderr,
          exitCode: session.process.exitCode,
        });
        session.cleanup();
      } catch (error) {
        seen.set(entry.id, error as Error);
      } finally {
        await mock?.close();
      }
    }),
  );
}, REAL_RUN_TIMEOUT);

afterAll(() => {
  listeners?.kill("SIGKILL");
});

function run(id: string) {
  const s = seen.get(id);
  if (s instanceof Error) throw s;
  expect(s, `${id} ran`).toBeDefined();
  return s!;
}

for (const { entry } of REGISTERED) {
  const skip = entry.capabilities.confinement
    ? undefined
    : "its runs cannot be confined (capabilities.confinement)";
  const why = skip ? ` (skipped: ${skip})` : "";
  describe(entry.displayName, () => {
    test.skipIf(skip !== undefined)(
      `remote endpoint, confined: the allowed endpoint is reached through the egress proxy${why}`,
      () => {
        const r = run(entry.id);
        expect(r.requests, r.stderr).toBeGreaterThanOrEqual(2);
        expect(r.exitCode, r.stderr).toBe(0);
      },
    );
    test.skipIf(skip !== undefined)(
      `remote endpoint, confined: a host abstract socket is refused${why}`,
      () => {
        const r = run(entry.id);
        expect(r.text).not.toContain(ANSWER);
        expect(r.text).toMatch(/ECONNREFUSED\s+abstract=0/);
      },
    );
    test.skipIf(skip !== undefined)(
      `remote endpoint, confined: another host:port is refused by name${why}`,
      () => {
        const r = run(entry.id);
        expect(r.text).not.toContain("REACHED-ANOTHER-ENDPOINT");
        expect(r.text).toMatch(/VIGILES_EGRESS_REFUSED[^\n]*\s+other=0/);
        expect(printed).not.toContain("other-connection");
      },
    );
  });
}
