/** `vigiles init`: starter tests for the hooks and skills this repository already has. */
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { defineCommand, type CliCommand } from "../command.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { discoverHarness } from "../../tiers/init/discover.js";
import { hookStarter, skillStarter } from "../../tiers/init/starter-tests.js";

const HELP = `Usage: vigiles init [--out tests/vigiles] [--force]

Finds the command hooks (.claude/settings*.json, plugins' hooks/hooks.json) and skills of this
repository and writes a starter test for each: a harness file per hook (run with \`vigiles test\`)
and a trigger-rate eval skeleton per skill (run with \`vigiles eval\`). Existing files are kept
unless --force.
`;

export const initCommand: CliCommand = defineCommand({
  name: "init",
  summary: "write starter tests for this repository's hooks and skills",
  help: HELP,
  options: {
    out: { type: "string", default: "tests/vigiles" },
    force: { type: "boolean", default: false },
  },
  async run({ values }) {
    const root = process.cwd();
    const outDir = resolve(root, values.out);
    const found = discoverHarness(root);
    for (const problem of found.unreadable) process.stderr.write(`vigiles init: could not read ${problem}\n`);
    const files = [
      ...found.hooks.map((hook, i) => hookStarter(hook, i, outDir, root)),
      ...found.skills.map((skill) => skillStarter(skill)),
    ];
    if (files.length === 0) {
      process.stdout.write("vigiles init: found no command hooks and no skills here; nothing to write.\n");
      return 0;
    }
    for (const file of files) {
      const path = join(outDir, file.name);
      const shown = relative(root, path);
      if (existsSync(path) && !values.force) {
        process.stdout.write(`  kept    ${shown} (exists; --force to replace)\n`);
        continue;
      }
      writeFileAtomic(path, file.text);
      process.stdout.write(`  wrote   ${shown}\n`);
    }
    process.stdout.write(
      `\n${found.hooks.length} hook(s), ${found.skills.length} skill(s). Next: npx vigiles test ${values.out}` +
        (found.skills.length > 0 ? ` (the .eval.mjs files call a real model: npx vigiles eval)` : "") +
        "\n",
    );
    return 0;
  },
});
