/**
 * Suppression as linters do it, applied to an audit's findings in this order: the config's per-rule
 * severity (`off` drops a rule, `warn`/`error` resets it), the inline disables in files whose format
 * has comments, then a baseline of accepted findings.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { closestName } from "../../core/did-you-mean.js";
import { VigilesError } from "../../core/errors.js";
import {
  BASELINE_VERSION,
  baselineOf,
  fingerprintOf,
  newFindings,
  type Baseline,
} from "../../core/audit/baseline.js";
import { inlineDisables, isDisabledInline, type InlineDisable } from "../../core/audit/inline-disable.js";
import type { LintFinding, LintSeverity } from "../../core/audit/types.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { readInputText } from "../../runtime/read-input.js";
import type { AuditRuleSetting } from "./audit-config.js";

/** A config names a rule the audit does not have (a typo turns nothing off). */
export class UnknownAuditRuleError extends VigilesError {
  constructor(rule: string, known: readonly string[]) {
    const guess = closestName(rule, known);
    super(
      "VIGILES_UNKNOWN_AUDIT_RULE",
      `the config's audit.rules names "${rule}", which is no audit rule` +
        (guess !== undefined ? `: did you mean "${guess}"?` : ": `vigiles audit --rules` lists them."),
    );
  }
}

/** A baseline file that cannot be read as one. */
export class BaselineFileError extends VigilesError {
  constructor(path: string, problem: string) {
    super("VIGILES_AUDIT_BASELINE", `the baseline "${path}" ${problem}`);
  }
}

/** What to suppress. */
export interface SuppressionOptions {
  /** The audited root: finding paths are relative to it. */
  readonly root: string;
  /** Per-rule settings from the config file. */
  readonly rules?: Readonly<Record<string, AuditRuleSetting>>;
  /** Every rule id the audit can report, to refuse a setting for a rule that does not exist. */
  readonly knownRuleIds: readonly string[];
  /** Accepted findings: those it holds are dropped. */
  readonly baseline?: Baseline;
}

/** The findings left, and how many each step took out. */
export interface SuppressionResult {
  readonly findings: LintFinding[];
  readonly turnedOff: number;
  readonly disabledInline: number;
  readonly inBaseline: number;
}

const SEVERITY: Record<Exclude<AuditRuleSetting, "off">, LintSeverity> = { warn: "warning", error: "error" };

/** Reads the files findings name, once each (a file that cannot be read has no text). */
function fileTexts(root: string): (file: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (file) => {
    if (!cache.has(file)) {
      let text: string | undefined;
      try {
        text = readFileSync(resolve(root, file), "utf8");
      } catch {
        text = undefined;
      }
      cache.set(file, text);
    }
    return cache.get(file);
  };
}

/** Each finding with its stable identity (rule, file, hash of the text it points at). */
export function fingerprinted(
  findings: readonly LintFinding[],
  root: string,
): { finding: LintFinding; fingerprint: string }[] {
  const textOf = fileTexts(root);
  return findings.map((finding) => ({ finding, fingerprint: fingerprintOf(finding, textOf(finding.file)) }));
}

/** Applies the config's severities, the inline disables and the baseline to `findings`. */
export function applySuppressions(
  findings: readonly LintFinding[],
  options: SuppressionOptions,
): SuppressionResult {
  const settings = options.rules ?? {};
  for (const rule of Object.keys(settings))
    if (!options.knownRuleIds.includes(rule)) throw new UnknownAuditRuleError(rule, options.knownRuleIds);
  const configured: LintFinding[] = [];
  for (const f of findings) {
    const setting = settings[f.ruleId];
    if (setting === "off") continue;
    configured.push(setting === undefined ? f : { ...f, severity: SEVERITY[setting] });
  }
  const textOf = fileTexts(options.root);
  const disables = new Map<string, InlineDisable[]>();
  const kept = configured.filter((f) => {
    if (!disables.has(f.file)) {
      const text = textOf(f.file);
      disables.set(f.file, text === undefined ? [] : inlineDisables(f.file, text));
    }
    return !isDisabledInline(disables.get(f.file) ?? [], f.ruleId, f.range?.line);
  });
  const left =
    options.baseline === undefined
      ? kept
      : newFindings(fingerprinted(kept, options.root), options.baseline).map((x) => x.finding);
  return {
    findings: left,
    turnedOff: findings.length - configured.length,
    disabledInline: configured.length - kept.length,
    inBaseline: kept.length - left.length,
  };
}

/** Reads a baseline file written by `--update-baseline`. */
export function readBaseline(path: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(readInputText(path, "the audit baseline"));
  } catch (error) {
    if (error instanceof VigilesError) throw error;
    throw new BaselineFileError(path, "is not JSON: rewrite it with `vigiles audit --update-baseline`.");
  }
  const v = value as Partial<Baseline> | null;
  if (v?.version !== BASELINE_VERSION || !Array.isArray(v.findings))
    throw new BaselineFileError(
      path,
      `is not a version ${BASELINE_VERSION} baseline: rewrite it with \`vigiles audit --update-baseline\`.`,
    );
  return { version: BASELINE_VERSION, findings: v.findings };
}

/** Writes the baseline accepting every finding in `findings`; returns how many it holds. */
export function writeBaseline(path: string, findings: readonly LintFinding[], root: string): number {
  const baseline = baselineOf(fingerprinted(findings, root));
  writeFileAtomic(path, JSON.stringify(baseline, null, 2) + "\n");
  return baseline.findings.length;
}

/** A config's baseline path, relative to the config file's folder. */
export function baselinePathFromConfig(configPath: string, baseline: string): string {
  return resolve(dirname(configPath), baseline);
}
