/** The fixed sample `npm test` runs (sample.test.ts): case ids without their `<harness>/` prefix. */

/**
 * `<group>/<slug>` of the sampled cases: 18 fired-or-not cases (one real run) and 3 decision cases
 * (a run each), so a harness takes 4 real runs, two at a time.
 */
export const SAMPLE = [
  "matcher-preTool-Bash/absent",
  "matcher-preTool-Bash/star",
  "matcher-preTool-Bash/exact",
  "matcher-preTool-Bash/first-letter-case-swapped",
  "matcher-preTool-Bash/alternation-self-last",
  "matcher-preTool-Bash/comma-list",
  "matcher-preTool-Bash/anchored",
  "matcher-preTool-Bash/prefix",
  "matcher-preTool-Bash/dot-star",
  "matcher-preTool-Bash/mcp-exact",
  "matcher-preTool-Bash/unknown-tool",
  "matcher-preTool-Bash/other-tool",
  "matcher-postTool-Bash/exact",
  "source-sessionStart/star",
  "source-sessionStart/startup",
  "source-sessionStart/resume",
  "source-sessionStart/alternation-startup-clear-compact",
  "lifecycle-prompt/absent",
  "verdict-preTool/exit2-stderr",
  "verdict-preTool/pd-block-invalid-word",
  "verdict-sessionStart/context-hook-specific",
];
