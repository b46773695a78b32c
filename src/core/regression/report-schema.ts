import { z } from "zod";
import type { EvalReport } from "../eval-report.js";

const usage = z.looseObject({
  costUsd: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  durationMs: z.number(),
});

const metric = z.looseObject({
  mean: z.number(),
  std: z.number(),
  se: z.number(),
  n: z.number().int().nonnegative(),
  passK: z.boolean(),
  kind: z.enum(["rate", "score"]),
  wilson: z.tuple([z.number(), z.number()]).optional(),
});

const row = z.looseObject({
  arm: z.string(),
  trial: z.number(),
  case: z.string().optional(),
  metrics: z.record(z.string(), z.union([z.number(), z.boolean()])),
  usage,
  cached: z.boolean().optional(),
  messages: z.record(z.string(), z.string()).optional(),
  error: z.string().optional(),
});

/** The shape of an {@link EvalReport}, checked when a report or baseline is read from disk. */
export const evalReportSchema = z.looseObject({
  version: z.literal(1),
  name: z.string().optional(),
  arms: z.record(
    z.string(),
    z.looseObject({
      metrics: z.record(z.string(), metric),
      usage,
      trials: z.number(),
    }),
  ),
  totalCostUsd: z.number(),
  costBasis: z.enum(["estimate", "mock"]).optional(),
  aborted: z.boolean().optional(),
  rows: z.array(row).optional(),
  checks: z.record(z.string(), z.unknown()).optional(),
});

/** Parses unknown JSON as an EvalReport, or returns the first problems found, one per line. */
export function parseEvalReport(
  value: unknown,
): { ok: true; report: EvalReport } | { ok: false; problems: string } {
  const r = evalReportSchema.safeParse(value);
  if (r.success) return { ok: true, report: r.data as EvalReport };
  return { ok: false, problems: z.prettifyError(r.error) };
}
