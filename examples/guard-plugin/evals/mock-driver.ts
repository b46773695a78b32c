// The driver the commit-message eval was recorded with: the REAL Claude Code CLI pointed at vigiles'
// local mock model, which serves seeded, stochastic scripts. It is NOT a model: on a trial the seeded
// draw makes succeed (p = 0.9 on "on" trials, 0.3 on "off" trials, seed 9), the mock has the agent write a
// conventional COMMIT_MSG through Bash; otherwise the agent answers without writing anything.
//
// The stochastic mock is a test fixture of this repository, not a public export of vigiles, so this
// module reaches into the repository's source. Its identity (harness version + mock script hash) is
// part of every cache key: change a rate, the seed or the script here and the committed cache misses.
import { stochasticMockDriver } from "../../../src/tiers/eval/mock-driver.js";

/** What a succeeding trial makes the agent run. */
export const COMMIT_COMMAND =
  "printf 'feat(guard): refuse force pushes to main\\n\\nA force push rewrites shared history.\\n' > COMMIT_MSG";

/** A new driver each call: its request and launch counters start at zero. */
export function commitMessageMockDriver() {
  return stochasticMockDriver({
    rates: { on: 0.9, off: 0.3 },
    seed: 9,
    success: { command: COMMIT_COMMAND, answer: "Wrote COMMIT_MSG." },
  });
}

export default commitMessageMockDriver;
