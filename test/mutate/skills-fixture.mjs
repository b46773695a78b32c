/**
 * A plugin with six skills and three agents for the skill and agent mutants, tested with the real
 * Claude Code CLI against the mock. strong.harness.mjs calls the skill commit-message and the agent
 * reviewer and checks each was reached: the skill's listing line and its body reached the model, the
 * subagent ran with its own system prompt and was offered under its description.
 * weak.harness.mjs calls the skills release-notes and tag-release and the agent planner, and checks
 * only that the calls were made. Skills sort commit-message, release-notes, tag-release, so the swap
 * commit-message+release-notes is met by the strong file and release-notes+tag-release only by the
 * weak one. It lives under .vigiles/tmp/ (git-ignored) so `import "vigiles"` resolves through the
 * package self-reference.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot } from "./fixture.mjs";

const skill = (name, description, body) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;
const agent = (name, description, body) =>
  `---\nname: ${name}\ndescription: ${description}\ntools: Read\n---\n\n${body}\n`;

const FILES = {
  ".claude-plugin/plugin.json": `${JSON.stringify({ name: "kit", version: "0.1.0", description: "Commit and release helpers." }, null, 2)}\n`,
  "skills/commit-message/SKILL.md": skill(
    "commit-message",
    "Writes a conventional commit message for the staged changes.",
    "COMMIT-SKILL-BODY: read the staged diff, then write one summary line.",
  ),
  "skills/release-notes/SKILL.md": skill(
    "release-notes",
    "Drafts release notes from the commits since the last tag.",
    "RELEASE-SKILL-BODY: group the commits into features and fixes.",
  ),
  "skills/tag-release/SKILL.md": skill(
    "tag-release",
    "Tags a release once the notes are written.",
    "TAG-SKILL-BODY: run git tag with the next version.",
  ),
  "agents/reviewer.md": agent(
    "reviewer",
    "Reviews a change for destructive commands before it is pushed.",
    "REVIEWER-SYSTEM-PROMPT: list every risky command.",
  ),
  // The not-applicable side, met by no test: a skill and an agent whose descriptions are already blank
  // (Claude Code 2.1.328 still loads and runs both: removing them is never not-applicable), and two
  // skills sharing one description (swapping them changes nothing). They sort before commit-message.
  "skills/aa-blank/SKILL.md": skill("aa-blank", "", "AA-BLANK-BODY."),
  "skills/aa-same-one/SKILL.md": skill("aa-same-one", "Formats the changelog.", "AA-ONE-BODY."),
  "skills/aa-same-two/SKILL.md": skill("aa-same-two", "Formats the changelog.", "AA-TWO-BODY."),
  "agents/aa-quiet.md": agent("aa-quiet", "", "AA-QUIET-SYSTEM-PROMPT."),
  "agents/planner.md": agent(
    "planner",
    "Plans the steps of a release.",
    "PLANNER-SYSTEM-PROMPT: number the steps.",
  ),
};

const HEADER = `import { runHarnessTest, skip, claudeAvailable } from "vigiles";
import { scriptModel } from "vigiles/claude-code";
if (!claudeAvailable()) skip("Claude Code is not installed");
const plugin = new URL(".", import.meta.url).pathname;
const delegate = (type) => ({
  tool: "Agent",
  input: { subagent_type: type, description: "delegate", prompt: "Do your part.", run_in_background: false },
});
const check = (ok, what) => { if (!ok) { console.error("FAILED: " + what); process.exit(1); } };
`;

const STRONG = `${HEADER}
const r = await runHarnessTest({
  prompt: "commit and review",
  plugin,
  model: scriptModel(
    [{ tool: "Skill", input: { skill: "kit:commit-message" } }, delegate("kit:reviewer"), { text: "done" }],
    { agents: { "kit:reviewer": [{ text: "REVIEW: fine" }] } },
  ),
});
try {
  const main = r.modelRequests.filter((q) => !q.sideChannel && q.agentId === undefined);
  const sub = r.modelRequests.filter((q) => !q.sideChannel && q.agentId !== undefined);
  const seen = (q, text) => JSON.stringify(q.body).includes(text);
  // Claude Code lists each skill as "- <plugin>:<name>: <description>" for the model to choose by.
  check(main.some((q) => seen(q, "- kit:commit-message: Writes a conventional commit message")), "commit-message is offered under its own description");
  check(main.some((q) => seen(q, "COMMIT-SKILL-BODY")), "the commit-message skill's body reached the model");
  // ... and each agent as "- <plugin>:<name>: <description> (Tools: …)" in the Agent tool.
  check(main.some((q) => seen(q, "- kit:reviewer: Reviews a change for destructive commands")), "reviewer is offered under its own description");
  check(sub.some((q) => q.system.includes("REVIEWER-SYSTEM-PROMPT")), "the reviewer subagent ran with its own system prompt");
  check(r.output.includes("done"), "the run finished");
  console.log("kit: commit-message and reviewer reached");
} finally {
  r.cleanup();
}
`;

const WEAK = `${HEADER}
const r = await runHarnessTest({
  prompt: "release",
  plugin,
  model: scriptModel(
    [
      { tool: "Skill", input: { skill: "kit:release-notes" } },
      { tool: "Skill", input: { skill: "kit:tag-release" } },
      delegate("kit:planner"),
      { text: "done" },
    ],
    { agents: { "kit:planner": [{ text: "PLAN: 1. notes 2. tag" }] } },
  ),
});
try {
  // Only that the calls were made: a removed or misdescribed skill or agent goes unnoticed.
  const names = r.toolCalls.map((c) => c.name);
  check(names.filter((n) => n === "Skill").length === 2 && names.includes("Agent"), "the skills and the agent were called");
  console.log("kit: release calls made");
} finally {
  r.cleanup();
}
`;

/**
 * Writes the plugin with both harness files and returns its root.
 * @returns {string}
 */
export function makeSkillsFixture() {
  const base = join(repoRoot, ".vigiles", "tmp");
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(join(base, "mutate-skills-"));
  const files = { ...FILES, "strong.harness.mjs": STRONG, "weak.harness.mjs": WEAK };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
