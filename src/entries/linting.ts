/**
 * `vigiles/linting`: static rules over a harness (hooks, settings, plugins, skills) and the instruction-file compiler.
 */
export { VigilesError } from "../core/errors.js";

// --- lint and audit (issue 10) ---
export { auditHarness, AuditRootError } from "../tiers/audit/static-audit.js";
export type { AuditReport, AuditOptions } from "../tiers/audit/static-audit.js";
export { fixHarness } from "../tiers/audit/fix.js";
export type { FixResult } from "../tiers/audit/fix.js";
export { formatHuman, formatJson, formatSarif, formatReport } from "../tiers/audit/format.js";
export type { AuditFormat, FormattableReport } from "../tiers/audit/format.js";
export { runDynamicAudit, dynamicAuditRules } from "../tiers/audit/dynamic-audit.js";
export type {
  DynamicAuditOptions,
  DynamicAuditResult,
  DynamicAuditStats,
  DynamicRun,
} from "../tiers/audit/dynamic-audit.js";
export { auditCoverage, coverageRules } from "../tiers/audit/coverage.js";
export type { CoverageOptions, CoverageResult, CoverageItem } from "../tiers/audit/coverage.js";
export { LINT_RULES, lintHarness } from "../core/lint/lint-harness.js";
export type { HarnessInputs, HarnessLint, SkillInput } from "../core/lint/lint-harness.js";
export { checkSkillFrontmatter } from "../core/lint/rules/skill-frontmatter.js";
export type { SkillFrontmatterProblem } from "../core/lint/rules/skill-frontmatter.js";
export type { LintFinding, LintRuleMeta, LintSeverity, SourceRange, TextEdit } from "../core/lint/types.js";
export { recordCoverage, readCoverageRecords, COVERAGE_DIR_ENV } from "../runtime/coverage-record.js";
export type {
  CoverageEntry,
  CoverageKind,
  CoverageSource,
  CoverageIdentity,
} from "../runtime/coverage-record.js";
export {
  compileInstructionSpecFile,
  loadInstructionSpec,
  InstructionSpecError,
} from "../tiers/instruction-spec/compile.js";
export { lintInstructionFiles, instructionRules } from "../tiers/instruction-spec/lint.js";
export {
  instructionFile,
  instructions,
  enforce,
  guidance,
  file,
  dir,
  glob,
  cmd,
  symbol,
} from "../core/instruction-spec/builders.js";
export type { InstructionFileSpec } from "../core/instruction-spec/builders.js";
