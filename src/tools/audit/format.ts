/**
 * The three outputs of an audit: human text grouped by file, JSON, and SARIF 2.1.0 for code scanning.
 */
import { LINT_RULES } from "./rules.js";
import type { LintFinding, LintRuleMeta, LintSeverity } from "../../core/audit/types.js";

/** What the formatters need from a report. */
export interface FormattableReport {
  readonly root: string;
  readonly findings: readonly LintFinding[];
  readonly summary: { readonly errors: number; readonly warnings: number; readonly notes: number };
}

/** An output format of `vigiles audit`. */
export type AuditFormat = "human" | "json" | "sarif";
export const AUDIT_FORMATS: readonly AuditFormat[] = ["human", "json", "sarif"];

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Human text: one block per file, each finding at `line:column`, then a summary line. */
export function formatHuman(report: FormattableReport, command = "vigiles audit"): string {
  if (report.findings.length === 0) return `${command}: no problems in ${report.root}\n`;
  const byFile = new Map<string, LintFinding[]>();
  for (const f of report.findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const lines: string[] = [];
  for (const [file, findings] of byFile) {
    lines.push(file);
    for (const f of findings) {
      const at = f.range ? `${f.range.line}:${f.range.column}` : "-";
      lines.push(`  ${at.padEnd(8)} ${f.severity.padEnd(7)} ${f.message}  [${f.ruleId}]`);
      lines.push(`  ${"".padEnd(8)} ${"".padEnd(7)} fix: ${f.fix}${f.edits ? " (--fix applies it)" : ""}`);
    }
    lines.push("");
  }
  const { errors, warnings, notes } = report.summary;
  lines.push(
    `${plural(errors, "error")}, ${plural(warnings, "warning")}${notes ? `, ${plural(notes, "note")}` : ""}`,
  );
  return lines.join("\n") + "\n";
}

/** Version of the JSON output. */
export const AUDIT_JSON_VERSION = 1;

/** JSON: `{ version, root, summary, findings }`. */
export function formatJson(report: FormattableReport): string {
  return (
    JSON.stringify(
      { version: AUDIT_JSON_VERSION, root: report.root, summary: report.summary, findings: report.findings },
      null,
      2,
    ) + "\n"
  );
}

const SARIF_LEVEL: Record<LintSeverity, "error" | "warning" | "note"> = {
  error: "error",
  warning: "warning",
  note: "note",
};

/**
 * SARIF 2.1.0 with one run: every rule of the catalogue (plus any rule a finding names that the
 * catalogue lacks), each result located by a repository-relative URI under `%SRCROOT%`.
 */
export function formatSarif(report: FormattableReport, extraRules: readonly LintRuleMeta[] = []): string {
  const rules = [...LINT_RULES, ...extraRules.filter((r) => !LINT_RULES.some((l) => l.id === r.id))];
  for (const f of report.findings) {
    if (!rules.some((r) => r.id === f.ruleId)) {
      rules.push({ id: f.ruleId, severity: f.severity, behaviour: f.message, fix: f.fix, autofix: false });
    }
  }
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarif = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "vigiles",
            informationUri: "https://github.com/zernie/vigiles",
            rules: rules.map((r) => ({
              id: r.id,
              name: r.id
                .split("-")
                .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
                .join(""),
              shortDescription: { text: r.behaviour.split(/(?<=[.:;])\s/)[0] ?? r.behaviour },
              fullDescription: { text: r.behaviour },
              help: { text: r.fix },
              defaultConfiguration: { level: SARIF_LEVEL[r.severity] },
            })),
          },
        },
        originalUriBaseIds: {
          "%SRCROOT%": { uri: `file://${report.root.endsWith("/") ? report.root : `${report.root}/`}` },
        },
        results: report.findings.map((f) => ({
          ruleId: f.ruleId,
          ruleIndex: index.get(f.ruleId) ?? 0,
          level: SARIF_LEVEL[f.severity],
          message: { text: `${f.message} Fix: ${f.fix}` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(f.file), uriBaseId: "%SRCROOT%" },
                region: {
                  startLine: f.range?.line ?? 1,
                  startColumn: f.range?.column ?? 1,
                  ...(f.range?.endLine !== undefined && { endLine: f.range.endLine }),
                  ...(f.range?.endColumn !== undefined && { endColumn: f.range.endColumn }),
                },
              },
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + "\n";
}

/** Formats a report in the named format. */
export function formatReport(
  report: FormattableReport,
  format: AuditFormat,
  options: { command?: string; rules?: readonly LintRuleMeta[] } = {},
): string {
  switch (format) {
    case "human":
      return formatHuman(report, options.command);
    case "json":
      return formatJson(report);
    case "sarif":
      return formatSarif(report, options.rules);
  }
}
