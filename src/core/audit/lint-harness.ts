/**
 * Runs every static rule over a harness the audit tier has read: the whole catalogue in one call.
 */
import {
  readHooksConfig,
  hooksShapeRule,
  jsonSyntaxRule,
  type HookFileInput,
  type HookRegistration,
} from "./hooks-config.js";
import {
  checkDescriptionOverlap,
  descriptionOverlapRule,
  type SkillDescriptionInput,
} from "./rules/description-overlap.js";
import { checkHookRegistration, hookRegistrationRules } from "./rules/hook-registration.js";
import { checkHookHandler, hookHandlerRules } from "./rules/hook-handler.js";
import { checkHandlerCwd, hookCwdMissingRule, type HandlerDir } from "./rules/hook-cwd.js";
import { checkSubjectMatcher, checkToolMatcher, hookMatcherRules } from "./rules/hook-matcher.js";
import { checkHookOutput, hookOutputRules } from "./rules/hook-output.js";
import { checkOutputReachesNoOne, outputReachesNoOneRule } from "./rules/output-reaches-no-one.js";
import { checkHomePath, homePathInSharedHookRule } from "./rules/home-path.js";
import { hookAnswerKeyRules } from "./rules/hook-answer-keys.js";
import { hookFileNotLoadedRule } from "./rules/hook-file-not-loaded.js";
import {
  checkCommandPayloadFields,
  checkCommandShell,
  checkHookDialectSource,
  hookDialectSourceRules,
} from "./rules/hook-dialect-source.js";
import { checkHookModule, moduleSwallowsToolCallRule, type HookModuleInput } from "./rules/hook-module.js";
import { checkPythonCompat, pythonCompatRules } from "./rules/python-compat.js";
import {
  checkHookScript,
  checkInlineCommand,
  hookScriptRules,
  type HookScriptInput,
} from "./rules/hook-script.js";
import { checkAgent, pluginAgentFieldsRule, type AgentInput } from "./rules/plugin-agent.js";
import {
  checkPluginManifest,
  pluginManifestRules,
  type PluginManifestInput,
} from "./rules/plugin-manifest.js";
import { checkSkillFrontmatter, skillFrontmatterRules } from "./rules/skill-frontmatter.js";
import { checkFrontmatterLayout, frontmatterFoldedRule } from "./rules/frontmatter-layout.js";
import { checkWorkflow, workflowRules, type WorkflowInput } from "./rules/workflow-script.js";
import { checkEvalSuite, evalSuiteRules, type EvalSuiteInput } from "./rules/plugin-eval-suite.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "./types.js";

export const frontmatterSyntaxRule: LintRuleMeta = {
  id: "frontmatter-syntax",
  severity: "error",
  behaviour:
    "A SKILL.md or agent file whose YAML frontmatter does not parse loads without its name and description.",
  fix: "Fix the YAML between the opening and closing `---` lines.",
  autofix: false,
};

/** Every harness-agnostic static rule; each harness's dialect adds its own (`auditRules`). */
export const CORE_LINT_RULES: readonly LintRuleMeta[] = [
  jsonSyntaxRule,
  hooksShapeRule,
  ...hookRegistrationRules,
  ...hookMatcherRules,
  ...hookHandlerRules,
  hookCwdMissingRule,
  ...hookScriptRules,
  ...hookOutputRules,
  outputReachesNoOneRule,
  homePathInSharedHookRule,
  ...hookDialectSourceRules,
  ...hookAnswerKeyRules,
  hookFileNotLoadedRule,
  ...pythonCompatRules,
  moduleSwallowsToolCallRule,
  ...pluginManifestRules,
  ...skillFrontmatterRules,
  frontmatterSyntaxRule,
  frontmatterFoldedRule,
  pluginAgentFieldsRule,
  ...workflowRules,
  descriptionOverlapRule,
  ...evalSuiteRules,
];

/** A SKILL.md with its parsed frontmatter. */
export interface SkillInput {
  readonly file: string;
  readonly folderName: string;
  /** `plugin:name` for plugin skills, else the folder name. */
  readonly id: string;
  /** Undefined when the frontmatter did not parse (see `frontmatterError`). */
  readonly frontmatter?: Readonly<Record<string, unknown>>;
  readonly frontmatterError?: { readonly message: string; readonly range?: SourceRange };
  readonly keyRanges: Readonly<Record<string, SourceRange>>;
  /** The file's text, for the layout rule that compares what the loader read with what was written. */
  readonly text?: string;
  /** For a plugin skill: the project skill folder of the harness the plugin is for (from the registry). */
  readonly pluginHome?: string;
}

/** Everything the audit read, parsed. */
export interface HarnessInputs {
  readonly hookFiles: readonly HookFileInput[];
  readonly manifests: readonly PluginManifestInput[];
  readonly skills: readonly SkillInput[];
  readonly agents: readonly AgentInput[];
  readonly workflows: readonly WorkflowInput[];
  /** Resolves the script of each command registration; the tier looks at the disk. */
  readonly resolveScript?: (registration: HookRegistration) => HookScriptInput | undefined;
  /** The directory a handler names for its command (the dialect's `cwdField`), as found on disk. */
  readonly resolveHandlerDir?: (registration: HookRegistration) => HandlerDir | undefined;
  /** Threshold of `description-overlap` (default 0.5). */
  readonly overlapDistance?: number;
  /** Oldest Python a `python3` hook is checked against (default "3.9"). */
  readonly pythonMinimum?: string;
  /** The hooks modules named in hooks.json `modules` lists, read by the tier. */
  readonly hookModules?: readonly HookModuleInput[];
  /** The plugins' eval suites (`claude plugin eval`), read by the tier. */
  readonly evalSuites?: readonly EvalSuiteInput[];
}

