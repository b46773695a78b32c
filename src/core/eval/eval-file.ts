/**
 * `defineEval`: the declaration a `*.eval.mjs` / `*.eval.ts` file exports. Declaring spends nothing:
 * `vigiles eval` runs it. Unknown keys are rejected by name, so a misplaced `name` (top level instead
 * of inside the runner spec) cannot silently cost an eval its lock.
 */
import { z } from "zod";
import { InvalidOptionError } from "../errors.js";
import type { EvalReport } from "../eval-report.js";
import type { MeasureArmsSpec, MeasureSpec, RunEvalSpec } from "./spec.js";
import { assertEveryArmHasTask } from "./task.js";

/** The trigger-rate spec is owned by the triggering tier; the eval file only carries it. */
export interface TriggerRateDeclaration {
  readonly name?: string;
  readonly [option: string]: unknown;
}

/** The trigger-rate report as an eval file's gate sees it. */
export interface TriggerRateReportLike {
  readonly n: number;
  readonly [field: string]: unknown;
}

interface Gate<R> {
  /** The gate: throw to fail `vigiles eval` (non-zero exit). */
  readonly assert?: (report: R) => void | Promise<void>;
  readonly description?: string;
  /**
   * Why the eval does not run yet (a skeleton whose prompts are still to be written): `vigiles eval`
   * reports it skipped with this reason, spends nothing and writes no report.
   */
  readonly skip?: string;
}

/** Exactly one runner, plus an optional gate. */
export type EvalDefinition =
  | ({ readonly runEval: RunEvalSpec } & Gate<EvalReport>)
  | ({ readonly measure: MeasureSpec } & Gate<EvalReport>)
  | ({ readonly measureArms: MeasureArmsSpec } & Gate<EvalReport>)
  | ({ readonly measureTriggerRate: TriggerRateDeclaration } & Gate<TriggerRateReportLike>);

export type EvalRunnerKind = "runEval" | "measure" | "measureArms" | "measureTriggerRate";

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === "function", "expected a function");
const strings = z.record(z.string(), z.string());
const effort = z.union([z.string().min(1), z.number().int()]);
const cacheMode = z.enum(["readwrite", "read", "write", "off"]);

const arm = z.strictObject({
  files: strings.optional(),
  fixture: strings.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  pluginDir: z.string().optional(),
  pluginDirs: z.array(z.string()).optional(),
  task: z.string().optional(),
  model: z.string().optional(),
  effort: effort.optional(),
  stubSkillBodies: z.boolean().optional(),
  env: strings.optional(),
  allowedTools: z.array(z.string()).optional(),
});

const common = {
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  env: z.strictObject({ kind: z.literal("ephemeral") }).optional(),
  fixture: strings.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  pluginDir: z.string().optional(),
  pluginDirs: z.array(z.string()).optional(),
  trials: z.number().int().positive().optional(),
  model: z.string().optional(),
  effort: effort.optional(),
  minModel: z.string().optional(),
  stubSkillBodies: z.boolean().optional(),
  allowedTools: z.array(z.string()).optional(),
  concurrency: z.number().int().positive().optional(),
  maxCostUsd: z.number().nonnegative().optional(),
  rateLimitRetries: z.number().int().nonnegative().optional(),
  retryBackoffMs: z.number().nonnegative().optional(),
  cache: cacheMode.optional(),
  cacheDir: z.string().optional(),
  timeoutMs: z.number().int().positive().optional(),
};

/** Schemas of the engine's own specs (strict: an unknown key is an error naming it). */
export const runEvalSchema = z.strictObject({
  ...common,
  // Optional when every arm sets its own; resolveArms refuses an arm left without one (MissingTaskError).
  task: z.string().optional(),
  arms: z.record(z.string(), arm).optional(),
  measure: fn,
});
export const measureSchema = z.strictObject({
  ...common,
  task: z.string(),
  checks: z.array(z.unknown()).min(1),
  measure: fn.optional(),
});
export const measureArmsSchema = z.strictObject({
  ...common,
  task: z.string().optional(),
  checks: z.array(z.unknown()).min(1),
  measure: fn.optional(),
  arms: z.record(z.string(), arm),
});

