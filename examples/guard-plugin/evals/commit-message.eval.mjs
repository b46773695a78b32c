// Does the guard plugin's commit-message skill make the agent write a conventional commit message?
// Two arms: the skill installed ("on") and not ("off"), three trials each, scored from COMMIT_MSG.
//
// THE COMMITTED CACHE IS A RECORDING OF A MOCK, NOT OF A MODEL. It was recorded once, through the real
// `vigiles eval` and the real Claude Code CLI, against vigiles' seeded stochastic mock model
// (./mock-driver.ts): on a seeded draw the mock has the agent write COMMIT_MSG, on the others it does
// nothing. The rates in the report are the mock's, chosen to show the skill's lift; they say nothing
// about how a real model behaves with this skill. Replace the driver to measure a model (that spends money).
//
// Replay it, free and offline (no model, no key; the cache answers every trial, the mock gets no request):
//   npx vigiles eval examples/guard-plugin/evals/commit-message.eval.mjs \
//     --driver examples/guard-plugin/evals/mock-driver.ts --cache read --out /tmp/commit-message.json
// then `npx vigiles report /tmp/commit-message.json` writes an HTML page with each failing trial's trace.
// Check that the committed lock still matches the inputs (runs nothing):
//   npx vigiles eval examples/guard-plugin/evals/commit-message.eval.mjs \
//     --driver examples/guard-plugin/evals/mock-driver.ts --lock-dir examples/guard-plugin/evals/locks --check
// Re-record (only after changing the task, fixture, skill, measure or Claude Code version), then
// rewrite the lock from a replay of the new cache:
//   rm -rf examples/guard-plugin/evals/cache/[0-9a-f]*
//   npx vigiles eval examples/guard-plugin/evals/commit-message.eval.mjs \
//     --driver examples/guard-plugin/evals/mock-driver.ts --cache write
//   npx vigiles eval examples/guard-plugin/evals/commit-message.eval.mjs \
//     --driver examples/guard-plugin/evals/mock-driver.ts --cache read \
//     --lock-dir examples/guard-plugin/evals/locks --update
// `--cache read` replays what is recorded and writes nothing; a trial the cache lacks runs live on the
// driver (here: the free mock). The cache key is every model-affecting input (task, fixture, skill
// text, model, Claude Code version, driver identity, trial index), never the measure: editing
// `measure` re-scores the recording for free, while editing the fixture or the skill misses it.
// examples/guard-plugin/test/eval.test.ts replays it in `npm test` and checks all of this.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineEval } from "vigiles";

const skill = readFileSync(new URL("../skills/commit-message/SKILL.md", import.meta.url), "utf8");

/** A conventional summary line: type, optional scope, colon, at most 72 characters in all. */
const CONVENTIONAL = /^(feat|fix|chore|docs|refactor|test)(\([\w-]+\))?: .+$/;

export default defineEval({
  runEval: {
    name: "commit-message",
    description: "the commit-message skill on vs off, scored from COMMIT_MSG",
    task: "Commit the change described in CHANGES.md: write the commit message to COMMIT_MSG.",
    fixture: { "CHANGES.md": "guard.sh now refuses `git push --force` to main.\n" },
    arms: {
      off: {},
      on: { files: { ".claude/skills/commit-message/SKILL.md": skill } },
    },
    measure: (ctx) => {
      const message = ctx.file("COMMIT_MSG");
      const summary = message?.split("\n")[0] ?? "";
      return {
        wrote: message !== null,
        conventional: CONVENTIONAL.test(summary) && summary.length <= 72,
      };
    },
    trials: 3,
    concurrency: 1,
    cache: "read",
    cacheDir: fileURLToPath(new URL("./cache", import.meta.url)),
  },
  assert: (report) => {
    const on = report.arms.on.metrics.conventional.mean;
    const off = report.arms.off.metrics.conventional.mean;
    if (on <= off) throw new Error(`the skill did not help: ${on} on vs ${off} off`);
  },
});
