// The relay (src/tiers/harness/relay.mjs) starts without NODE_EXTRA_CA_CERTS (session.ts drops it:
// parsing a CA bundle cost each node start ~80 ms of CPU on this machine) and hands the value back
// to the CLI it starts, so the CLI's environment is the one the user gave. A real relay process.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";

const RELAY = join(import.meta.dirname, "../../src/tiers/harness/relay.mjs");
const PRINT = [
  "/bin/sh",
  "-c",
  'printf "%s|%s|%s" "${NODE_EXTRA_CA_CERTS-unset}" "${VIGILES_RELAY_NODE_EXTRA_CA_CERTS-unset}" "$ANTHROPIC_BASE_URL"',
];

function relayed(env: Record<string, string>) {
  const r = spawnSync(
    "/usr/bin/env",
    [
      "-u",
      "NODE_EXTRA_CA_CERTS",
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      process.execPath,
      RELAY,
      "/nonexistent.sock",
      "--",
      ...PRINT,
    ],
    { encoding: "utf8", timeout: 20_000 },
  );
  return { code: r.status, out: r.stdout };
}

test("the CLI gets back the CA bundle the relay skipped, and no trace of the hand-over", () => {
  const r = relayed({ VIGILES_RELAY_NODE_EXTRA_CA_CERTS: "/etc/ssl/bundle.pem" });
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/^\/etc\/ssl\/bundle\.pem\|unset\|http:\/\/127\.0\.0\.1:\d+$/);
});

test("without one, the CLI gets none", () => {
  const r = relayed({});
  expect(r.out).toMatch(/^unset\|unset\|http:\/\/127\.0\.0\.1:\d+$/);
});