const RUNNERS: readonly EvalRunnerKind[] = ["runEval", "measure", "measureArms", "measureTriggerRate"];
const TOP = z.strictObject({
  runEval: z.unknown().optional(),
  measure: z.unknown().optional(),
  measureArms: z.unknown().optional(),
  measureTriggerRate: z.unknown().optional(),
  assert: fn.optional(),
  description: z.string().optional(),
  skip: z.string().min(1).optional(),
});

/** Formats zod issues as one message that names each bad key and where it sits. */
export function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const at = [where, ...issue.path.map(String)].join(".");
      if (issue.code === "unrecognized_keys") {
        const keys = issue.keys.map((k) => `"${k}"`).join(", ");
        const hint =
          issue.keys.includes("name") && issue.path.length === 0 && where === "defineEval"
            ? ` A name belongs inside the runner spec, e.g. { runEval: { name: "…", … } }.`
            : "";
        return `${at}: unknown key ${keys}.${hint}`;
      }
      return `${at}: ${issue.message}`;
    })
    .join("\n");
}

/** Which runner a definition declares (validated). */
export function runnerOf(definition: EvalDefinition): EvalRunnerKind {
  const found = RUNNERS.filter(
    (k) => (definition as unknown as Readonly<Record<string, unknown>>)[k] !== undefined,
  );
  if (found.length !== 1) {
    throw new InvalidOptionError(
      `defineEval needs exactly one of ${RUNNERS.join(", ")}; got ${found.length === 0 ? "none" : found.join(" and ")}.`,
    );
  }
  return found[0] as EvalRunnerKind;
}

/** Validates a definition; throws InvalidOptionError naming every bad key. */
export function validateEvalDefinition(value: unknown): EvalDefinition {
  const top = TOP.safeParse(value);
  if (!top.success) throw new InvalidOptionError(describeIssues("defineEval", top.error));
  const definition = value as EvalDefinition;
  const kind = runnerOf(definition);
  const spec = (definition as unknown as Readonly<Record<string, unknown>>)[kind];
  const schema =
    kind === "runEval"
      ? runEvalSchema
      : kind === "measure"
        ? measureSchema
        : kind === "measureArms"
          ? measureArmsSchema
          : z.looseObject({ name: z.string().min(1).optional() });
  const parsed = schema.safeParse(spec);
  if (!parsed.success) throw new InvalidOptionError(describeIssues(kind, parsed.error));
  if (kind === "runEval" || kind === "measureArms") {
    const armed = spec as { task?: string; arms?: Readonly<Record<string, { task?: string }>> };
    assertEveryArmHasTask(kind, armed.task, armed.arms);
  }
  return definition;
}

/**
 * Declares an eval for `vigiles eval`. Nothing runs on import; the declaration is validated (unknown
 * keys rejected by name) and returned unchanged.
 *
 * @example
 * export default defineEval({
 *   runEval: {
 *     name: "commit-style",
 *     arms: { off: {}, on: { files: { "SKILL.md": "…" } } },
 *     task: "commit the change",
 *     measure: (ctx) => ({ conventional: /^(feat|fix):/.test(ctx.file("COMMIT_MSG") ?? "") }),
 *     trials: 5,
 *   },
 * });
 */
export function defineEval<const D extends EvalDefinition>(definition: D): D {
  validateEvalDefinition(definition);
  return definition;
}

/** The eval's name (what its lock is keyed on), or undefined for an unnamed eval. */
export function evalName(definition: EvalDefinition): string | undefined {
  const spec = (definition as unknown as Readonly<Record<string, { name?: unknown } | undefined>>)[
    runnerOf(definition)
  ];
  return typeof spec?.name === "string" ? spec.name : undefined;
}
