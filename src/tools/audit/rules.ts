/** Every static rule of the audit: the harness-agnostic ones, then each registered harness's own. */
import { HARNESSES } from "../../adapters/registry.js";
import { CORE_LINT_RULES } from "../../core/audit/lint-harness.js";
import type { LintRuleMeta } from "../../core/audit/types.js";

/** Every static rule, for listings and the SARIF rule table. */
export const LINT_RULES: readonly LintRuleMeta[] = [
  ...CORE_LINT_RULES,
  ...HARNESSES.flatMap((h) => h.dialect.auditRules),
];
