/**
 * The triggering runners end to end: the real Claude Code CLI against the mock model, which plays a
 * selector whose choice is a seeded function of the prompt. The known choice function gives the
 * expected matrix and rates; the measured ones must match.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadPlugin } from "../../src/adapters/claude-code/plugin/load-plugin.js";
import { runHarnessTest } from "../../src/tiers/harness/run-harness-test.js";
import { STUB_SKILL_BODY } from "../../src/adapters/claude-code/plugin/prepare.js";
import { assertNoCollision } from "../../src/core/triggering/matrix-report.js";
import { assertTriggerRate } from "../../src/core/triggering/trigger-report.js";
import { AssertionFailedError } from "../../src/core/errors.js";
import { measureSelectionMatrix } from "../../src/tiers/eval/triggering/selection-matrix.js";
import { measureTriggerRate } from "../../src/tiers/eval/triggering/trigger-rate.js";
import { bodyMarker, writeFixturePlugin } from "./fixture-plugin.js";
import { realisticPromptSets } from "./prompt-sets.js";
import { pick, seededUniform, selectorDriver, type ChoiceRow, type ObservedRun } from "./selector-driver.js";

const plugin = writeFixturePlugin();
afterAll(() => plugin.remove());

const SEED = "vigiles-h7";
const sets = realisticPromptSets as Record<"commit" | "deploy" | "pdf", readonly string[]>;

describe.concurrent("selection matrix on the real CLI", () => {
  it(
    "measures the known matrix of a seeded selector, within its confidence bounds",
    { timeout: 240_000 },
    async () => {
      const trials = 2;
      const truth: Record<string, ChoiceRow> = {
        "demo:commit": { "demo:commit": 0.75, "demo:deploy": 0.25 },
        "demo:deploy": { "demo:deploy": 1 },
        "demo:pdf": { "demo:pdf": 0.5 },
      };
      const curated = {
        commit: { prompts: sets.commit.slice(0, 3) },
        deploy: { prompts: sets.deploy.slice(0, 3) },
        pdf: { prompts: sets.pdf.slice(0, 3) },
      };
      const rows = new Map<string, ChoiceRow>();
      for (const [name, { prompts }] of Object.entries(curated))
        for (const p of prompts) rows.set(p, truth[`demo:${name}`] ?? {});
      const observed: ObservedRun[] = [];
      const driver = selectorDriver({ seed: SEED, rows, observed });

      const report = await measureSelectionMatrix(plugin.dir, {
        prompts: curated,
        trials,
        concurrency: 4,
        stubSkillBodies: false,
        driver,
      });

      expect(report.available).toBe(true);
      expect(report.errors).toBe(0);
      expect(report.n).toBe(18);
      expect(driver.calls).toBe(18);
      // The exact counts the choice function gives, computed without the CLI.
      for (const row of report.rows) {
        const name = row.skill.slice("demo:".length) as keyof typeof curated;
        const expected: Record<string, number> = {
          "demo:commit": 0,
          "demo:deploy": 0,
          "demo:pdf": 0,
          "(none)": 0,
          "(other)": 0,
        };
        for (const p of curated[name].prompts) {
          for (let t = 0; t < trials; t++) {
            const chosen = pick(truth[row.skill] ?? {}, seededUniform(SEED, p, t)) ?? "(none)";
            expected[chosen] = (expected[chosen] ?? 0) + 1;
          }
        }
        expect(row.counts).toEqual(expected);
        // The true rates lie inside the measured 95% intervals.
        const trueRecall = truth[row.skill]?.[row.skill] ?? 0;
        const trueCollision = Object.entries(truth[row.skill] ?? {})
          .filter(([s]) => s !== row.skill)
          .reduce((a, [, p]) => a + p, 0);
        expect(trueRecall).toBeGreaterThanOrEqual(row.recallInterval[0]);
        expect(trueRecall).toBeLessThanOrEqual(row.recallInterval[1]);
        expect(trueCollision).toBeGreaterThanOrEqual(row.collisionInterval[0]);
        expect(trueCollision).toBeLessThanOrEqual(row.collisionInterval[1]);
      }
      const commitRow = report.rows.find((r) => r.skill === "demo:commit");
      expect(commitRow?.counts["demo:deploy"]).toBeGreaterThan(0);
      expect(() => assertNoCollision(report)).toThrow(
        /demo:commit: .* resolved a sibling \(demo:deploy took \d+/,
      );
      expect(() => assertNoCollision(report, { maxOffDiagonal: 0.6 })).not.toThrow();
      // Unstubbed: a resolved skill's real body reaches the model.
      const withSkill = observed.find((o) => o.chosen === "demo:deploy");
      expect(withSkill).toBeDefined();
      expect(JSON.stringify(withSkill?.requests.map((r) => r.messages))).toContain(bodyMarker("deploy"));
    },
  );
});

describe.concurrent("trigger rate on the real CLI", () => {
  it(
    "measures rate, false positives and precision; stubbed bodies reach the model without the body text",
    { timeout: 240_000 },
    async () => {
      const prompts = sets.commit.slice(0, 10);
      const irrelevantPrompts = sets.pdf.slice(0, 3);
      const rows = new Map<string, ChoiceRow>([
        ...prompts.map((p): [string, ChoiceRow] => [p, { "demo:commit": 0.7, "demo:deploy": 0.1 }]),
        ...irrelevantPrompts.map((p): [string, ChoiceRow] => [p, { "demo:commit": 0.3, "demo:pdf": 0.6 }]),
      ]);
      const observed: ObservedRun[] = [];
      const driver = selectorDriver({ seed: SEED, rows, observed });

      const report = await measureTriggerRate({
        pluginDir: plugin.dir,
        skill: "commit",
        prompts,
        irrelevantPrompts,
        stubSkillBodies: true,
        concurrency: 4,
        driver,
      });

      const expectFired = (ps: readonly string[]) =>
        ps.filter((p) => pick(rows.get(p) ?? {}, seededUniform(SEED, p, 0)) === "demo:commit").length;
      const fired = expectFired(prompts);
      const falsePositives = expectFired(irrelevantPrompts);
      expect(report).toMatchObject({
        skill: "demo:commit",
        competitors: 2,
        n: 10,
        fired,
        nIrrelevant: 3,
        falsePositives,
        errors: 0,
        stubSkillBodies: true,
      });
      expect(report.rate).toBeCloseTo(fired / 10, 12);
      expect(report.falsePositiveRate).toBeCloseTo(falsePositives / 3, 12);
      expect(report.precision).toBeCloseTo(fired / (fired + falsePositives), 12);
      expect(0.7).toBeGreaterThanOrEqual(report.rateInterval[0]);
      expect(0.7).toBeLessThanOrEqual(report.rateInterval[1]);
      expect(report.prompts).toHaveLength(13);

      // Stubbed: the skill resolved, the stub reached the model, the body did not.
      const resolved = observed.filter((o) => o.chosen !== undefined);
      expect(resolved.length).toBeGreaterThan(0);
      for (const o of resolved) {
        const sent = JSON.stringify(o.requests.map((r) => r.messages));
        expect(sent).toContain(STUB_SKILL_BODY.slice(0, 60));
        for (const name of ["commit", "deploy", "pdf"]) expect(sent).not.toContain(bodyMarker(name));
      }

      assertTriggerRate(report, { min: fired / 10, maxFalsePositive: falsePositives / 3 });
      expect(() => assertTriggerRate(report, { min: fired / 10 + 0.05 })).toThrow(AssertionFailedError);
      expect(() => assertTriggerRate(report, { min: fired / 10 + 0.05 })).toThrow(/prompts that missed/);
    },
  );
});

describe.concurrent("loadPlugin agrees with the real CLI", () => {
  it(
    "lists the plugins, skills and commands the CLI lists, under the same ids; the standard hooks file loads once",
    { timeout: 120_000 },
    async () => {
      const base = mkdtempSync(join(tmpdir(), "vigiles-loadplugin-cli-"));
      const skill = (name: string | undefined, description: string | undefined) =>
        `---\n${name ? `name: ${name}\n` : ""}${description !== undefined ? `description: ${JSON.stringify(description)}\n` : ""}---\nbody\n`;
      const write = (dir: string, files: Record<string, string>) => {
        for (const [rel, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, rel)), { recursive: true });
          writeFileSync(join(dir, rel), text);
        }
      };
      const mixed = join(base, "mixed");
      write(mixed, {
        ".claude-plugin/plugin.json": JSON.stringify({
          name: "mix",
          hooks: "./hooks/hooks.json",
          skills: "./extra",
          commands: ["./cmds/one.md"],
        }),
        "skills/folder-a/SKILL.md": skill("folder-b", "Name differs from its folder."),
        "skills/bad_name/SKILL.md": skill("Bad_Name", "Not kebab-case."),
        "skills/long/SKILL.md": skill("long", "L".repeat(1100)),
        "skills/nodesc/SKILL.md": skill("nodesc", undefined),
        "skills/noname/SKILL.md": skill(undefined, "No name field."),
        "extra/added/SKILL.md": skill("added", "Added by the manifest."),
        "cmds/one.md": "---\ndescription: one\n---\nx\n",
        "commands/replaced.md": "---\ndescription: not loaded\n---\nx\n",
        "hooks/hooks.json": JSON.stringify({
          hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo loaded" }] }] },
        }),
      });
      const rejected = join(base, "rejected");
      write(rejected, {
        ".claude-plugin/plugin.json": JSON.stringify({ name: "rejected", agents: "./agents" }),
        "agents/a.md": "---\nname: a\ndescription: An agent.\n---\nx\n",
        "skills/s/SKILL.md": skill("s", "A skill of a plugin that never loads."),
      });
      const oddName = join(base, "odd");
      write(oddName, {
        ".claude-plugin/plugin.json": '{"name":"Odd_Name"}',
        "skills/s/SKILL.md": skill("s", "A skill."),
      });
      const nameless = join(base, "nameless");
      write(nameless, {
        ".claude-plugin/plugin.json": '{"version":"1.0.0"}',
        "skills/s/SKILL.md": skill("s", "A skill."),
      });
      const loaded = loadPlugin(mixed);
      const refused = loadPlugin(rejected);
      const r = await runHarnessTest({
        prompt: "hi",
        plugins: [mixed, rejected, oddName, nameless],
        sandbox: false,
        transcript: true,
        model: [{ text: "done" }],
      });
      try {
        const init = r.events.find((e) => e["type"] === "system" && e["subtype"] === "init");
        const plugins = ((init?.["plugins"] as { name: string }[] | undefined) ?? []).map((p) => p.name);
        const ours = (key: string) =>
          ((init?.[key] as string[] | undefined) ?? [])
            .filter((s) => s.startsWith("mix:") || s.startsWith("rejected:"))
            .sort();
        const unlisted = new Set(loaded.problems.filter((p) => p.severity === "error").map((p) => p.path));
        const expected = loaded.skills
          .filter((s) => !unlisted.has(`skills/${s.folder}/SKILL.md`))
          .map((s) => s.id);
        expect(loaded.loads).toBe(true);
        expect(refused.loads).toBe(false);
        expect(plugins).toContain("mix");
        expect(plugins).not.toContain("rejected");
        // A non-kebab name loads (a warning); a manifest without a name does not (an error).
        expect(loadPlugin(oddName).loads).toBe(true);
        expect(plugins).toContain("Odd_Name");
        expect(loadPlugin(nameless).loads).toBe(false);
        expect(plugins).not.toContain("nameless");
        expect(ours("skills")).toEqual([
          "mix:added",
          "mix:bad_name",
          "mix:folder-a",
          "mix:long",
          "mix:noname",
        ]);
        expect(expected.sort()).toEqual(ours("skills"));
        expect(ours("slash_commands")).toEqual(expect.arrayContaining(["mix:one"]));
        expect(ours("slash_commands")).not.toContain("mix:replaced");
        expect(loaded.commands.map((c) => c.name)).toEqual(["one"]);
        expect(r.hooks?.filter((h) => h.event === "UserPromptSubmit")).toHaveLength(1);
        expect(loaded.hooks?.dropped).toBe(false);
        expect(loaded.problems.find((p) => p.code === "hooks-standard-file-listed")?.severity).toBe(
          "warning",
        );
      } finally {
        r.cleanup();
        rmSync(base, { recursive: true, force: true });
      }
    },
  );
});
