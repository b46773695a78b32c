/** `vigiles mutate --since <rev>`: the items whose files git reports changed since a revision. */
import type { MutatedItem } from "../../core/mutate/types.js";
import { runProcess } from "../../runtime/process.js";
import { itemFiles } from "./inventory.js";
import { MutateSetupError } from "./options.js";

export async function changedFiles(
  root: string,
  rev: string,
  signal: AbortSignal | undefined,
): Promise<Set<string>> {
  const r = await runProcess({
    argv: ["git", "diff", "--name-only", "--relative", rev],
    cwd: root,
    env: process.env,
    ...(signal ? { signal } : {}),
  });
  if (r.exitCode !== 0)
    throw new MutateSetupError(
      `--since ${JSON.stringify(rev)}: git diff failed (${r.stderr.trim() || r.spawnError?.message || `exit ${r.exitCode}`}); pass a revision of this repository.`,
    );
  return new Set(r.stdout.split("\n").filter(Boolean));
}

/** True when one of the item's files (or a file under one of its folders) changed. */
export function touchedSince(item: MutatedItem, changed: ReadonlySet<string>): boolean {
  return itemFiles(item).some((f) =>
    f.endsWith("/") ? [...changed].some((c) => c.startsWith(f)) : changed.has(f),
  );
}
