/**
 * The one model script both sides of the side-by-side are served from: `claude plugin eval` (its
 * child runs and its judge, all against one mock) and vigiles' runPluginSuite (one mock per trial).
 * Every conversation is keyed by what its requests carry (`byRequest`), so the answers do not depend
 * on the order the runs' requests arrive in. The with arm is told from the without arm by the plugin's
 * skill, which only a run that loaded the plugin lists to the model.
 */
import { scriptModel } from "../../../src/adapters/mock/script.js";
import type { ModelScript, RequestScript } from "../../../src/adapters/port.js";

/** Listed to the model only when the plugin is loaded. */
export const PLUGIN_SKILL = "notes:summary";

export const SUMMARISE_PROMPT = "Summarise the meeting into NOTES.md.";
export const CHECKLIST_PROMPT = "Make a release checklist in CHECKLIST.md.";
/** A case with `max_turns: 1`: the CLI stops the run after the first turn's tool call. */
export const CAPPED_PROMPT = "Write CAPPED.md and say so.";
/** A case with a fixed MCP mock (`mocks/tickets/create.md`) whose `expect:` allows project OPS only. */
export const TICKET_PROMPT = "File a ticket about the full disk.";
/** A case whose `context.scaffold_script` writes draft.md before the agent starts. */
export const STAGED_PROMPT = "Turn the draft in draft.md into FINAL.md.";
/** The criteria of the `judge` (llm) and `like-baseline` (baseline) graders, as the suite writes them. */
export const LLM_CRITERIA = "The answer says the notes record a decision.";
export const BASELINE_CRITERIA = "The checklist covers tagging and publishing.";

const withPlugin = (prompt: string): Pick<RequestScript, "contains"> => ({
  contains: [prompt, PLUGIN_SKILL],
});
const withoutPlugin = (prompt: string): Pick<RequestScript, "contains" | "lacks"> => ({
  contains: [prompt],
  lacks: [PLUGIN_SKILL],
});

/**
 * The judge answers, keyed by the grader's criteria and what it is shown: PASS when the judged text
 * carries the mark of a good run, FAIL otherwise. First match wins, so the PASS entries come first.
 */
const judgeAnswers: RequestScript[] = [
  { channel: "side", contains: [LLM_CRITERIA, "with the decision"], turns: [{ text: "PASS" }] },
  { channel: "side", contains: [LLM_CRITERIA], turns: [{ text: "FAIL" }] },
  // "publish v1" is in the with-arm run's trajectory only: the baseline file itself, which the judge
  // is shown too, says "publish".
  { channel: "side", contains: [BASELINE_CRITERIA, "publish v1"], turns: [{ text: "PASS" }] },
  { channel: "side", contains: [BASELINE_CRITERIA], turns: [{ text: "FAIL" }] },
];

export const SIDE_BY_SIDE_SCRIPT: ModelScript = scriptModel([], {
  byRequest: [
    {
      ...withPlugin(SUMMARISE_PROMPT),
      turns: [
        { tool: "Skill", input: { skill: PLUGIN_SKILL } },
        { tool: "Write", input: { file_path: "NOTES.md", content: "# Notes\nDecision: ship on Friday.\n" } },
        { text: "Wrote NOTES.md with the decision." },
      ],
    },
    {
      ...withoutPlugin(SUMMARISE_PROMPT),
      turns: [
        { tool: "Write", input: { file_path: "NOTES.md", content: "# Notes\n" } },
        { text: "Wrote NOTES.md." },
      ],
    },
    {
      ...withPlugin(CHECKLIST_PROMPT),
      turns: [
        { tool: "Write", input: { file_path: "CHECKLIST.md", content: "- [ ] tag v1\n- [ ] publish v1\n" } },
        { text: "Checklist written." },
      ],
    },
    { ...withoutPlugin(CHECKLIST_PROMPT), turns: [{ text: "I cannot write that checklist." }] },
    {
      contains: [CAPPED_PROMPT],
      turns: [
        { tool: "Write", input: { file_path: "CAPPED.md", content: "capped\n" } },
        { text: "Wrote CAPPED.md." },
      ],
    },
    // The mocked tool: a conforming input with the plugin, one the guard refuses (project HR) without,
    // so the without-arm run is aborted by the mock and scores 0 on both sides.
    {
      ...withPlugin(TICKET_PROMPT),
      turns: [
        { tool: "mcp__tickets__create", input: { project: "OPS", title: "disk full" } },
        { text: "filed 42" },
      ],
    },
    {
      ...withoutPlugin(TICKET_PROMPT),
      turns: [
        { tool: "mcp__tickets__create", input: { project: "HR", title: "disk full" } },
        { text: "filed 42" },
      ],
    },
    // The scaffolded draft.md is read in both arms; only the with arm writes FINAL.md.
    {
      ...withPlugin(STAGED_PROMPT),
      turns: [
        { tool: "Read", input: { file_path: "draft.md" } },
        { tool: "Write", input: { file_path: "FINAL.md", content: "Final: release shipped\n" } },
        { text: "FINAL.md written." },
      ],
    },
    {
      ...withoutPlugin(STAGED_PROMPT),
      turns: [{ tool: "Read", input: { file_path: "draft.md" } }, { text: "The draft is pending." }],
    },
    ...judgeAnswers,
  ],
});
