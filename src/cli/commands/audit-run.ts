/** What `vigiles audit` does once its arguments are parsed (./audit.ts declares the command). */
import { existsSync } from "node:fs";
import type { AuditCommandArgs } from "./audit-options.js";
import { CliUsageError, oneOf } from "../command.js";
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

/** Runs `vigiles audit` with parsed arguments; resolves to the exit code. */
export async function runAudit({ values, positionals }: AuditCommandArgs): Promise<number> {
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
    process.stdout.write(formatReport(combined, format, { rules: [...dynamicAuditRules, ...coverageRules] }));
    return combined.summary.errors > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof VigilesError) {
      process.stderr.write(`vigiles audit: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

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
/** Where --update-baseline writes when neither --baseline nor the config names a file, in the audited dir. */
const DEFAULT_BASELINE = "vigiles-audit-baseline.json";

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
  // The file --update-baseline writes by default is read by default: writing a baseline and then
  // failing on the findings it holds would make the first step a trap.
  const defaultBaseline = resolve(options.dir, DEFAULT_BASELINE);
  const baselinePath =
    options.baseline !== undefined
      ? resolve(options.baseline)
      : configPath !== undefined && config.baseline !== undefined
        ? suppression.baselinePathFromConfig(configPath, config.baseline)
        : existsSync(defaultBaseline)
          ? defaultBaseline
          : undefined;
  const knownRuleIds = allRules().map((r) => r.id);
  if (options.update) {
    const { findings: left } = suppression.applySuppressions(findings, {
      root,
      knownRuleIds,
      ...(config.rules !== undefined && { rules: config.rules }),
    });
    const path = baselinePath ?? defaultBaseline;
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
