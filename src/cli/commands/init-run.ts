/** What `vigiles init` does once its arguments are parsed (./init.ts declares the command). */
import type { InitCommandArgs } from "./init-options.js";
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { globSync } from "tinyglobby";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { discoverHarness } from "../../tools/init/discover.js";
import { detectRunner, type RunnerChoice, type StarterRunner } from "../../tools/init/project-runner.js";
import { codeHookStarters, hookStarter, type StarterFile } from "../../tools/init/starter-tests.js";
import { existingSkillEvals, skillStarter } from "../../tools/init/skill-starter.js";
import { githubWorkflow } from "../../tools/init/ci-workflow.js";
import { ciNodeMajor } from "../../tools/init/node-version.js";
import { detectHarness } from "../../adapters/registry.js";
import { InvalidOptionError } from "../../core/errors.js";

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

/** Runs `vigiles init` with parsed arguments; resolves to the exit code. */
export async function runInit({ values }: InitCommandArgs): Promise<number> {
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
}
