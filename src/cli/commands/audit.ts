/**
 * `vigiles audit [dir]`: the static lint of a harness, and with flags its dynamic audit
 * (`--run`) and its test coverage (`--coverage`).
 */
import { CliUsageError, defineCommand, oneOf, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { LINT_RULES } from "../../core/lint/lint-harness.js";
import type { LintFinding } from "../../core/lint/types.js";
import { auditHarness, summarize, type AuditReport } from "../../tiers/audit/static-audit.js";
import { fixHarness } from "../../tiers/audit/fix.js";
import { dynamicAuditRules } from "../../tiers/audit/dynamic-audit.js";
import { coverageRules } from "../../tiers/audit/coverage.js";
import { AUDIT_FORMATS, formatReport } from "../../tiers/audit/format.js";

const HELP = `Usage: vigiles audit [dir] [options]

Finds the harness mistakes that fail silently (hooks that never fire or fail open, dropped plugin
hooks, skills the model cannot pick, non-replayable workflows) in the settings, plugins, skills,
agents and workflow scripts under dir (default: the current directory). Nothing runs unless --run.

Options:
  --format <human|json|sarif>  output format (default: human); sarif is SARIF 2.1.0 for code scanning
  --fix                        apply the safe fixes (quote \${CLAUDE_PLUGIN_ROOT}, drop a duplicate hooks entry,
                               prefix a plugin.json component path with ./)
  --run                        also run every command hook on a synthetic event per registration
  --confine                    with --run, run each hook under bubblewrap (read-only file system)
  --coverage                   also list hooks, skills, agents and commands no test exercised
  --coverage-dir <dir>         where the tests recorded coverage (default: .vigiles/coverage;
                               record with \`vigiles test --coverage-dir <dir>\`)
  --rules                      list the rules and exit

Exit code: 1 when any error-level finding remains, 2 on bad usage, else 0.
`;

export const auditCommand: CliCommand = defineCommand({
  name: "audit",
  summary: "find harness mistakes that fail silently (static lint; --run, --coverage, --fix)",
  help: HELP,
  options: {
    format: { type: "string", default: "human" },
    fix: { type: "boolean", default: false },
    run: { type: "boolean", default: false },
    confine: { type: "boolean", default: false },
    coverage: { type: "boolean", default: false },
    "coverage-dir": { type: "string" },
    rules: { type: "boolean", default: false },
  },
  positionals: true,
  async run({ values, positionals }) {
    if (values.rules) {
      for (const r of [...LINT_RULES, ...dynamicAuditRules, ...coverageRules]) {
        process.stdout.write(
          `${r.id} (${r.severity}${r.autofix ? ", --fix" : ""})\n  ${r.behaviour}\n  fix: ${r.fix}\n`,
        );
      }
      return 0;
    }
    const format = oneOf("format", values.format, AUDIT_FORMATS);
    if (positionals.length > 1)
      throw new CliUsageError(`give one directory, got ${positionals.length}: ${positionals.join(" ")}`);
    const dir = positionals[0] ?? ".";
    try {
      let report: AuditReport;
      if (values.fix) {
        const result = fixHarness(dir);
        report = result.report;
        process.stderr.write(
          result.filesChanged.length === 0
            ? "vigiles audit --fix: nothing to fix.\n"
            : `vigiles audit --fix: fixed ${result.fixed} finding(s) in ${result.filesChanged.join(", ")}.\n`,
        );
      } else {
        report = auditHarness(dir);
      }
      const findings: LintFinding[] = [...report.findings];
      const extra = await runOptionalAudits(report, {
        run: values.run,
        confine: values.confine,
        coverage: values.coverage,
        ...(values["coverage-dir"] !== undefined && { coverageDir: values["coverage-dir"] }),
      });
      findings.push(...extra);
      const combined = { root: report.root, findings, summary: summarize(findings) };
      process.stdout.write(
        formatReport(combined, format, { rules: [...dynamicAuditRules, ...coverageRules] }),
      );
      return combined.summary.errors > 0 ? 1 : 0;
    } catch (error) {
      if (error instanceof VigilesError) {
        process.stderr.write(`vigiles audit: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
});

async function runOptionalAudits(
  report: AuditReport,
  options: { run: boolean; confine: boolean; coverage: boolean; coverageDir?: string },
): Promise<LintFinding[]> {
  const out: LintFinding[] = [];
  if (options.run) {
    const { runDynamicAudit } = await import("../../tiers/audit/dynamic-audit.js");
    out.push(...runDynamicAudit(report, { confine: options.confine }).findings);
  }
  if (options.coverage) {
    const { auditCoverage } = await import("../../tiers/audit/coverage.js");
    out.push(
      ...auditCoverage(report, options.coverageDir !== undefined ? { coverageDir: options.coverageDir } : {})
        .findings,
    );
  }
  return out;
}
