// Pins how the harness cache behaves when the npm registry cannot be reached (issue 32): the error keeps
// npm's cause (ECONNREFUSED) in one line and comes in seconds, not after ~70 s of silent retries; a
// fetch says it started; `latest` is the newest cached release, and a notice says so. The "registry"
// is a closed local port (no network is used); the cached release is a stand-in entry (a manifest
// with no files), not a real CLI.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  fetchHarnessPackage,
  harnessCacheDir,
  HarnessFetchError,
  resolveDistTag,
} from "../../src/runtime/harness-cache.js";
import { npmFailureCause } from "../../src/runtime/npm-command.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-offline-"));
const env = { VIGILES_CACHE_DIR: join(dir, "cache") };
const PKG = "@vigiles-test/stand-in-cli";
let savedRegistry: string | undefined;

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

beforeAll(async () => {
  savedRegistry = process.env["npm_config_registry"];
  process.env["npm_config_registry"] = `http://127.0.0.1:${await closedPort()}/`;
});
afterAll(() => {
  if (savedRegistry === undefined) delete process.env["npm_config_registry"];
  else process.env["npm_config_registry"] = savedRegistry;
  rmSync(dir, { recursive: true, force: true });
});

function cacheStandIn(version: string): void {
  const entry = harnessCacheDir(PKG, version, env);
  mkdirSync(entry, { recursive: true });
  const manifest = { schema: 1, package: PKG, version, fetchedAt: "", packages: [], files: [] };
  writeFileSync(join(entry, "vigiles-harness.json"), JSON.stringify(manifest));
}

describe("npm's cause", () => {
  test("the code and reason of an npm failure, not its proxy hint or log path", () => {
    const stderr = [
      "npm error code ECONNREFUSED",
      "npm error errno ECONNREFUSED",
      "npm error FetchError: request to http://127.0.0.1:9/x failed, reason: connect ECONNREFUSED 127.0.0.1:9",
      "npm error",
      "npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.",
      "npm error A complete log of this run can be found in: /root/.npm/_logs/x.log",
    ].join("\n");
    expect(npmFailureCause(stderr, "exit 1")).toBe("connect ECONNREFUSED 127.0.0.1:9");
    expect(
      npmFailureCause("npm error code ETARGET\nnpm error notarget No matching version found for x@9.\n", ""),
    ).toBe("ETARGET: notarget No matching version found for x@9.");
    expect(npmFailureCause("", "exit 1")).toBe("exit 1");
  });
});

describe("an unreachable registry", { timeout: 120_000 }, () => {
  test("latest with nothing cached: a fetch error naming ECONNREFUSED, within seconds", async () => {
    const started = Date.now();
    const error = await resolveDistTag(PKG, "latest", "claude-code", { env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessFetchError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  test("latest is the newest cached release, and a notice says the registry did not answer", async () => {
    cacheStandIn("1.2.0");
    cacheStandIn("1.10.0");
    mkdirSync(harnessCacheDir(PKG, "2.0.0", env), { recursive: true }); // no manifest: not whole, not used
    const notices: string[] = [];
    const version = await resolveDistTag(PKG, "latest", "claude-code", {
      env,
      notice: (l) => notices.push(l),
    });
    expect(version).toBe("1.10.0");
    expect(notices.join("\n")).toMatch(
      /did not answer .*ECONNREFUSED.*using the newest cached release, 1\.10\.0/,
    );
    // Another tag is not guessed from the cache.
    await expect(resolveDistTag(PKG, "next", "claude-code", { env, notice: () => {} })).rejects.toThrow(
      HarnessFetchError,
    );
  });

  test("a fetch says it started, then fails with the cause in seconds", async () => {
    const notices: string[] = [];
    const started = Date.now();
    const error = await fetchHarnessPackage(PKG, "3.0.0", "claude-code", env, (l) => notices.push(l)).catch(
      (e: unknown) => e,
    );
    expect(notices[0]).toMatch(/fetching @vigiles-test\/stand-in-cli@3\.0\.0 from the npm registry/);
    expect(error).toBeInstanceOf(HarnessFetchError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(45_000);
  });
});