/** What `lintHarness` returns: the findings and the hook registrations it read. */
export interface HarnessLint {
  readonly findings: LintFinding[];
  readonly registrations: HookRegistration[];
}

/** Runs every rule; findings come back in file, then position order. */
export function lintHarness(inputs: HarnessInputs): HarnessLint {
  const findings: LintFinding[] = [];
  const registrations: HookRegistration[] = [];
  for (const file of inputs.hookFiles) {
    const config = readHooksConfig(file);
    const found: LintFinding[] = [...config.findings];
    for (const reg of config.registrations) {
      registrations.push(
        file.embeddedAt === undefined
          ? reg
          : {
              ...reg,
              eventRange: file.embeddedAt,
              handlerRange: file.embeddedAt,
              ...(reg.matcherRange !== undefined && { matcherRange: file.embeddedAt }),
              ...(reg.commandRange !== undefined && { commandRange: file.embeddedAt }),
              ...(reg.conditionRange !== undefined && { conditionRange: file.embeddedAt }),
              commandOffsets: undefined,
            },
      );
      const dir = inputs.resolveHandlerDir?.(reg);
      found.push(
        ...checkHookRegistration(reg),
        ...checkToolMatcher(reg),
        ...checkSubjectMatcher(reg),
        ...checkHookHandler(reg),
        ...checkHandlerCwd(reg, dir),
        ...checkInlineCommand(reg),
        ...checkCommandShell(reg),
        ...checkCommandPayloadFields(reg),
        ...checkOutputReachesNoOne(reg),
        ...checkHomePath(reg),
      );
      // A hook whose directory does not exist never starts: its script is not what fails.
      if (reg.type === "command" && inputs.resolveScript && dir?.exists !== false) {
        const script = inputs.resolveScript(reg);
        if (script)
          found.push(
            ...checkHookScript(script),
            ...checkHookOutput(script),
            ...checkHookDialectSource(script),
            ...checkPythonCompat(script, inputs.pythonMinimum),
          );
      }
    }
    const embeddedAt = file.embeddedAt;
    findings.push(
      ...(embeddedAt === undefined
        ? found
        : found.map((f) => {
            if (f.file !== file.file) return f;
            const { edits: _edits, ...rest } = f;
            return { ...rest, range: embeddedAt };
          })),
    );
  }
  for (const manifest of inputs.manifests) findings.push(...checkPluginManifest(manifest));
  for (const module of inputs.hookModules ?? []) findings.push(...checkHookModule(module));
  const described: SkillDescriptionInput[] = [];
  for (const skill of inputs.skills) {
    if (skill.frontmatter === undefined) {
      findings.push({
        ruleId: frontmatterSyntaxRule.id,
        severity: frontmatterSyntaxRule.severity,
        message: `SKILL.md frontmatter does not parse: ${skill.frontmatterError?.message ?? "missing"}`,
        file: skill.file,
        ...(skill.frontmatterError?.range !== undefined && { range: skill.frontmatterError.range }),
        fix: frontmatterSyntaxRule.fix,
      });
      continue;
    }
    if (skill.text !== undefined)
      findings.push(...checkFrontmatterLayout(skill.file, skill.text, skill.frontmatter));
    for (const p of checkSkillFrontmatter(skill.folderName, skill.frontmatter)) {
      const range = skill.keyRanges[p.field];
      findings.push({
        ruleId: p.ruleId,
        severity: p.severity,
        message: p.message,
        file: skill.file,
        ...(range !== undefined && { range }),
        fix: p.fix,
      });
    }
    const description = skill.frontmatter["description"];
    if (typeof description === "string" && description.trim() !== "") {
      const range = skill.keyRanges["description"];
      const plugin = skill.id.includes(":") ? skill.id.slice(0, skill.id.indexOf(":")) : undefined;
      const home = /(?:^|\/)(\.[a-z][\w-]*)\/skills\//.exec(skill.file)?.[1];
      described.push({
        id: skill.id,
        file: skill.file,
        description,
        ...(range !== undefined && { range }),
        ...(plugin !== undefined && { plugin }),
        ...(home !== undefined && { harnessHome: home }),
        ...(skill.pluginHome !== undefined && { pluginHome: skill.pluginHome }),
      });
    }
  }
  findings.push(...checkDescriptionOverlap(described, inputs.overlapDistance));
  for (const agent of inputs.agents) {
    findings.push(...checkAgent(agent));
    if (agent.text !== undefined)
      findings.push(...checkFrontmatterLayout(agent.file, agent.text, agent.frontmatter));
  }
  for (const workflow of inputs.workflows) findings.push(...checkWorkflow(workflow));
  for (const suite of inputs.evalSuites ?? []) findings.push(...checkEvalSuite(suite));
  // A script registered under several matchers is read once per registration: keep one finding.
  const unique = new Map(
    findings.map((f) => [
      `${f.ruleId}\u0000${f.file}\u0000${f.range?.line}:${f.range?.column}\u0000${f.message}`,
      f,
    ]),
  );
  return { findings: sortFindings([...unique.values()]), registrations };
}

/** Orders findings by file, line, column, then rule id. */
export function sortFindings(findings: readonly LintFinding[]): LintFinding[] {
  return [...findings].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.range?.line ?? 0) - (b.range?.line ?? 0) ||
      (a.range?.column ?? 0) - (b.range?.column ?? 0) ||
      a.ruleId.localeCompare(b.ruleId),
  );
}
