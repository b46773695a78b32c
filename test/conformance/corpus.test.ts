// Pins the shape of the conformance corpus, without running anything: at least 150 cases per
// harness, each id and tag unique, every kind of matcher and answer the issue asks for present in
// the harness's own names, each config file valid JSON in the harness's own format, every case in
// exactly one planned run (decision cases alone, batches of at most MAX_BATCH), and every exception
// naming a case that exists.
import { describe, expect, test } from "vitest";
import { conformanceCorpus } from "./corpus.js";
import { CONFORMANCE_EXCEPTIONS } from "./exceptions.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { harnessEntry } from "../../src/adapters/registry.js";
import { CONFORMANCE_HARNESSES, formOf } from "./harness-forms.js";
import { MAX_BATCH, planRuns } from "./plan.js";
import { SAMPLE } from "./sample.js";

describe.each(CONFORMANCE_HARNESSES)("the %s corpus", (harness) => {
  const corpus = conformanceCorpus(harness);
  const form = formOf(harness);

  test("has at least 150 cases with unique ids and tags", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((c) => c.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((c) => c.tag)).size).toBe(corpus.length);
  });

  test("covers matchers of every kind, SessionStart sources, env variables and answers, in its own names", () => {
    const matchers = new Set(corpus.map((c) => c.matcher));
    const bash = form.tools.Bash;
    for (const m of [bash, `^${bash}$`, `${bash}|${form.tools.Write}`, "mcp__srv__tool", "*", "", undefined])
      expect(matchers).toContain(m);
    expect(matchers).toContain("startup|clear|compact");
    expect(corpus.some((c) => c.command.includes("$CLAUDE_PROJECT_DIR"))).toBe(true);
    expect(corpus.some((c) => c.command.includes("${CLAUDE_PLUGIN_ROOT}"))).toBe(true);
    expect(corpus.some((c) => c.command.includes("$GEMINI_PROJECT_DIR"))).toBe(true);
    const outputs = new Set(corpus.map((c) => c.output));
    for (const o of [
      "exit2-stderr",
      "exit127-not-found",
      "pd-ask",
      "pd-block-invalid-word",
      "legacy-decision-block",
      "pd-deny-exit2",
      "plain-stdout",
    ])
      expect(outputs).toContain(o);
    expect(new Set(corpus.map((c) => c.event))).toEqual(new Set(Object.values(form.events)));
  });

  test("writes each run's hooks in a config file the harness's own registration reader reads", () => {
    const entry = harnessEntry(harness);
    for (const run of planRuns(corpus)) {
      const configs = Object.keys(run.files).filter((f) => f.endsWith(".json"));
      expect(configs).toHaveLength(1);
      const text = run.files[configs[0] as string] as string;
      expect(() => JSON.parse(text)).not.toThrow();
      const root = mkdtempSync(join(tmpdir(), "vigiles-corpus-"));
      try {
        for (const [path, body] of Object.entries(run.files)) {
          mkdirSync(dirname(join(root, path)), { recursive: true });
          writeFileSync(join(root, path), body);
        }
        const read = entry.readRegistrations(root);
        expect(read.unreadable).toEqual([]);
        const commands = read.registrations.map((r) => r.command).join("\n");
        for (const c of run.cases) expect(commands).toContain(c.tag);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
  });

  test("plans every case into exactly one run: decisions alone, fired batches of at most MAX_BATCH", () => {
    const runs = planRuns(corpus);
    const seen = runs.flatMap((r) => r.cases.map((c) => c.id));
    expect([...seen].sort()).toEqual(corpus.map((c) => c.id).sort());
    for (const r of runs) {
      if (r.kind === "decision") expect(r.cases).toHaveLength(1);
      else expect(r.cases.length).toBeLessThanOrEqual(MAX_BATCH);
      expect(new Set(r.cases.map((c) => c.tool)).size).toBe(1);
    }
  });

  test("the sample names at least 20 of its cases", () => {
    const ids = new Set(corpus.map((c) => c.id));
    expect(SAMPLE.filter((s) => ids.has(`${harness}/${s}`)).length).toBeGreaterThanOrEqual(20);
  });
});

test("every exception names a case of the corpus, with a reason", () => {
  const ids = new Set(CONFORMANCE_HARNESSES.flatMap((h) => conformanceCorpus(h).map((c) => c.id)));
  for (const e of CONFORMANCE_EXCEPTIONS) {
    expect(ids, e.id).toContain(e.id);
    expect(e.reason.length).toBeGreaterThan(20);
  }
  expect(new Set(CONFORMANCE_EXCEPTIONS.map((e) => e.id)).size).toBe(CONFORMANCE_EXCEPTIONS.length);
});
