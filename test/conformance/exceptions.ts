/**
 * The named exceptions: cases where the free prediction and the real pinned CLI are known to
 * disagree, each with why. The sample test (sample.test.ts) passes only when every disagreement it
 * sees is listed here, and fails on a listed case that agrees again (remove its row then). `open`:
 * a prediction bug to fix (the per-harness dialect rebuild); `accepted`: a difference kept on purpose.
 * The rows were written from a full `npm run conformance` (all four harnesses, 757 cases); the
 * reasons say what the real CLI did and what the prediction said instead.
 */

export interface ConformanceException {
  readonly id: string;
  readonly status: "open" | "accepted";
  readonly reason: string;
}

/** One reason per kind of disagreement; the rows below name the cases. */
const R = {
  CLAUDE_ASK_BLOCKS:
    "Claude Code 2.1.328 headless blocks the call on PreToolUse `permissionDecision: ask` (nobody to ask); runHook and explain fold ask as not blocking.",
  EXPLAIN_UNSET_VARIABLE:
    "The harness does not set this variable for a project hook: the path expands to `/mark.sh`, which does not exist, so the hook fails at every fire; explain says it fires (its missing-script check does not expand variables). runHook agrees.",
  CODEX_NO_CLAUDE_PROJECT_DIR:
    "Codex 0.169.0 does not set CLAUDE_PROJECT_DIR for a hook; runHook sets it for every harness and explain assumes it.",
  CODEX_MATCHER_IS_REGEX:
    "Codex 0.169.0 reads a matcher as a regex: no comma-separated names, no trimming of spaces around `|`; runHook and explain apply Claude Code's exact-name lists.",
  CODEX_WRITE_ALIAS:
    "Codex 0.169.0 runs a PreToolUse hook with matcher `Write` for its apply_patch call (an alias of the tool name); the prediction compares the matcher with apply_patch only.",
  CODEX_MATCHER_ON_SUBJECTLESS_EVENT:
    "Codex 0.169.0 runs a UserPromptSubmit or Stop group only when it has no matcher: any matcher, `*` included, keeps it from running; the prediction ignores the matcher there, as Claude Code does.",
  CODEX_CONTINUE_FALSE_PROMPT:
    "Codex 0.169.0 stops the prompt on `continue: false` from UserPromptSubmit (no agent request reaches the model); the prediction with Codex's rules says nothing is blocked.",
  COPILOT_FLAT_ENTRY:
    "runHook cannot read Copilot's own flat entry `{type, bash, matcher}` in a .github/hooks file: parseHooksConfig asks for Claude Code's nested groups and throws. explain reads it.",
  COPILOT_STAR_EMPTY:
    "Copilot CLI 1.0.102 applies `*` and the empty matcher as regexes over the whole tool name (`*` does not compile, `^(?:)$` matches nothing): the hook never runs; runHook and explain read them as match-all.",
  COPILOT_RUNHOOK_IGNORES_MATCHER:
    "runHook does not know Copilot's camelCase tool events: preToolUse/postToolUse have no matcher subject for it, so it ignores the matcher and selects the hook; Copilot 1.0.102 matches the whole tool name (explain agrees with the CLI).",
  COPILOT_PROMPT_BLOCK_CRASH:
    "Copilot CLI 1.0.102 exits 1 (HarnessCrashedError, no answer) when a userPromptSubmitted hook answers `{decision: block}`; nothing predicts a crash (runHook and explain call the answer invalid and expect the prompt to go on).",
  COPILOT_TOP_LEVEL_CONTEXT:
    "Copilot CLI 1.0.102 passes a top-level `additionalContext` to the model on this event; copilot-rules.ts says the event takes none, so both predictors say it is dropped.",
  GEMINI_SESSION_START_EXACT:
    "Gemini CLI 0.61.0 compares a SessionStart matcher with the source by exact equality (no regex, no alternation); runHook and explain read it as a regex or name list and say it fires.",
  GEMINI_MATCHER_TRIMMED:
    "Gemini CLI 0.61.0 trims the spaces around a matcher before applying it as a regex, so ` run_shell_command ` matches; explain keeps the spaces and says it does not. runHook agrees (it ignores the matcher).",
  GEMINI_RUNHOOK_IGNORES_MATCHER:
    "runHook does not know Gemini's BeforeTool/AfterTool as tool events: it ignores the matcher and selects the hook; Gemini 0.61.0 applies it as a regex over its own tool name (explain agrees with the CLI).",
} as const;

