// Pins the declared ranges of issue 32: each adapter's supported range (package.json's peer range, so a
// newer CLI installs beside vigiles), the warning `vigiles test` prints for a release outside it, and a
// config `harnessRange` or a file's `@vigiles-harness` pragma that names no harness or no range refused
// with a did-you-mean (before, either was ignored and every pass read "unverified"). Nothing runs a CLI.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semver from "semver";
import { afterAll, describe, expect, test } from "vitest";
import { findHarness } from "../../src/adapters/registry.js";
import { InvalidOptionError } from "../../src/core/errors.js";
import { ConfigFileError, loadTestConfig } from "../../src/tools/test-runner/config.js";
import {
  declaredRanges,
  unsupportedReleaseWarning,
  unverifiedReason,
} from "../../src/tools/test-runner/harness-versions.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-ranges-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("supported ranges", () => {
  test("the releases measured in issue 32 are inside, the validated one too", () => {
    const codex = findHarness("codex")!.package;
    // `npm i -D @openai/codex@0.171.0` beside vigiles: the peer range must take it.
    expect(semver.satisfies("0.171.0", codex.supported)).toBe(true);
    expect(
      semver.satisfies(findHarness("copilot")!.package.version, findHarness("copilot")!.package.supported),
    ).toBe(true);
    expect(semver.satisfies("1.0.86", findHarness("copilot")!.package.supported)).toBe(true);
  });

  test("a release outside the range is warned about, naming range and validated release; inside is not", () => {
    expect(unsupportedReleaseWarning({ harness: "codex", version: "0.171.0" })).toBeUndefined();
    expect(unsupportedReleaseWarning({ harness: "codex", version: "0.100.0" })).toMatch(
      /Codex 0\.100\.0 is outside the releases this vigiles supports \(>=0\.163\.0 .*validated 0\.169\.0/,
    );
    // An unresolved CLI (no version) is not judged.
    expect(unsupportedReleaseWarning({ harness: "codex", version: "" })).toBeUndefined();
  });
});

describe("config harnessRange", () => {
  test("a harness typo is refused with a did-you-mean", async () => {
    const path = file(
      "typo.config.mjs",
      `export default { test: { harnessRange: { "claude-cod": ">=2.1.0" } } };`,
    );
    await expect(loadTestConfig(path)).rejects.toThrow(ConfigFileError);
    await expect(loadTestConfig(path)).rejects.toThrow(
      /harnessRange\.claude-cod: .*Did you mean "claude-code"\?/,
    );
  });

  test("a malformed range is refused", async () => {
    const path = file("bad.config.mjs", `export default { test: { harnessRange: { codex: "0.169.x.y" } } };`);
    await expect(loadTestConfig(path)).rejects.toThrow(
      /harnessRange\.codex: "0\.169\.x\.y" is not a semver range/,
    );
  });

  test("an alias is read as its harness, so its range applies", async () => {
    const path = file(
      "alias.config.mjs",
      `export default { test: { harnessRange: { claude: "<2.1.300" } } };`,
    );
    const config = await loadTestConfig(path);
    expect(config.harnessRange).toEqual({ "claude-code": "<2.1.300" });
    const harnessFile = file("plain.harness.mjs", "// no pragma\n");
    expect(
      unverifiedReason(harnessFile, { harness: "claude-code", version: "2.1.328" }, config.harnessRange),
    ).toMatch(/the config declares <2\.1\.300/);
  });
});

describe("the @vigiles-harness pragma", () => {
  test("a harness typo is bad input with a did-you-mean", () => {
    const path = file("typo.harness.mjs", "// @vigiles-harness copilto >=1.0.0\n");
    expect(() => declaredRanges(path)).toThrow(InvalidOptionError);
    expect(() => declaredRanges(path)).toThrow(/Did you mean "copilot"\?/);
  });

  test("an alias declares its harness's range", () => {
    const path = file("alias.harness.mjs", "// @vigiles-harness copilot >=1.0.100\n");
    expect(declaredRanges(path).get("copilot-cli")).toBe(">=1.0.100");
  });
});
