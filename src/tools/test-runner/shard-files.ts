/** The files of one shard of a `vigiles test` run (`--shard i/n`). */
import type { Shard } from "../../core/eval/shard.js";

/** Files `(i-1)*N/n` up to `i*N/n` of the sorted list: every file in exactly one shard. */
export function shardOf(files: readonly string[], shard: Shard): string[] {
  const from = Math.floor(((shard.index - 1) * files.length) / shard.total);
  const to = Math.floor((shard.index * files.length) / shard.total);
  return files.slice(from, to);
}
