/**
 * `vigiles audit --coverage`: which hooks (per event and matcher), skills, agents and commands no
 * test exercised, judged from what the runners recorded while the tests ran
 * (`VIGILES_COVERAGE_DIR`), never guessed from file names.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { readFrontmatter } from "../../core/frontmatter.js";
import { findScriptWord, resolveScriptPath } from "../../core/audit/command-words.js";
import { matcherMatches } from "../../core/audit/hook-events.js";
import type { HookRegistration } from "../../core/audit/hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../../core/audit/types.js";
import { finding } from "../../core/audit/finding.js";
import { readCoverageRecords, type CoverageRecord } from "../../runtime/coverage-record.js";
import { displayPath, type AuditReport } from "./static-audit.js";
import { projectDirOf } from "../../core/audit/project-dir.js";

/** Where `vigiles audit --coverage` looks by default, relative to the audited root. */
export const DEFAULT_COVERAGE_DIR = ".vigiles/coverage";

const uncovered = (kind: string): LintRuleMeta => ({
  id: `uncovered-${kind}`,
  severity: "error",
  behaviour: `A ${kind} that no test exercises can break without any test noticing.`,
  fix: `Add a test that exercises it (runHook / runHookProgram / runHarnessTest / an eval), then re-run the tests with coverage recording.`,
  autofix: false,
});
export const uncoveredHookRule = uncovered("hook");
export const uncoveredSkillRule = uncovered("skill");
export const uncoveredAgentRule = uncovered("agent");
export const uncoveredCommandRule = uncovered("command");
export const coverageEmptyRule: LintRuleMeta = {
  id: "coverage-empty",
  severity: "error",
  behaviour: "Coverage read from zero records says nothing: the tests did not run with recording on.",
  fix: "Run the tests with `vigiles test --coverage-dir <dir>` (or VIGILES_COVERAGE_DIR set), then audit with the same dir.",
  autofix: false,
};
/** The rules of `vigiles audit --coverage`: hooks, skills, agents and commands no test exercised. */
export const coverageRules: readonly LintRuleMeta[] = [
  uncoveredHookRule,
  uncoveredSkillRule,
  uncoveredAgentRule,
  uncoveredCommandRule,
  coverageEmptyRule,
];

/** Options of `auditCoverage`. */
export interface CoverageOptions {
  /** Directory of the records (default `.vigiles/coverage` under the audited root). */
  readonly coverageDir?: string;
  /** Records already read (for tests and callers that gathered them). */
  readonly records?: readonly CoverageRecord[];
}

/** One hook, skill, agent or command of the repository and whether a test exercised it. */
export interface CoverageItem {
  readonly kind: "hook" | "skill" | "agent" | "command";
  readonly id: string;
  readonly covered: boolean;
}

/** What `auditCoverage` returns: every item, the findings for the uncovered ones, and how many records it read. */
export interface CoverageResult {
  readonly items: CoverageItem[];
  readonly findings: LintFinding[];
  readonly records: number;
}

function scriptPathOf(
  command: string | undefined,
  context: { pluginRoot?: string; projectDir: string },
): string | undefined {
  if (command === undefined) return undefined;
  const word = findScriptWord(command);
  if (word === undefined) return undefined;
  return resolveScriptPath(word.word.value, context) ?? resolve(context.projectDir, word.word.value);
}

function sameScript(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (a === b) return true;
  // The same script seen from another checkout or temp copy: same file and folder names.
  return basename(a) === basename(b) && basename(dirname(a)) === basename(dirname(b));
}

function hookCovered(reg: HookRegistration, root: string, records: readonly CoverageRecord[]): boolean {
  const context = {
    ...(reg.pluginRoot !== undefined && { pluginRoot: reg.pluginRoot }),
    projectDir: projectDirOf(reg, root),
  };
  const regScript = scriptPathOf(reg.command ?? reg.args?.map((a) => JSON.stringify(a)).join(" "), context);
  return records.some((r) => {
    if (r.kind !== "hook") return false;
    const id = r.identity;
    if (id.event !== undefined && id.event !== reg.event) return false;
    if (id.target !== undefined && !matcherMatches(reg.matcher, id.target)) return false;
    if (id.command !== undefined) {
      if (reg.command !== undefined && id.command.trim() === reg.command.trim()) return true;
      return sameScript(regScript, scriptPathOf(id.command, context));
    }
    if (id.file !== undefined) return sameScript(regScript, resolve(root, id.file));
    // A fire seen in a harness run names only event and target.
    return id.event !== undefined;
  });
}

function nameCovered(kind: string, names: readonly string[], records: readonly CoverageRecord[]): boolean {
  return records.some(
    (r) => r.kind === kind && r.identity.name !== undefined && names.includes(r.identity.name),
  );
}

function registrationId(reg: HookRegistration): string {
  return `${reg.event}${reg.matcher !== undefined ? `[${reg.matcher}]` : ""}: ${reg.command ?? reg.args?.join(" ") ?? reg.type}`;
}

/** Compares what the audit found with what the tests recorded. */
export function auditCoverage(report: AuditReport, options: CoverageOptions = {}): CoverageResult {
  const root = report.root;
  const records =
    options.records ?? readCoverageRecords(resolve(root, options.coverageDir ?? DEFAULT_COVERAGE_DIR));
  const items: CoverageItem[] = [];
  const findings: LintFinding[] = [];
  if (records.length === 0) {
    findings.push(
      finding(
        coverageEmptyRule,
        options.coverageDir ?? DEFAULT_COVERAGE_DIR,
        undefined,
        "No coverage records: nothing can be called covered.",
      ),
    );
    return { items, findings, records: 0 };
  }
  for (const reg of report.registrations) {
    if (reg.type !== "command") continue;
    const covered = hookCovered(reg, root, records);
    items.push({ kind: "hook", id: registrationId(reg), covered });
    if (!covered) {
      findings.push(
        finding(
          uncoveredHookRule,
          reg.file,
          reg.commandRange ?? reg.handlerRange,
          `No test exercised the ${reg.event}${reg.matcher !== undefined ? ` "${reg.matcher}"` : ""} hook \`${reg.command ?? reg.args?.join(" ") ?? ""}\`.`,
        ),
      );
    }
  }
  const named = (
    kind: "skill" | "agent" | "command",
    rule: LintRuleMeta,
    list: readonly { path: string; plugin?: { name?: string } }[],
    nameOf: (p: string) => string,
  ) => {
    for (const d of list) {
      const bare = nameOf(d.path);
      const names = d.plugin?.name !== undefined ? [`${d.plugin.name}:${bare}`, bare] : [bare];
      const covered = nameCovered(kind, names, records);
      items.push({ kind, id: names[0] as string, covered });
      if (!covered) {
        findings.push(
          finding(rule, displayPath(root, d.path), undefined, `No test exercised the ${kind} "${names[0]}".`),
        );
      }
    }
  };
  named("skill", uncoveredSkillRule, report.discovery.skills, (p) => basename(dirname(p)));
  // An agent is started by its frontmatter `name` (its subagent type), which may differ from the file name.
  named("agent", uncoveredAgentRule, report.discovery.agents, (p) => {
    const name = readFrontmatter(readFileSync(p, "utf8")).data?.["name"];
    return typeof name === "string" && name !== "" ? name : basename(p, ".md");
  });
  named("command", uncoveredCommandRule, report.discovery.commands, (p) => basename(p, ".md"));
  return { items, findings, records: records.length };
}