export const CONFORMANCE_EXCEPTIONS: readonly ConformanceException[] = [
  { id: "claude-code/env-preTool-Bash/CLAUDE_PLUGIN_ROOT", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "claude-code/env-preTool-Bash/GEMINI_PROJECT_DIR", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "claude-code/env-preTool-Bash/GEMINI_CWD", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  {
    id: "claude-code/env-preTool-Bash/COPILOT_PROJECT_DIR",
    status: "open",
    reason: R.EXPLAIN_UNSET_VARIABLE,
  },
  { id: "claude-code/env-preTool-Bash/extensionPath", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "claude-code/verdict-preTool/pd-ask", status: "open", reason: R.CLAUDE_ASK_BLOCKS },
  { id: "codex/matcher-preTool-Bash/alternation-spaced", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-preTool-Bash/comma-list", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-preTool-Bash/padded-spaces", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-postTool-Bash/alternation-spaced", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-postTool-Bash/comma-list", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-postTool-Bash/padded-spaces", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-preTool-Write/name-Write", status: "open", reason: R.CODEX_WRITE_ALIAS },
  { id: "codex/matcher-preTool-Write/alternation-spaced", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-preTool-Write/comma-list", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/matcher-preTool-Write/padded-spaces", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/source-sessionStart/comma-list", status: "open", reason: R.CODEX_MATCHER_IS_REGEX },
  { id: "codex/lifecycle-prompt/star", status: "open", reason: R.CODEX_MATCHER_ON_SUBJECTLESS_EVENT },
  {
    id: "codex/lifecycle-prompt/unrelated-word",
    status: "open",
    reason: R.CODEX_MATCHER_ON_SUBJECTLESS_EVENT,
  },
  { id: "codex/lifecycle-stop/star", status: "open", reason: R.CODEX_MATCHER_ON_SUBJECTLESS_EVENT },
  { id: "codex/lifecycle-stop/unrelated-word", status: "open", reason: R.CODEX_MATCHER_ON_SUBJECTLESS_EVENT },
  { id: "codex/env-preTool-Bash/CLAUDE_PROJECT_DIR", status: "open", reason: R.CODEX_NO_CLAUDE_PROJECT_DIR },
  {
    id: "codex/env-preTool-Bash/CLAUDE_PROJECT_DIR-braced-quoted",
    status: "open",
    reason: R.CODEX_NO_CLAUDE_PROJECT_DIR,
  },
  {
    id: "codex/env-preTool-Bash/CLAUDE_PROJECT_DIR-default",
    status: "open",
    reason: R.CODEX_NO_CLAUDE_PROJECT_DIR,
  },
  { id: "codex/env-preTool-Bash/CLAUDE_PLUGIN_ROOT", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "codex/env-preTool-Bash/GEMINI_PROJECT_DIR", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "codex/env-preTool-Bash/GEMINI_CWD", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "codex/env-preTool-Bash/COPILOT_PROJECT_DIR", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "codex/env-preTool-Bash/extensionPath", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "codex/verdict-prompt/continue-false", status: "open", reason: R.CODEX_CONTINUE_FALSE_PROMPT },
  { id: "copilot/matcher-preTool-Bash/empty", status: "open", reason: R.COPILOT_STAR_EMPTY },
  { id: "copilot/matcher-preTool-Bash/star", status: "open", reason: R.COPILOT_STAR_EMPTY },
  {
    id: "copilot/matcher-preTool-Bash/first-letter-case-swapped",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/upper-case",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/name-run_shell_command",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/alternation-others",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/alternation-spaced",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/comma-list",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Bash/prefix", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  { id: "copilot/matcher-preTool-Bash/infix", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-preTool-Bash/single-dot",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/padded-spaces",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/empty-anchors",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Bash/mcp-exact", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-preTool-Bash/mcp-server-regex",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Bash/mcp-any", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-preTool-Bash/unknown-tool",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/other-tool",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/invalid-regex-paren",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Bash/invalid-regex-bracket",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-postTool-Bash/empty", status: "open", reason: R.COPILOT_STAR_EMPTY },
  { id: "copilot/matcher-postTool-Bash/star", status: "open", reason: R.COPILOT_STAR_EMPTY },
  {
    id: "copilot/matcher-postTool-Bash/first-letter-case-swapped",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/upper-case",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/name-run_shell_command",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/alternation-others",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/alternation-spaced",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/comma-list",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-postTool-Bash/prefix", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  { id: "copilot/matcher-postTool-Bash/infix", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-postTool-Bash/single-dot",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/padded-spaces",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/empty-anchors",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/mcp-exact",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/mcp-server-regex",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-postTool-Bash/mcp-any", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-postTool-Bash/unknown-tool",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/other-tool",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/invalid-regex-paren",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-postTool-Bash/invalid-regex-bracket",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Write/empty", status: "open", reason: R.COPILOT_STAR_EMPTY },
  { id: "copilot/matcher-preTool-Write/star", status: "open", reason: R.COPILOT_STAR_EMPTY },
  {
    id: "copilot/matcher-preTool-Write/first-letter-case-swapped",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/upper-case",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/name-Write",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/name-apply_patch",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/name-write_file",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/alternation-others",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/alternation-spaced",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/comma-list",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Write/prefix", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  { id: "copilot/matcher-preTool-Write/infix", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-preTool-Write/single-dot",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/padded-spaces",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/empty-anchors",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/mcp-exact",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/mcp-server-regex",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Write/mcp-any", status: "open", reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER },
  {
    id: "copilot/matcher-preTool-Write/unknown-tool",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/other-tool",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/invalid-regex-paren",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "copilot/matcher-preTool-Write/invalid-regex-bracket",
    status: "open",
    reason: R.COPILOT_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "copilot/matcher-preTool-Bash-flat/absent", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/matcher-preTool-Bash-flat/star", status: "open", reason: R.COPILOT_STAR_EMPTY },
  { id: "copilot/matcher-preTool-Bash-flat/exact", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  {
    id: "copilot/matcher-preTool-Bash-flat/first-letter-case-swapped",
    status: "open",
    reason: R.COPILOT_FLAT_ENTRY,
  },
  {
    id: "copilot/matcher-preTool-Bash-flat/alternation-self-first",
    status: "open",
    reason: R.COPILOT_FLAT_ENTRY,
  },
  { id: "copilot/matcher-preTool-Bash-flat/anchored", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/matcher-preTool-Bash-flat/prefix", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/matcher-preTool-Bash-flat/dot-star", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/matcher-preTool-Bash-flat/mcp-exact", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/matcher-preTool-Bash-flat/unknown-tool", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/matcher-preTool-Bash-flat/other-tool", status: "open", reason: R.COPILOT_FLAT_ENTRY },
  { id: "copilot/env-preTool-Bash/CLAUDE_PLUGIN_ROOT", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "copilot/env-preTool-Bash/GEMINI_PROJECT_DIR", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "copilot/env-preTool-Bash/GEMINI_CWD", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "copilot/env-preTool-Bash/extensionPath", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  {
    id: "copilot/verdict-prompt/legacy-decision-block",
    status: "open",
    reason: R.COPILOT_PROMPT_BLOCK_CRASH,
  },
  { id: "copilot/verdict-preTool/context-top-level", status: "open", reason: R.COPILOT_TOP_LEVEL_CONTEXT },
  { id: "copilot/verdict-prompt/context-top-level", status: "open", reason: R.COPILOT_TOP_LEVEL_CONTEXT },
  {
    id: "gemini/matcher-preTool-Bash/first-letter-case-swapped",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Bash/upper-case", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-preTool-Bash/name-Bash", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-preTool-Bash/name-bash", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Bash/alternation-others",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Bash/alternation-spaced",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Bash/comma-list", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-preTool-Bash/padded-spaces", status: "open", reason: R.GEMINI_MATCHER_TRIMMED },
  {
    id: "gemini/matcher-preTool-Bash/empty-anchors",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Bash/mcp-exact", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Bash/mcp-server-regex",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Bash/mcp-any", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Bash/unknown-tool",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Bash/other-tool", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Bash/invalid-regex-paren",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Bash/invalid-regex-bracket",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-postTool-Bash/first-letter-case-swapped",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-postTool-Bash/upper-case", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-postTool-Bash/name-Bash", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-postTool-Bash/name-bash", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-postTool-Bash/alternation-others",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-postTool-Bash/alternation-spaced",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-postTool-Bash/comma-list", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-postTool-Bash/padded-spaces", status: "open", reason: R.GEMINI_MATCHER_TRIMMED },
  {
    id: "gemini/matcher-postTool-Bash/empty-anchors",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-postTool-Bash/mcp-exact", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-postTool-Bash/mcp-server-regex",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-postTool-Bash/mcp-any", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-postTool-Bash/unknown-tool",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-postTool-Bash/other-tool", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-postTool-Bash/invalid-regex-paren",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-postTool-Bash/invalid-regex-bracket",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Write/first-letter-case-swapped",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Write/upper-case", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-preTool-Write/name-Write", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Write/name-apply_patch",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Write/name-create",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Write/alternation-others",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Write/alternation-spaced",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Write/comma-list", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  { id: "gemini/matcher-preTool-Write/padded-spaces", status: "open", reason: R.GEMINI_MATCHER_TRIMMED },
  {
    id: "gemini/matcher-preTool-Write/empty-anchors",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Write/mcp-exact", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Write/mcp-server-regex",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Write/mcp-any", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Write/unknown-tool",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  { id: "gemini/matcher-preTool-Write/other-tool", status: "open", reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER },
  {
    id: "gemini/matcher-preTool-Write/invalid-regex-paren",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/matcher-preTool-Write/invalid-regex-bracket",
    status: "open",
    reason: R.GEMINI_RUNHOOK_IGNORES_MATCHER,
  },
  {
    id: "gemini/source-sessionStart/alternation-startup-clear-compact",
    status: "open",
    reason: R.GEMINI_SESSION_START_EXACT,
  },
  {
    id: "gemini/source-sessionStart/alternation-resume-startup",
    status: "open",
    reason: R.GEMINI_SESSION_START_EXACT,
  },
  {
    id: "gemini/source-sessionStart/alternation-all-four",
    status: "open",
    reason: R.GEMINI_SESSION_START_EXACT,
  },
  { id: "gemini/source-sessionStart/anchored-startup", status: "open", reason: R.GEMINI_SESSION_START_EXACT },
  { id: "gemini/source-sessionStart/substring-start", status: "open", reason: R.GEMINI_SESSION_START_EXACT },
  { id: "gemini/source-sessionStart/dot-star", status: "open", reason: R.GEMINI_SESSION_START_EXACT },
  { id: "gemini/source-sessionStart/comma-list", status: "open", reason: R.GEMINI_SESSION_START_EXACT },
  { id: "gemini/source-sessionStart/regex-group", status: "open", reason: R.GEMINI_SESSION_START_EXACT },
  { id: "gemini/env-preTool-Bash/CLAUDE_PLUGIN_ROOT", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "gemini/env-preTool-Bash/COPILOT_PROJECT_DIR", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
  { id: "gemini/env-preTool-Bash/extensionPath", status: "open", reason: R.EXPLAIN_UNSET_VARIABLE },
];

export function exceptionFor(id: string): ConformanceException | undefined {
  return CONFORMANCE_EXCEPTIONS.find((e) => e.id === id);
}
