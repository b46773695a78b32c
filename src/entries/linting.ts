/**
 * `vigiles/linting`: static rules over a harness (hooks, settings, plugins, skills) and the instruction-file compiler.
 */
export { VigilesError } from "../core/errors.js";

// --- lint and audit ---
export { auditHarness, AuditRootError } from "../tools/audit/static-audit.js";
export type { AuditReport, AuditOptions } from "../tools/audit/static-audit.js";
export { fixHarness } from "../tools/audit/fix.js";
export type { FixResult } from "../tools/audit/fix.js";
export { formatHuman, formatJson, formatSarif, formatReport } from "../tools/audit/format.js";
export type { AuditFormat, FormattableReport } from "../tools/audit/format.js";
export { runDynamicAudit, dynamicAuditRules } from "../tools/audit/dynamic-audit.js";
export type {
  DynamicAuditOptions,
  DynamicAuditResult,
  DynamicAuditStats,
  DynamicRun,
} from "../tools/audit/dynamic-audit.js";
export { auditCoverage, coverageRules } from "../tools/audit/coverage.js";
export type { CoverageOptions, CoverageResult, CoverageItem } from "../tools/audit/coverage.js";
export { lintHarness } from "../core/audit/lint-harness.js";
export { LINT_RULES } from "../tools/audit/rules.js";
export type { HarnessInputs, HarnessLint, SkillInput } from "../core/audit/lint-harness.js";
export { checkSkillFrontmatter } from "../core/audit/rules/skill-frontmatter.js";
export type { SkillFrontmatterProblem } from "../core/audit/rules/skill-frontmatter.js";
export type { LintFinding, LintRuleMeta, LintSeverity, SourceRange, TextEdit } from "../core/audit/types.js";
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
} from "../tools/lint/compile.js";
export { lintInstructionFiles, instructionRules } from "../tools/lint/lint.js";
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
