/**
 * The harness registry is complete: every registered harness has every part the tools read, so a
 * harness added with parts missing fails here the day it is registered, not in a user's run.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import semver from "semver";
import { globSync } from "tinyglobby";
import { describe, expect, test } from "vitest";
import {
  DEFAULT_HARNESS,
  HARNESSES,
  harnessEntry,
  managedSettingsDirs,
  UnknownHarnessError,
} from "../../src/adapters/registry.js";
import { dialectEvent, nativeEventName, nativeToolName } from "../../src/core/dialect.js";
import type { ConformanceRole } from "../../src/adapters/harness-entry.js";
import { CONFORMANCE_HARNESSES } from "../conformance/harness-forms.js";

const ROLES: readonly ConformanceRole[] = ["preTool", "postTool", "sessionStart", "prompt", "stop"];

const root = join(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

describe.each(HARNESSES.map((h) => [h.id, h] as const))("%s", (id, h) => {
  test("its dialect names it and holds events, matchers, a timeout and a fold", () => {
    expect(h.dialect.harness).toBe(id);
    expect(h.dialect.events.length).toBeGreaterThan(0);
    expect(new Set(h.dialect.events.map((e) => e.name)).size).toBe(h.dialect.events.length);
    expect(h.dialect.timeout.defaultSeconds).toBeGreaterThan(0);
    const folded = h.dialect.fold({
      event: h.dialect.events[0]!.name,
      exitCode: 0,
      stdout: "",
      stderr: "",
      timedOut: false,
    });
    expect(folded.decision).toBe("none");
  });

  test("its adapter loads, under the same id, with the registry's capabilities and facts probes", async () => {
    const adapter = await h.loadAdapter();
    expect(adapter.id).toBe(id);
    expect(adapter.capabilities).toEqual(h.capabilities);
    expect(adapter.pinnedPackage).toEqual(h.package);
    expect(adapter.factProbes?.length ?? 0).toBeGreaterThan(0);
  });

  test("its package is pinned as a devDependency and an optional peer over its supported range", () => {
    expect(pkg.devDependencies[h.package.name]).toBe(h.package.version);
    // The peer is the adapter's supported range, so `npm i -D <cli>@<newer>` beside vigiles installs.
    expect(pkg.peerDependencies[h.package.name]).toBe(h.package.supported);
    expect(semver.satisfies(h.package.version, h.package.supported)).toBe(true);
  });

  test("markers, a registration reader, managed dirs a confined run masks and a conformance form", () => {
    expect(h.markers.length).toBeGreaterThan(0);
    expect(h.readRegistrations(root).unreadable).toEqual([]);
    expect(h.managedSettingsDirs.length).toBeGreaterThan(0);
    for (const dir of h.managedSettingsDirs) {
      expect(dir.startsWith("/")).toBe(true);
      expect(managedSettingsDirs()).toContain(dir);
    }
    expect(h.driftRecheck.length).toBeGreaterThan(0);
    if (h.noConformance === undefined) expect(CONFORMANCE_HARNESSES).toContain(id);
    else expect(CONFORMANCE_HARNESSES).not.toContain(id);
  });

  test("its conformance form speaks its dialect, and starters find an event of its own for each role", () => {
    const form = h.conformance;
    const claude = DEFAULT_HARNESS.conformance;
    if (form === undefined || claude === undefined) {
      // A harness without a form says why (OpenCode: its hooks are plugin code, not registrations).
      expect(form === undefined && (h.noConformance?.length ?? 0) > 0).toBe(true);
      return;
    }
    for (const role of ROLES) {
      expect(dialectEvent(h.dialect, form.events[role]), `${role}: ${form.events[role]}`).toBeDefined();
      // A starter written in Claude Code's names (tools/init) reaches the harness's own event.
      expect(nativeEventName(h.dialect, claude.events[role]), role).toBe(form.events[role]);
    }
    expect(nativeToolName(h.dialect, "Bash")).toBe(form.tools.Bash);
    expect(form.shapes).toContain("group");
  });

  test("the file its conformance form writes is read by its reader and found by the audit", () => {
    const form = h.conformance;
    if (form === undefined) return;
    const dir = mkdtempSync(join(tmpdir(), "vigiles-registry-"));
    try {
      const registration = {
        event: form.events.preTool,
        matcher: form.tools.Bash,
        command: "echo registry-probe",
        shape: "group" as const,
      };
      const files = form.configFiles([registration]);
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const read = h.readRegistrations(dir);
      expect(read.unreadable).toEqual([]);
      expect(read.registrations.map((r) => [r.harness, r.event, r.command])).toEqual([
        [id, registration.event, registration.command],
      ]);
      const found = h.hookFileAudit.find(dir, (patterns) =>
        globSync([...patterns], { cwd: dir, absolute: true, dot: true }).sort(),
      );
      expect(found.map((f) => f.path)).toEqual(Object.keys(files).map((p) => join(dir, p)));
      expect(h.hookFileAudit.files.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("ids and aliases", () => {
  test("every id and alias names one harness", () => {
    const names = HARNESSES.flatMap((h) => [h.id, ...h.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const h of HARNESSES) for (const alias of h.aliases) expect(harnessEntry(alias)).toBe(h);
  });

  test("the default is Claude Code, and a typo names the closest id", () => {
    expect(DEFAULT_HARNESS.id).toBe("claude-code");
    expect(() => harnessEntry("gemni")).toThrow(UnknownHarnessError);
    expect(() => harnessEntry("gemni")).toThrow(/Did you mean "gemini"/);
  });
});
