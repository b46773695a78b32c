import { describe, expect, test } from "vitest";
import { mutantCatalogue } from "../../src/core/mutate/catalogue.js";
import { dialectOf } from "../../src/adapters/registry.js";
import { mutantSilences } from "../../src/core/mutate/program-flip.js";
import { overallScore, scoreHarnesses, scoreItems } from "../../src/core/mutate/score.js";
import { mutateReportHtml } from "../../src/core/mutate/html.js";
import type { HookItem, MarkdownItem, MutantResult } from "../../src/core/mutate/types.js";

const hook = (over: Partial<HookItem>): HookItem => ({
  kind: "hook",
  id: "h",
  file: ".claude/settings.json",
  event: "PreToolUse",
  groupIndex: 0,
  handlerIndex: 0,
  matcher: "Bash",
  command: "./guard.sh",
  timeout: 5,
  sources: ["guard.sh"],
  sourceText: 'echo \'{"permissionDecision":"deny"}\'; exit 2',
  ...over,
});
const notApplicable = (items: Parameters<typeof mutantCatalogue>[0]) =>
  Object.fromEntries(mutantCatalogue(items, dialectOf).map((m) => [m.kind, m.notApplicable]));

describe("the mutant catalogue", () => {
  test("a guard that denies and exits 2, on a tool event with a short timeout: seven live mutants", () => {
    const all = mutantCatalogue([hook({})], dialectOf);
    expect(all.map((m) => m.kind)).toEqual([
      "hook-always-allows",
      "hook-crashes",
      "hook-exit2-to-0",
      "hook-deny-to-block",
      "hook-unregistered",
      "hook-matcher-misses",
      "hook-past-timeout",
    ]);
    expect(all.every((m) => m.notApplicable === undefined)).toBe(true);
  });

  test("mutants that cannot change the hook are not applicable, each with its reason", () => {
    const e = notApplicable([
      hook({ event: "Notification", matcher: undefined, sourceText: "#!/bin/sh\ncat >/dev/null\nexit 0\n" }),
    ]);
    expect(e["hook-always-allows"]).toMatch(/already always allows/);
    // Claude Code's Notification cannot block: the dialect says so, whatever the source does.
    expect(e["hook-exit2-to-0"]).toMatch(/Claude Code: exit 2 blocks nothing on Notification/);
    expect(
      notApplicable([hook({ sourceText: "#!/bin/sh\ncat >/dev/null\nexit 0\n" })])["hook-exit2-to-0"],
    ).toMatch(/never exits 2/);
    expect(e["hook-deny-to-block"]).toMatch(/Notification honours no "deny"/);
    expect(e["hook-crashes"]).toBeUndefined();
    expect(e["hook-unregistered"]).toBeUndefined(); // a runHook through the registration would notice
    // A timeout gives no decision and the action proceeds: what a hook that only reads and exits 0 does.
    expect(e["hook-past-timeout"]).toMatch(/gives no decision and the action proceeds/);
    expect(e["hook-matcher-misses"]).toBeUndefined(); // Notification takes a matcher
    expect(notApplicable([hook({ event: "Stop", matcher: undefined })])["hook-matcher-misses"]).toMatch(
      /Stop takes no matcher/,
    );
    const crashing = notApplicable([hook({ sourceText: "#!/bin/sh\necho 'not set up' >&2\nexit 1\n" })]);
    expect(crashing["hook-crashes"]).toMatch(/already crashes/);
    expect(crashing["hook-always-allows"]).toBeUndefined();
    expect(crashing["hook-past-timeout"]).toMatch(/a crash and a timeout are both a non-blocking error/);
    // Any output, exit 2 or side effect is work a timeout cuts short: the mutant runs.
    for (const sourceText of [
      "#!/bin/sh\ncat >/dev/null\necho 'House rule: run the tests'\n",
      "#!/bin/sh\ncat >> /tmp/notifications.log\nexit 0\n",
      "#!/bin/sh\necho 'denied' >&2\nexit 2\n",
    ])
      expect([sourceText, notApplicable([hook({ sourceText })])["hook-past-timeout"]]).toEqual([
        sourceText,
        undefined,
      ]);
    // A guard that only says "denied" on stderr and exits 2 writes no JSON deny.
    const exit2Only = notApplicable([hook({ sourceText: 'echo "denied: force push" >&2; exit 2' })]);
    expect(exit2Only["hook-deny-to-block"]).toMatch(/never writes a JSON "deny"/);
    expect(exit2Only["hook-exit2-to-0"]).toBeUndefined();
    expect(notApplicable([hook({ sourceText: "sys.exit(2)" })])["hook-exit2-to-0"]).toBeUndefined();
    expect(notApplicable([hook({ sourceText: "os._exit(2)" })])["hook-exit2-to-0"]).toBeUndefined();
    const twin = notApplicable([hook({ duplicateOf: "h0" })]);
    expect(twin["hook-unregistered"]).toMatch(/h0 registers the same command/);
  });

  test("program mutants without the answer they silence are not applicable", () => {
    const all = mutantCatalogue(
      [{ kind: "program", id: "p", file: "p.hook.mjs", answers: ["deny"] }],
      dialectOf,
    );
    expect(all.map((m) => [m.kind, m.notApplicable === undefined])).toEqual([
      ["program-deny-to-allow", true],
      ["program-inject-to-nothing", false],
      ["program-notice-to-silence", false],
    ]);
  });

  test("skills: removed, blanked, and neighbours swapped; identical descriptions are a swap that changes nothing", () => {
    const skill = (name: string, description: string): MarkdownItem => ({
      kind: "skill",
      id: `skill ${name}`,
      file: `${name}/SKILL.md`,
      name,
      description,
    });
    const all = mutantCatalogue([skill("a", "one"), skill("b", "two"), skill("c", "two")], dialectOf);
    const swaps = all.filter((m) => m.kind === "skill-descriptions-swapped");
    expect(swaps.map((m) => [m.item.id, m.other?.id, m.notApplicable !== undefined])).toEqual([
      ["skill a", "skill b", false],
      ["skill b", "skill c", true],
    ]);
    expect(all.filter((m) => m.kind === "skill-removed")).toHaveLength(3);
  });
});

