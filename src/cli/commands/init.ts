/** `vigiles init`: starter tests for the hooks and skills this repository already has. */
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { globSync } from "tinyglobby";
import { defineCommand, type CliCommand } from "../command.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { discoverHarness } from "../../tools/init/discover.js";
import { detectRunner, type RunnerChoice, type StarterRunner } from "../../tools/init/project-runner.js";
import { codeHookStarters, hookStarter, type StarterFile } from "../../tools/init/starter-tests.js";
import { existingSkillEvals, skillStarter } from "../../tools/init/skill-starter.js";
import { githubWorkflow } from "../../tools/init/ci-workflow.js";
import { ciNodeMajor } from "../../tools/init/node-version.js";
import { detectHarness } from "../../adapters/registry.js";
import { InvalidOptionError } from "../../core/errors.js";

const HELP = `Usage: vigiles init [--out tests/vigiles] [--runner vigiles|vitest|jest] [--ci github] [--force]

Finds the command hooks (.claude/settings*.json, plugins' hooks/hooks.json) and skills of this
repository and writes a starter test for each: a test file per hook and a trigger-rate eval
skeleton per skill (run with \`vigiles eval\`; it calls a real model). Existing files are kept
unless --force.

Each hook's example events are derived from its event, matcher and script (a Read|Grep|Glob hook
gets a Read, a guard whose script greps \`git commit\` gets a \`git commit\`). Out of the box the
starters pass or skip: the contract tests run (no crash, no timeout, an answer the harness reads),
and the verdict tests (blocks this, allows that) are test.skip until you say what the hook is for.

Options:
  --out <dir>        where the starters go (default tests/vigiles)
  --runner <name>    vigiles: *.harness.mjs files for \`vigiles test\`; vitest or jest:
                     *.vigiles.test.mjs files for that runner. Default: vitest or jest when
                     package.json lists it (or its config file is here), else vigiles.
  --ci github        also write .github/workflows/vigiles.yml: the free tiers (audit, the hook
                     tests with a JUnit report and a job summary) on every push; with eval files,
                     the paid evals on the default branch and by hand, sharded over a job matrix
                     (--shard i/n), merged (merge-reports), gated once and rendered (report)
  --shards <n>       shards of the eval matrix (default 4)
  --force            replace existing files
`;

const RUNNERS: readonly StarterRunner[] = ["vigiles", "vitest", "jest"];

function chooseRunner(root: string, flag: string | undefined): RunnerChoice {
  if (flag === undefined) return detectRunner(root);
  const runner = RUNNERS.find((r) => r === flag);
  if (runner === undefined)
    throw new InvalidOptionError(`--runner must be one of ${RUNNERS.join(", ")}, got "${flag}".`);
  return { runner, because: "--runner" };
}

const NEXT: Record<StarterRunner, (out: string) => string> = {
  vigiles: (out) => `npx vigiles test ${out}`,
  vitest: (out) => `npx vitest run ${out}`,
  jest: (out) => `NODE_OPTIONS=--experimental-vm-modules npx jest ${out}`,
};

export const initCommand: CliCommand = defineCommand({
  name: "init",
  summary: "write starter tests for this repository's hooks and skills",
  help: HELP,
  options: {
    out: { type: "string", default: "tests/vigiles" },
    runner: { type: "string" },
    ci: { type: "string" },
    shards: { type: "string", default: "4" },
    force: { type: "boolean", default: false },
  },
  async run({ values }) {
    const root = process.cwd();
    const outDir = resolve(root, values.out);
    const choice = chooseRunner(root, values.runner);
    const found = discoverHarness(root);
    for (const problem of found.unreadable) process.stderr.write(`vigiles init: could not read ${problem}\n`);
    if (values.ci !== undefined && values.ci !== "github")
      throw new InvalidOptionError(`--ci knows github only, got "${values.ci}".`);
    const shards = Number(values.shards);
    if (!Number.isInteger(shards) || shards < 1 || shards > 64)
      throw new InvalidOptionError(`--shards must be a whole number from 1 to 64, got "${values.shards}".`);
    // A skill measured by an eval elsewhere (an earlier init with another --runner or --out) gets no second one.
    const measured = existingSkillEvals(root, found.skills);
    const skillFiles = found.skills.flatMap((skill) => {
      const file = skillStarter(skill);
      const elsewhere = measured.get(skill.id);
      if (elsewhere === undefined || resolve(root, elsewhere) === join(outDir, file.name)) return [file];
      process.stdout.write(`  kept    ${elsewhere} (the eval of skill ${skill.id}; no second skeleton)\n`);
      return [];
    });
    const pluginStarters = codeHookStarters(root, outDir, choice.runner);
    const files = [
      ...found.hooks.map((hook, i) => hookStarter(hook, i, outDir, root, choice.runner)),
      ...skillFiles,
      ...pluginStarters,
    ];
    if (files.length === 0 && values.ci === undefined) {
      process.stdout.write("vigiles init: found no command hooks and no skills here; nothing to write.\n");
      return 0;
    }
    const write = (path: string, file: StarterFile) => {
      const shown = relative(root, path);
      if (existsSync(path) && !values.force) {
        process.stdout.write(`  kept    ${shown} (exists; --force to replace)\n`);
        return;
      }
      writeFileAtomic(path, file.text);
      process.stdout.write(`  wrote   ${shown}\n`);
    };
    for (const file of files) write(join(outDir, file.name), file);
    if (values.ci === "github") {
      const evalFiles = globSync("**/*.eval.{mjs,js,mts,ts}", {
        cwd: root,
        ignore: ["**/node_modules/**", "**/dist/**", "**/.git/**", "**/.vigiles/**"],
      }).sort();
      const text = githubWorkflow({
        runner: choice.runner,
        testDir: relative(root, outDir) || ".",
        evalFiles,
        shards,
        lockfile: existsSync(join(root, "package-lock.json")),
        driftHarnesses: [detectHarness(root).harness.id],
        nodeMajor: ciNodeMajor(root),
      });
      write(join(root, ".github/workflows/vigiles.yml"), { name: "vigiles.yml", text });
      process.stdout.write(
        evalFiles.length > 0
          ? `  CI: free tiers on every push; ${evalFiles.length} eval file(s) on the default branch in ${shards} shard(s) (needs the ANTHROPIC_API_KEY secret); weekly drift on the newest release\n`
          : "  CI: free tiers on every push; no eval files, so no paid job; weekly drift on the newest release\n",
      );
    }
    if (files.length === 0) return 0;
    if (found.hooks.length + pluginStarters.length > 0)
      process.stdout.write(
        `\nhook tests for ${choice.runner} (${choice.because}); their verdict tests are skipped until you fill them in`,
      );
    process.stdout.write(
      `\n${found.hooks.length} hook(s), ${pluginStarters.length > 0 ? `${pluginStarters.length} plugin starter(s), ` : ""}${found.skills.length} skill(s). Next: ${NEXT[choice.runner](values.out)}` +
        (found.skills.length > 0 ? ` (the .eval.mjs files call a real model: npx vigiles eval)` : "") +
        "\n",
    );
    return 0;
  },
});
