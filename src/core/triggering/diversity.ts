/**
 * The diversity gate: a trigger rate measured on ten rewordings of one sentence measures that
 * sentence, not the skill. A prompt set must be large enough and hold no near-duplicates, judged by
 * normalised compression distance, and it is checked before any run spends a token.
 */
import { InvalidOptionError, VigilesError } from "../errors.js";
import { ncdPairs } from "../ncd.js";

/**
 * Pairs closer than this are near-duplicates. Chosen on measured sets (see test/triggering/ncd-threshold.test.ts):
 * 201 pairs of hand-written, topically alike prompts (four skills, 10-12 prompts each) were all at or
 * above 0.52; wrapped ("Please …, thanks"), one-word-swapped, reordered, typo'd and numbered copies were
 * all at or below 0.45, and a one-template set ("Write a commit message for X") sat at 0.36-0.41.
 */
export const DEFAULT_NEAR_DUPLICATE_DISTANCE = 0.48;

/** The default floor on the number of prompts. */
export const DEFAULT_MIN_PROMPTS = 10;

/** Options of {@link checkPromptDiversity}. */
export interface DiversityOptions {
  /** At least this many prompts (default 10). */
  readonly minPrompts?: number;
  /** Pairs with a distance below this are rejected (default {@link DEFAULT_NEAR_DUPLICATE_DISTANCE}). */
  readonly minDistance?: number;
  /** What the set is called in messages, e.g. `prompts` or `irrelevantPrompts`. */
  readonly label?: string;
}

/** The prompt set is too small or holds near-duplicates; thrown before any run. */
export class PromptSetNotDiverseError extends VigilesError {
  /** The closest pair, when the set failed on distance. */
  readonly pair?: { readonly a: string; readonly b: string; readonly distance: number };

  constructor(message: string, pair?: { a: string; b: string; distance: number }) {
    super("VIGILES_PROMPTS_NOT_DIVERSE", message);
    if (pair) this.pair = pair;
  }
}

/** What the gate measured on a set that passed. */
export interface DiversityResult {
  readonly count: number;
  /** The smallest pairwise distance (1 for a single prompt). */
  readonly minDistance: number;
}

const quote = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

/**
 * Throws {@link PromptSetNotDiverseError} when `prompts` is smaller than `minPrompts` or two prompts
 * are closer than `minDistance`; the message names the pair and their distance.
 */
export function checkPromptDiversity(
  prompts: readonly string[],
  options: DiversityOptions = {},
): DiversityResult {
  const label = options.label ?? "prompts";
  const minPrompts = options.minPrompts ?? DEFAULT_MIN_PROMPTS;
  const minDistance = options.minDistance ?? DEFAULT_NEAR_DUPLICATE_DISTANCE;
  if (!Number.isInteger(minPrompts) || minPrompts < 1) {
    throw new InvalidOptionError(`minPrompts must be a positive integer, got ${String(minPrompts)}.`);
  }
  if (!(minDistance >= 0 && minDistance <= 1)) {
    throw new InvalidOptionError(
      `The near-duplicate distance must lie in [0, 1], got ${String(minDistance)}.`,
    );
  }
  for (const [k, p] of prompts.entries()) {
    if (typeof p !== "string" || p.trim() === "") {
      throw new InvalidOptionError(`${label}[${k}] is empty; every prompt must be a non-empty string.`);
    }
  }
  if (prompts.length < minPrompts) {
    throw new PromptSetNotDiverseError(
      `${label} has ${prompts.length} prompt(s); at least ${minPrompts} are needed for a rate worth reading. ` +
        `Add varied prompts (different wording, length and intent), or lower minPrompts knowingly.`,
    );
  }
  const pairs = ncdPairs(prompts);
  const closest = pairs[0];
  if (closest && closest.distance < minDistance) {
    const a = prompts[closest.i] as string;
    const b = prompts[closest.j] as string;
    throw new PromptSetNotDiverseError(
      `${label}[${closest.i}] ${quote(a)} and ${label}[${closest.j}] ${quote(b)} are near-duplicates ` +
        `(normalised compression distance ${closest.distance.toFixed(3)} < ${minDistance}). ` +
        `A copy-pasted set measures one phrasing, not the skill: reword or replace one of them.`,
      { a, b, distance: closest.distance },
    );
  }
  return { count: prompts.length, minDistance: closest ? closest.distance : 1 };
}

/**
 * Keeps the first of every group of near-duplicates (for generated prompts, where dropping is
 * the right answer rather than rejecting).
 */
export function dropNearDuplicates(
  prompts: readonly string[],
  minDistance = DEFAULT_NEAR_DUPLICATE_DISTANCE,
): string[] {
  const dropped = new Set<number>();
  for (const pair of ncdPairs(prompts)) {
    if (pair.distance >= minDistance) break;
    if (!dropped.has(pair.i) && !dropped.has(pair.j)) dropped.add(pair.j);
  }
  return prompts.filter((_, k) => !dropped.has(k));
}
