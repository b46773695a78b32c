/**
 * The case and grader schema of Claude Code 2.1.328's `claude plugin eval`, restated from its
 * bundled zod schema key by key. Graders are strict (an unknown key is refused); the case object and
 * its `context` and `execution` maps are not (the CLI strips unknown keys there without a word,
 * which the audit rule `plugin-eval-unknown-case-key` reports).
 */
import { z } from "zod";

const weight = z.number().positive().default(1);
/** `with-only`: scored in the with arm only; `both`: scored in both arms; unset: the CLI decides. */
const arm = z.enum(["with-only", "both"]).optional();

/** What a regex reads or an llm judge sees. */
export const graderTargetSchema = z.union([
  z.enum(["trace", "last_message", "files", "mock_calls"]),
  z.discriminatedUnion("source", [z.strictObject({ source: z.literal("file"), path: z.string() })]),
]);

/** A tool named bare or with a regex over its compact JSON input. */
const toolRef = z.union([
  z.string().transform((tool) => ({ tool, input_match: undefined as string | undefined })),
  z.strictObject({ tool: z.string(), input_match: z.string().optional() }),
]);

const regexGrader = z.strictObject({
  type: z.literal("regex"),
  name: z.string(),
  target: graderTargetSchema.default("last_message"),
  pattern: z.string(),
  flags: z
    .string()
    .regex(/^[dgimsuvy]*$/, "must be JS RegExp flags (d g i m s u v y)")
    .default(""),
  match: z
    .union([
      z.enum(["contains", "not_contains"]),
      z.string().regex(/^count:\d+$/, "must be contains | not_contains | count:N"),
    ])
    .default("contains"),
  weight,
  arm,
});

const toolOrderGrader = z.strictObject({
  type: z.literal("tool_order"),
  name: z.string(),
  before: toolRef,
  after: toolRef,
  weight,
  arm,
});

const toolUsedGrader = z.strictObject({
  type: z.literal("tool_used"),
  name: z.string(),
  tool: z.string(),
  input_match: z.string().optional(),
  min: z.number().int().nonnegative().optional(),
  max: z.number().int().nonnegative().optional(),
  weight,
  arm,
});

const fileExistsGrader = z.strictObject({
  type: z.literal("file_exists"),
  name: z.string(),
  path: z.string(),
  exists: z.boolean().default(true),
  weight,
  arm,
});

const llmGrader = z.strictObject({
  type: z.literal("llm"),
  name: z.string(),
  criteria: z.string(),
  focus: graderTargetSchema.default("last_message"),
  weight,
  arm,
});

const baselineGrader = z.strictObject({
  type: z.literal("baseline"),
  name: z.string(),
  baseline_file: z.string(),
  criteria: z.string(),
  weight,
  arm,
});

/** One grader, by its `type`. */
export const graderSchema = z.discriminatedUnion("type", [
  regexGrader,
  toolOrderGrader,
  toolUsedGrader,
  fileExistsGrader,
  llmGrader,
  baselineGrader,
]);

/** The whole case after prose and case.yaml are merged. */
export const caseSchema = z.object({
  schema_version: z.string(),
  name: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  plugins: z.array(z.string()).optional(),
  context: z
    .object({
      scaffold_script: z.string().optional(),
      history_file: z.string().optional(),
      add_dirs: z.array(z.string()).default([]),
    })
    .default({ add_dirs: [] }),
  execution: z.object({
    prompt: z.string().optional(),
    max_turns: z.number().int().positive().max(200).default(10),
    timeout_seconds: z.number().int().positive().max(3600).default(300),
    model: z.string().optional(),
    allowed_tools: z.array(z.string()).default([]),
    disallowed_tools: z.array(z.string()).optional(),
    artifact_publish: z.boolean().optional(),
    growthbook_overrides: z
      .record(z.string(), z.union([z.boolean(), z.string(), z.number(), z.null()]))
      .optional(),
    append_system_prompt: z.string().optional(),
    env: z.record(z.string(), z.string()).default({}),
  }),
  runs: z.number().int().positive().max(50).default(3),
  graders: z
    .array(graderSchema)
    .min(1)
    .superRefine((graders, ctx) => {
      const seen = new Set<string>();
      for (const g of graders) {
        if (seen.has(g.name)) ctx.addIssue({ code: "custom", message: `duplicate grader name "${g.name}"` });
        seen.add(g.name);
      }
    }),
  expected_outcome: z.string().optional(),
});

/** A grader as the CLI holds it after defaults. */
export type Grader = z.output<typeof graderSchema>;
/** The six grader types. */
export type GraderType = Grader["type"];
/** What a regex reads or an llm judge sees. */
export type GraderTarget = z.output<typeof graderTargetSchema>;
/** A case as the CLI holds it after defaults; `execution.prompt` is always set once read. */
export type SuiteCaseDefinition = z.output<typeof caseSchema> & {
  readonly execution: { readonly prompt: string };
};
/** The six types, in the CLI's order. */
export const GRADER_TYPES: readonly GraderType[] = [
  "regex",
  "tool_order",
  "tool_used",
  "file_exists",
  "llm",
  "baseline",
];
