/**
 * `--shard i/n`: which trials a shard runs. A trial goes to shard `(trial + arm index) mod n`, so every
 * shard gets about the same number of trials of every arm (plain round-robin over the grid would put
 * whole arms on one shard when the arm count and n share a factor).
 */
import { InvalidOptionError } from "../errors.js";

export interface Shard {
  /** 1-based, as `--shard 2/4` says it. */
  readonly index: number;
  readonly total: number;
}

/** Parses `i/n` (1 <= i <= n). */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const total = match ? Number(match[2]) : NaN;
  if (!match || total < 1 || index < 1 || index > total) {
    throw new InvalidOptionError(`--shard must be "i/n" with 1 <= i <= n (e.g. "2/4"), got "${text}".`);
  }
  return { index, total };
}

/** True when trial `trial` of the arm at `armIndex` belongs to `shard`. */
export function inShard(trial: number, armIndex: number, shard: Shard | undefined): boolean {
  return shard === undefined || (trial + armIndex) % shard.total === shard.index - 1;
}