describe("program flips and scores", () => {
  const raw = JSON.stringify({ program: "/x/gate.hook.mjs", flip: "deny-to-allow" });
  test("only the named program's matching answers are silenced", () => {
    expect(mutantSilences(raw, "/x/gate.hook.mjs", { kind: "decision", decision: "deny" })).toBe(true);
    expect(mutantSilences(raw, "/x/gate.hook.mjs", { kind: "decision", decision: "allow" })).toBe(false);
    expect(mutantSilences(raw, "/x/other.hook.mjs", { kind: "decision", decision: "deny" })).toBe(false);
    expect(mutantSilences("not json", "/x/gate.hook.mjs", { kind: "decision", decision: "deny" })).toBe(
      false,
    );
    expect(mutantSilences(undefined, "/x/gate.hook.mjs", { kind: "decision", decision: "deny" })).toBe(false);
  });

  test("not applicable, not exercised and errors are not counted", () => {
    const r = (status: MutantResult["status"], item = "i"): MutantResult => ({
      id: `${item}${status}`,
      kind: "hook-crashes",
      item,
      itemKind: "hook",
      harness: item === "g" ? "gemini" : "claude-code",
      harnessName: item === "g" ? "Gemini CLI" : "Claude Code",
      description: "",
      status,
      tests: [],
      testsWhy: "",
      durationMs: 0,
    });
    const results = [
      r("killed"),
      r("survived"),
      r("not-applicable"),
      r("not-exercised"),
      r("error"),
      r("killed", "j"),
    ];
    expect(overallScore(results)).toBe(66.7);
    // Each harness scores its own readings: a Gemini reading's survivor does not lower Claude Code's.
    expect(scoreHarnesses([...results, r("survived", "g")]).map((h) => [h.harnessName, h.score])).toEqual([
      ["Claude Code", 66.7],
      ["Gemini CLI", 0],
    ]);
    expect(scoreItems(results)).toEqual([
      {
        item: "i",
        kind: "hook",
        harness: "claude-code",
        harnessName: "Claude Code",
        killed: 1,
        survived: 1,
        notApplicable: 1,
        notExercised: 1,
        errors: 1,
        score: 50,
      },
      {
        item: "j",
        kind: "hook",
        harness: "claude-code",
        harnessName: "Claude Code",
        killed: 1,
        survived: 0,
        notApplicable: 0,
        notExercised: 0,
        errors: 0,
        score: 100,
      },
    ]);
    expect(overallScore([r("not-applicable"), r("not-exercised")])).toBeNull();
  });
});

describe("the HTML report", () => {
  test("scores and survivors, every text escaped", () => {
    const claude = {
      harness: "claude-code",
      harnessName: "Claude Code",
      killed: 1,
      survived: 1,
      notApplicable: 0,
      notExercised: 0,
      errors: 0,
      score: 50,
    };
    const html = mutateReportHtml({
      version: 3,
      root: "/r",
      selection: "coverage",
      selectionNote: "by coverage",
      baseline: { tests: ["a.harness.mjs"], durationMs: 1 },
      score: 50,
      items: [{ item: "h", kind: "hook", ...claude }],
      harnesses: [claude],
      mutants: [
        {
          id: "h#x",
          kind: "hook-crashes",
          item: "h",
          itemKind: "hook",
          harness: "claude-code",
          harnessName: "Claude Code",
          description: "hook `<script>alert(1)</script>` crashes",
          status: "survived",
          tests: ["a.harness.mjs"],
          testsWhy: "a.harness.mjs reaches it by its script",
          suggestion: "no test checks it",
          durationMs: 1,
        },
      ],
      aborted: false,
      durationMs: 2,
    });
    expect(html).toContain("Mutation score 50.0%");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("suggestion: no test checks it");
    expect(html).toContain("<td>Claude Code</td>"); // every line names its harness
  });
});
