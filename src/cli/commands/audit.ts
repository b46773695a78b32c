/**
 * `vigiles audit [dir]`: the static lint of a harness, and with flags its dynamic audit
 * (`--run`) and its test coverage (`--coverage`).
 */
import { CliUsageError, defineCommand, oneOf, type CliCommand } from "../command.js";
import { VigilesError } from "../../core/errors.js";
import { LINT_RULES } from "../../tools/audit/rules.js";
import { resolve } from "node:path";
import type { LintFinding, LintRuleMeta } from "../../core/audit/types.js";
import { auditHarness, summarize, type AuditReport } from "../../tools/audit/static-audit.js";
import { fixHarness } from "../../tools/audit/fix.js";
import { dynamicAuditRules } from "../../tools/audit/dynamic-audit.js";
import { coverageRules } from "../../tools/audit/coverage.js";
import { AUDIT_FORMATS, formatReport } from "../../tools/audit/format.js";
import { bindReleasesFor } from "../release-binding.js";

const HELP = `Usage: vigiles audit [dir] [options]

Finds the harness mistakes that fail silently (hooks that never fire or fail open, dropped plugin
hooks, skills the model cannot pick, non-replayable workflows) in the settings, plugins, skills,
agents and workflow scripts under dir (default: the current directory). Nothing runs unless --run.

Options:
  --format <human|json|sarif>  output format (default: human); sarif is SARIF 2.1.0 for code scanning
  --fix                        apply the safe fixes (quote \${CLAUDE_PLUGIN_ROOT}, drop a duplicate hooks entry,
                               prefix a plugin.json component path with ./)
  --run                        also run every command hook: a guard over the strings its source compares
                               against, the disaster corpus and its benign twins; other hooks on a synthetic
                               event per matcher value. Confined under bubblewrap (no network, a private
                               HOME and TMPDIR, a scratch copy of dir): nothing outside the audit's temp
                               dir changes
  --no-sandbox                 with --run, run the hooks unconfined (still in the scratch copy, HOME and
                               TMPDIR private); use only where bubblewrap cannot run and you trust the hooks
  --probes <n>                 with --run, most probes per hook (default 24)
  --max-run-ms <ms>            with --run, the audit's cap on one hook run (default 30000)
  --coverage                   also list hooks, skills, agents and commands no test exercised
  --coverage-dir <dir>         where the tests recorded coverage (default: .vigiles/coverage;
                               record with \`vigiles test --coverage-dir <dir>\`)
  --harness-version <v>        judge by the rules of this release (<harness>@<version>, or a Claude
                               Code version; from the harness cache, see fetch-harness) instead of the
                               installed one: its hook events and tools
  --rules                      list the rules and exit
  --config <file>              the config file (default: vigiles.config.{ts,mts,mjs,js} in dir, else in the
                               current directory); its \`audit.rules\` sets a rule "off", "warn" or "error"
  --baseline <file>            fail only on findings the baseline does not hold (default: the config's
                               \`audit.baseline\`); with --update-baseline, the file to write
  --update-baseline            write every finding left into the baseline (default file:
                               vigiles-audit-baseline.json in dir) and exit 0

Inline: \`# vigiles-disable-next-line <rule> -- why\` (or -line, -file) in a shell, Python or YAML file or a
SKILL.md frontmatter, \`<!-- vigiles-disable-next-line <rule> -->\` in Markdown, \`// …\` in JavaScript.
JSON has no comments: use the config or a baseline there.

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
    // Kept for old scripts: confinement is the default of --run now.
    confine: { type: "boolean", default: false },
    "no-sandbox": { type: "boolean", default: false },
    probes: { type: "string" },
    "max-run-ms": { type: "string" },
    coverage: { type: "boolean", default: false },
    "coverage-dir": { type: "string" },
    rules: { type: "boolean", default: false },
    "harness-version": { type: "string" },
    config: { type: "string" },
    baseline: { type: "string" },
    "update-baseline": { type: "boolean", default: false },
  },
  positionals: true,
  async run({ values, positionals }) {
    if (values.rules) {
      for (const r of allRules()) {
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
      await bindReleasesFor("audit", dir, values["harness-version"]);
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
        sandbox: !values["no-sandbox"],
        ...(values.probes !== undefined && { probes: positiveInt("probes", values.probes) }),
        ...(values["max-run-ms"] !== undefined && {
          maxRunMs: positiveInt("max-run-ms", values["max-run-ms"]),
        }),
        coverage: values.coverage,
        ...(values["coverage-dir"] !== undefined && { coverageDir: values["coverage-dir"] }),
      });
      findings.push(...extra);
      const kept = await suppress(findings, report.root, {
        dir,
        update: values["update-baseline"],
        ...(values.config !== undefined && { config: values.config }),
        ...(values.baseline !== undefined && { baseline: values.baseline }),
      });
      if (kept === "baseline-written") return 0;
      const combined = { root: report.root, findings: kept, summary: summarize(kept) };
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

function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new CliUsageError(`--${flag} takes a whole number >= 1, got "${value}"`);
  return n;
}

async function runOptionalAudits(
  report: AuditReport,
  options: {
    run: boolean;
    sandbox: boolean;
    probes?: number;
    maxRunMs?: number;
    coverage: boolean;
    coverageDir?: string;
  },
): Promise<LintFinding[]> {
  const out: LintFinding[] = [];
  if (options.run) {
    const { runDynamicAudit } = await import("../../tools/audit/dynamic-audit.js");
    const result = await runDynamicAudit(report, {
      sandbox: options.sandbox,
      ...(options.probes !== undefined && { probesPerHook: options.probes }),
      ...(options.maxRunMs !== undefined && { maxRunMs: options.maxRunMs }),
    });
    const s = result.stats;
    process.stderr.write(
      `vigiles audit --run: ${s.probes} probe(s) of ${s.hooks} hook(s) in ${(s.durationMs / 1000).toFixed(1)} s` +
        ` (${s.sandbox ? "confined" : "UNCONFINED (--no-sandbox)"}, ${s.concurrency} at a time` +
        `${s.skipped > 0 ? `, ${s.skipped} probe(s) skipped once a hook was settled` : ""}).\n`,
    );
    out.push(...result.findings);
  }
  if (options.coverage) {
    const { auditCoverage } = await import("../../tools/audit/coverage.js");
    out.push(
      ...auditCoverage(report, options.coverageDir !== undefined ? { coverageDir: options.coverageDir } : {})
        .findings,
    );
  }
  return out;
}

function allRules(): LintRuleMeta[] {
  return [...LINT_RULES, ...dynamicAuditRules, ...coverageRules];
}

/**
 * The findings left after the config's rule settings, the inline disables and the baseline; with
 * `update`, writes the baseline instead and says so.
 */
async function suppress(
  findings: readonly LintFinding[],
  root: string,
  options: { dir: string; update: boolean; config?: string; baseline?: string },
): Promise<LintFinding[] | "baseline-written"> {
  const { findConfigFile, loadAuditConfig } = await import("../../tools/test-runner/config.js");
  const suppression = await import("../../tools/audit/suppress.js");
  const configPath =
    options.config !== undefined
      ? findConfigFile(process.cwd(), options.config)
      : (findConfigFile(resolve(options.dir)) ?? findConfigFile(process.cwd()));
  const config = configPath === undefined ? {} : await loadAuditConfig(configPath);
  const baselinePath =
    options.baseline !== undefined
      ? resolve(options.baseline)
      : configPath !== undefined && config.baseline !== undefined
        ? suppression.baselinePathFromConfig(configPath, config.baseline)
        : undefined;
  const knownRuleIds = allRules().map((r) => r.id);
  if (options.update) {
    const { findings: left } = suppression.applySuppressions(findings, {
      root,
      knownRuleIds,
      ...(config.rules !== undefined && { rules: config.rules }),
    });
    const path = baselinePath ?? resolve(options.dir, "vigiles-audit-baseline.json");
    const n = suppression.writeBaseline(path, left, root);
    process.stderr.write(`vigiles audit: wrote ${n} finding(s) to the baseline ${path}.\n`);
    return "baseline-written";
  }
  const result = suppression.applySuppressions(findings, {
    root,
    knownRuleIds,
    ...(config.rules !== undefined && { rules: config.rules }),
    ...(baselinePath !== undefined && { baseline: suppression.readBaseline(baselinePath) }),
  });
  const hidden = [
    result.turnedOff > 0 ? `${result.turnedOff} turned off in ${configPath}` : "",
    result.disabledInline > 0 ? `${result.disabledInline} disabled inline` : "",
    result.inBaseline > 0 ? `${result.inBaseline} in the baseline ${baselinePath}` : "",
  ].filter((x) => x !== "");
  if (hidden.length > 0) process.stderr.write(`vigiles audit: not reported: ${hidden.join(", ")}.\n`);
  return result.findings;
}
