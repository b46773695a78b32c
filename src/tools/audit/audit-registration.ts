/**
 * One registration under `vigiles audit --run`: its probes run in turn (stopping once one settles
 * the hook), each rule reported once with the probe that showed it and how many probes did.
 */
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import type { HookRunResult } from "../../core/hook-decision/types.js";
import type { HookRegistration } from "../../core/audit/hooks-config.js";
import { DEFAULT_COMMAND_TIMEOUT_SECONDS } from "../../core/audit/hook-events.js";
import { findScriptWord, isRelativePath, resolveScriptPath } from "../../core/audit/command-words.js";
import { finding } from "../../core/audit/finding.js";
import type { LintFinding, LintRuleMeta } from "../../core/audit/types.js";
import type { AuditScratch } from "./audit-scratch.js";
import { fetchedPackage } from "./cannot-run.js";
import { hookBlocksHarmlessRule, hookCannotRunRule, hookDeniesBenignRule } from "./dynamic-rules.js";
import { observe, runBudget } from "./observe-run.js";
import { auditProbes, guardTools, isGuard, type AuditProbe } from "./probes.js";
import { parseMatcher } from "../../core/audit/hook-events.js";
import { runProbe } from "./run-probe.js";
import { sourceLiterals, type SourceLiteral } from "./source-literals.js";
import { handlerDirOf, projectDirOf } from "../../core/audit/project-dir.js";
import { actionAlreadyRan, blockingAnswerReachesModel } from "../../core/dialect.js";

/** One probe run of the dynamic audit. */
export interface DynamicRun {
  readonly registration: HookRegistration;
  readonly target?: string;
  readonly event: Record<string, unknown>;
  readonly probe: AuditProbe;
  readonly result: HookRunResult;
}

/**
 * Where the harness runs the command when the handler names its own directory (Copilot CLI's `cwd`,
 * relative to the project, taken as written: `handlerDirOf`); undefined when it names none, or one
 * outside the audit's copy.
 */
function runDirOf(reg: HookRegistration, tree: string): string | undefined {
  if (reg.cwd === undefined) return undefined;
  const dir = handlerDirOf(reg, tree);
  const rel = relative(tree, dir);
  return rel.startsWith("..") || isAbsolute(rel) ? undefined : dir;
}

/** The source of the script a registration runs, when it names one in the tree. */
function scriptSource(
  reg: HookRegistration,
  projectDir: string,
  pluginRoot: string | undefined,
): string | undefined {
  const command = reg.command ?? reg.args?.join(" ");
  if (command === undefined) return undefined;
  const word = findScriptWord(command);
  // A relative script (`sh ./lint.sh`) is the one the probe runs, in the project the hook runs in.
  const path =
    word &&
    (isRelativePath(word.word.value)
      ? resolve(projectDir, word.word.value)
      : resolveScriptPath(word.word.value, {
          ...(pluginRoot !== undefined && { pluginRoot }),
          projectDir,
        }));
  if (path === undefined) return command;
  try {
    if (statSync(path).size > 1_000_000) return undefined;
    return `${command}\n${readFileSync(path, "utf8")}`;
  } catch {
    return command;
  }
}

export interface RegistrationAudit {
  readonly runs: DynamicRun[];
  readonly findings: LintFinding[];
  readonly skipped: number;
}

