// Attack class 1 (issue 29 §1): a CLI that answers --version and exits 0 without a session. Before
// the runner checked it, Copilot's and Gemini's runs of such a binary returned an empty Trace that an
// outcome-only test passed on. The "CLIs" here are STAND-IN shell scripts passed as `harnessPath`
// (a unit-level fixture, allowed here: what is under test is vigiles' reading of a run that is no
// run); each answers --version with its harness's pinned release, then prints a line or nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { HarnessRunError } from "../../src/tiers/harness/errors.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { REGISTERED, scratchDir } from "./registered.js";
import { standInCli } from "../support/stand-in-cli.js";

const dir = scratchDir("silent-cli");

// A harness whose resolve unpacks its pinned package from vigiles' cache (Copilot) needs the real
// CLI resolved once; for the others this is a lookup.
beforeAll(async () => {
  await Promise.all(REGISTERED.map(({ adapter }) => adapter.resolve()));
}, 240_000);

describe.concurrent("a CLI that exits 0 and never reaches the mock is refused", () => {
  for (const { entry, adapter } of REGISTERED) {
    for (const [label, body] of [
      ["silent", ":"],
      ["printing a line", "echo 'all good'"],
    ] as const) {
      test(`${entry.displayName} (${label}): no session, never a Trace`, async () => {
        const harnessPath = standInCli(
          dir,
          `${entry.id}-${label.replace(/ /g, "-")}`,
          entry.package.version,
          body,
        );
        const error = await runHarnessTest(
          { prompt: "x", model: [{ text: "ok" }], sandbox: false, harnessPath },
          { adapter },
        ).then(
          (r) => {
            r.cleanup();
            return undefined;
          },
          (e: unknown) => e,
        );
        // The adapter's own diagnosis (HarnessCrashedError) or the runner's (HarnessNoSessionError).
        expect(error).toBeInstanceOf(HarnessRunError);
        expect((error as HarnessRunError).code).toMatch(/^VIGILES_HARNESS_(NO_SESSION|CRASHED)$/);
      });
    }
  }
});
