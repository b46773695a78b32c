/** `--shard i/n`: which trials a shard runs. Round-robin by position, so every shard gets every arm. */
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

/** True when the trial at `position` (0-based, in grid order) belongs to `shard`. */
export function inShard(position: number, shard: Shard | undefined): boolean {
  return shard === undefined || position % shard.total === shard.index - 1;
}