export async function auditRegistration(
  reg: HookRegistration,
  scratch: AuditScratch,
  options: { maxRunMs: number; budget: number; sandbox: boolean },
): Promise<RegistrationAudit> {
  const spec = (reg.command ?? reg.args) as string | readonly string[];
  const pluginRoot = reg.pluginRoot !== undefined ? scratch.toCopy(reg.pluginRoot) : undefined;
  // The copy's project of this registration: a nested project's settings run there, not at the root.
  const projectDir = projectDirOf(reg, scratch.tree);
  const cwd = runDirOf(reg, scratch.tree);
  // A relative script resolves against where the command runs (a handler's own `cwd`).
  const source = scriptSource(reg, cwd ?? projectDir, pluginRoot);
  const literals: SourceLiteral[] = source !== undefined ? sourceLiterals(source) : [];
  const dirs = scratch.privateDirs();
  const probes = auditProbes(reg, projectDir, {
    budget: options.budget,
    literals,
    ifContext: { cwd: projectDir, projectDir, home: dirs.home },
  });
  const budget = runBudget(reg.timeoutSeconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS, options.maxRunMs);
  const runs: DynamicRun[] = [];
  const seen = new Map<string, { text: string; count: number; rule: LintRuleMeta }>();
  let ran = 0;
  // A package fetched at run time (`npx pkg@1.2`) cannot be fetched without a network: say so
  // instead of waiting out the audit's cap on every probe.
  const fetched =
    options.sandbox && reg.command !== undefined ? fetchedPackage(reg.command, scratch.tree) : undefined;
  if (fetched)
    seen.set(hookCannotRunRule.id, {
      rule: hookCannotRunRule,
      text: `cannot run here: ${fetched.what}.`,
      count: 1,
    });
  // A guard for one tool other than Bash may ban it (agents cannot work without Bash: a deny of
  // `echo` there is a broken guard).
  const named = parseMatcher(reg.matcher);
  const sole =
    isGuard(reg) && named.kind === "names" && named.names.length === 1 ? guardTools(reg)[0] : undefined;
  const onlyTool = sole !== "Bash" ? sole : undefined;
  // A gate after the fact (a post-tool lint, a Stop check): its message is heard only on exit 2. A
  // guard's exit 1 is told by what matters more there, that the action proceeds.
  const gate =
    !isGuard(reg) && blockingAnswerReachesModel(reg.dialect, reg.event)
      ? { harness: reg.dialect.displayName, afterAction: actionAlreadyRan(reg.dialect, reg.event) }
      : undefined;
  const run = (probe: AuditProbe) =>
    runProbe(spec, probe.event, {
      scratch,
      dirs,
      projectDir,
      ...(cwd !== undefined && { cwd, cwdAsWritten: reg.cwd }),
      ...(pluginRoot !== undefined && { pluginRoot }),
      timeoutMs: budget.runMs,
      harness: reg.harness,
      sandbox: options.sandbox,
    });
  for (const probe of fetched ? [] : probes) {
    // The harness would not run the hook on this probe (its `if:` rule does not select it).
    if (probe.notRun !== undefined) continue;
    let result = await run(probe);
    ran++;
    // A gate that denies once per session (read the docs first, then go on) is judged on its steady
    // answer: the same call again in the same session, as the agent would retry it.
    if (probe.kind === "bland" && result.blocked && !result.halted) {
      const again = await run(probe);
      if (!again.blocked) result = again;
    }
    runs.push({
      registration: reg,
      ...(probe.target !== undefined && { target: probe.target }),
      event: probe.event,
      probe,
      result,
    });
    const observations = observe(probe, result, budget, {
      tree: scratch.tree,
      ...(pluginRoot !== undefined && { pluginRoot }),
      ...(onlyTool !== undefined && { onlyTool }),
      ...(reg.dialect.allowSkipsPrompt === true && { allowSkipsPromptIn: reg.dialect.displayName }),
      ...(gate !== undefined && { gate }),
      registered: { dialect: reg.dialect, event: reg.event },
    });
    for (const o of observations) {
      const prior = seen.get(o.rule.id);
      if (prior) prior.count++;
      else seen.set(o.rule.id, { text: o.text, count: 1, rule: o.rule });
    }
    if (observations.some((o) => o.stop)) break;
  }
  const what = `${reg.event}${reg.matcher !== undefined && reg.matcher !== "" ? ` (${reg.matcher})` : ""} hook \`${reg.command ?? reg.args?.join(" ") ?? ""}\``;
  const at = reg.commandRange ?? reg.handlerRange;
  // A guard that blocks a bland call blocks the benign twins too: one finding says it.
  if (seen.has(hookBlocksHarmlessRule.id)) seen.delete(hookDeniesBenignRule.id);
  const findings = [...seen.values()].map(({ rule: r, text, count }) =>
    finding(
      r,
      reg.file,
      at,
      scratch.fromCopy(`The ${what} ${text}${count > 1 ? ` (${count} of ${ran} probes)` : ""}`),
    ),
  );
  return { runs, findings, skipped: probes.length - ran };
}
