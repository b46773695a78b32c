// `vigiles facts --compare` and the surface section of a facts report, on STAND-IN Claude Code
// binaries (test/support/stand-in-surface.ts: files that carry the pinned surface's text shapes, read
// by the real extractor, never run). Pins: a stand-in of the pinned surface reads back unchanged; an
// added event (2.1.332's PreSkillShellCommand) and removed tools (Monitor, ToolSearch) and stream
// event (hook_no_verdict) are each listed with what depends on them; a removal something depends on
// breaks a drift job, an addition does not.
import { describe, expect, test } from "vitest";
import { harnessEntry } from "../../src/adapters/registry.js";
import type { ResolvedHarness } from "../../src/adapters/port.js";
import { compareReleases } from "../../src/tools/facts/release-surface.js";
import { formatSurfaceDiff, surfaceBreaks } from "../../src/tools/facts/surface-report.js";
import { standInClaudeBinary, type SurfaceChanges } from "../support/stand-in-surface.js";
import { privateCacheDir } from "../support/private-cache.js";

// Surfaces read from a release are kept in the cache: keep them in this test's own.
const dir = privateCacheDir("vigiles-surface-compare-");
const pinned = harnessEntry("claude-code").surface!.pinned;

function release(version: string, changes: SurfaceChanges = {}): ResolvedHarness {
  const path = standInClaudeBinary(dir, `claude-${version}`, pinned, changes);
  return { adapterId: "claude-code", path, version, source: "option" };
}

describe("release surface compare (stand-in binaries)", () => {
  // Labelled 2.1.329: the pinned version itself is never re-read (its surface is the committed one).
  test("a stand-in carrying the pinned surface reads back with no difference", async () => {
    const report = await compareReleases("claude-code", "pinned", release("2.1.329"));
    expect([report.added, report.removed, report.changed]).toEqual([[], [], []]);
    expect(surfaceBreaks(report)).toBe(false);
  });

  test("an added hook event is listed with the audit rule and check that depend on it, and breaks nothing", async () => {
    const report = await compareReleases(
      "claude-code",
      "pinned",
      release("2.1.332", { addEvents: ["PreSkillShellCommand"] }),
    );
    expect(report.added.map((e) => e.name)).toEqual(["PreSkillShellCommand"]);
    expect(report.dependents["hook-event:PreSkillShellCommand"]).toEqual([
      "audit rule `unknown-event`",
      'check `hookFired("PreSkillShellCommand")`',
    ]);
    expect(surfaceBreaks(report)).toBe(false);
  });

  test("removed tools and a removed stream event are listed with their dependents, and break a drift job", async () => {
    const report = await compareReleases(
      "claude-code",
      "pinned",
      release("2.1.303", {
        dropTools: ["Monitor", "ToolSearch"],
        dropOther: ["hook_no_verdict", "hook_response"],
      }),
    );
    expect(report.removed.map((e) => `${e.kind}:${e.name}`)).toEqual([
      "tool:Monitor",
      "tool:ToolSearch",
      "stream-event:hook_no_verdict",
      "stream-event:hook_response",
    ]);
    expect(report.dependents["tool:Monitor"]).toContain("audit rule `matcher-unknown-tool`");
    // hook_response is what hookFired() reads on Claude Code.
    expect(report.dependents["stream-event:hook_response"]).toContain("check `hookFired()`");
    expect(surfaceBreaks(report)).toBe(true);
    const text = formatSurfaceDiff(report);
    expect(text).toMatch(/surface 2\.1\.328 → 2\.1\.303: 0 added, 4 removed, 0 changed/);
    expect(text).toMatch(/- tool Monitor\n {6}depends on it: audit rule `matcher-unknown-tool`/);
  });

  test("a removed event names its folding row and the facts that register a hook on it", async () => {
    const report = await compareReleases(
      "claude-code",
      "pinned",
      release("2.1.997", { dropEvents: ["UserPromptSubmit"] }),
    );
    const deps = report.dependents["hook-event:UserPromptSubmit"] ?? [];
    expect(deps).toContain("audit rule `unknown-event`");
    expect(deps).toContain('folding row "exit 2 blocks UserPromptSubmit"');
    expect(deps).toContain("fact `continue-false-blocks-prompt`");
  });
});
