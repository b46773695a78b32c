/**
 * Validation of one merged case, in the order Claude Code 2.1.328 checks it: the schema version, the
 * schema, a prompt, the `init` placeholders, then the `EVAL_*` rule on `execution.env` (which the CLI
 * checks when the run starts; vigiles refuses it when the suite is read, so no run is paid for).
 */
import { SuiteFormatError } from "./errors.js";
import { EVAL_ENV_KEY, SCHEMA_MAJOR, TEMPLATE_CRITERIA, TEMPLATE_PROMPT } from "./limits.js";
import { caseSchema, type SuiteCaseDefinition } from "./schema.js";

/** Checks the merged case `raw` read from `file`; returns it with the CLI's defaults, or throws. */
export function validateCase(raw: Readonly<Record<string, unknown>>, file: string): SuiteCaseDefinition {
  const version = raw["schema_version"];
  if (typeof version !== "string")
    throw new SuiteFormatError(
      "schema-version-missing",
      file,
      'missing required field schema_version (e.g. "1.0"); add it to case.yaml',
    );
  const major = Number.parseInt(version.split(".")[0] ?? "", 10);
  if (Number.isNaN(major))
    throw new SuiteFormatError(
      "schema-version-invalid",
      file,
      `schema_version "${version}" is not a valid version string`,
    );
  if (major > SCHEMA_MAJOR)
    throw new SuiteFormatError(
      "schema-version-too-new",
      file,
      `schema_version "${version}" needs a newer format than ${SCHEMA_MAJOR}.x; lower it or update the pin`,
    );
  const parsed = caseSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new SuiteFormatError("invalid-case", file, `invalid case: ${issues.join("; ")}`);
  }
  const definition = parsed.data;
  const prompt = definition.execution.prompt;
  if (prompt === undefined || prompt.trim() === "")
    throw new SuiteFormatError(
      "prompt-missing",
      file,
      definition.context.history_file !== undefined
        ? "context.history_file requires execution.prompt (the resumed session needs a next turn)"
        : "execution.prompt is required (a prompt.md body, or execution.prompt in case.yaml)",
    );
  if (prompt.includes(TEMPLATE_PROMPT))
    throw new SuiteFormatError(
      "template-prompt",
      file,
      `the prompt is still the blank init template; replace "${TEMPLATE_PROMPT}" with the prompt to test`,
    );
  for (const grader of definition.graders) {
    const text = "criteria" in grader ? grader.criteria : "pattern" in grader ? grader.pattern : "";
    if (text.includes(TEMPLATE_CRITERIA))
      throw new SuiteFormatError(
        "template-grader",
        file,
        `grader "${grader.name}" is still the blank init template; write concrete pass criteria`,
      );
  }
  for (const key of Object.keys(definition.execution.env))
    if (!EVAL_ENV_KEY.test(key))
      throw new SuiteFormatError(
        "env-key-not-eval",
        file,
        `execution.env key "${key}" is not allowed; only EVAL_* keys can be set from a case`,
      );
  return { ...definition, execution: { ...definition.execution, prompt } };
}
