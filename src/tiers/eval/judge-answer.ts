/**
 * What the default judge asks the model and how it reads the answer. The answer must hold one JSON
 * verdict, `{"score": <0..1>, "reason": "…"}`, possibly inside a code fence or beside prose; anything
 * else is a `JudgeAnswerError`, never a guess. A score out of range is refused rather than clamped:
 * "8" on a 0-1 rubric means the judge read another scale, and clamping it would turn that into a pass.
 */
import { JudgeAnswerError } from "./errors.js";

/** The prompt the default judge sends: the rubric, then the output fenced so it cannot pose as instructions. */
export function judgePrompt(rubric: string, output: string): string {
  return [
    "Grade the OUTPUT below against the RUBRIC. Reply with one JSON object and nothing else:",
    '{"score": <a number from 0 to 1>, "reason": "<one sentence>"}',
    `RUBRIC:\n${rubric}`,
    `OUTPUT:\n<<<\n${output}\n>>>`,
  ].join("\n\n");
}

/** A verdict read from the judge's answer. */
export interface ParsedJudgeAnswer {
  readonly score: number;
  readonly reason?: string;
}

/** Every balanced `{…}` span of `text` (strings respected), outermost first. */
function objectSpans(text: string): string[] {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === "{") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) spans.push(text.slice(start, i + 1));
    }
  }
  return spans;
}

const clip = (s: string): string => JSON.stringify(s.length > 200 ? `${s.slice(0, 197)}...` : s);

/** Reads the verdict from the judge model's answer; throws JudgeAnswerError when there is none. */
export function parseJudgeAnswer(answer: string): ParsedJudgeAnswer {
  const verdicts: { score: unknown; reason: unknown }[] = [];
  for (const span of objectSpans(answer)) {
    let value: unknown;
    try {
      value = JSON.parse(span);
    } catch {
      continue;
    }
    if (value && typeof value === "object" && !Array.isArray(value) && "score" in value) {
      const v = value as { score: unknown; reason?: unknown };
      verdicts.push({ score: v.score, reason: v.reason });
    }
  }
  if (verdicts.length === 0) {
    throw new JudgeAnswerError(
      `paid_judge: the judge's answer holds no JSON verdict {"score": 0..1}: ${clip(answer)}. ` +
        "Nothing was scored; a rubric that asks for another format (a grade, a 1-10 scale) needs rewording.",
      answer,
    );
  }
  const scores = new Set(verdicts.map((v) => v.score));
  if (scores.size > 1) {
    throw new JudgeAnswerError(
      `paid_judge: the judge's answer holds ${verdicts.length} verdicts that disagree (scores ${[...scores].map(String).join(", ")}): ${clip(answer)}.`,
      answer,
    );
  }
  const [verdict] = verdicts as [{ score: unknown; reason: unknown }];
  const score = verdict.score;
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1) {
    throw new JudgeAnswerError(
      `paid_judge: the judge scored ${JSON.stringify(score)}, not a number from 0 to 1: ${clip(answer)}. ` +
        "A score on another scale is refused, not clamped.",
      answer,
    );
  }
  return typeof verdict.reason === "string" && verdict.reason !== ""
    ? { score, reason: verdict.reason }
    : { score };
}
