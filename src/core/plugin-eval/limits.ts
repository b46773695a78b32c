/** Defaults and caps of the suite format as Claude Code 2.1.328 reads it (from its bundled schema). */

/** Highest `schema_version` major the pinned CLI reads. */
export const SCHEMA_MAJOR = 1;
/** The version a prose-only case gets (it has no case.yaml to carry one). */
export const PROSE_SCHEMA_VERSION = "1.1";
/** Largest case.yaml, prompt.md or grader file read (bytes). */
export const MAX_CASE_FILE_BYTES = 1_048_576;
/** Most `.md` entries one `graders/` directory may hold. */
export const MAX_GRADER_FILES = 256;
/** Deepest a case directory may sit below the suite root. */
export const MAX_CASE_DEPTH = 16;
/** Directory names case discovery never enters. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  "node_modules",
  ".claude",
  "results",
  "mocks",
  ".git",
]);
/** The keys prompt.md frontmatter may set at the top of the case. */
export const PROSE_TOP_KEYS = [
  "schema_version",
  "name",
  "description",
  "tags",
  "plugins",
  "runs",
  "expected_outcome",
] as const;
/** The keys prompt.md frontmatter may set under `execution`. */
export const PROSE_EXECUTION_KEYS = [
  "model",
  "max_turns",
  "timeout_seconds",
  "allowed_tools",
  "disallowed_tools",
  "artifact_publish",
  "growthbook_overrides",
  "append_system_prompt",
  "env",
] as const;
/** Keys a case.yaml may hold at each level; the CLI drops any other without a word. */
export const CASE_YAML_KEYS = {
  top: [...PROSE_TOP_KEYS, "context", "execution", "graders"],
  context: ["scaffold_script", "history_file", "add_dirs"],
  execution: [...PROSE_EXECUTION_KEYS, "prompt"],
} as const;
/** `execution.env` keys a case may set (the CLI refuses any other at run time). */
export const EVAL_ENV_KEY = /^EVAL_[A-Z0-9_]*$/;
/** The placeholder lines of `claude plugin eval init`; a case still holding them is refused. */
export const TEMPLATE_PROMPT = "TODO: describe what the agent should do";
export const TEMPLATE_CRITERIA = "TODO: describe what a successful response looks like";
