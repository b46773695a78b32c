/**
 * "Did you mean …?" for a mistyped command or flag: the closest known name by edit distance, when it
 * is close enough to be a typo rather than a different word.
 */

/** Levenshtein distance (insert, delete, substitute; each costs 1). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitute));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known name closest to `typed`, or undefined when none is within a third of its length (at
 * least 1, at most 3 edits), or when `typed` is a prefix of exactly one name.
 *
 * @example
 * closestName("tset", ["test", "audit"]); // "test"
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const prefixed = known.filter((k) => typed.length >= 2 && k.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0];
  const limit = Math.min(3, Math.max(1, Math.ceil(typed.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(typed, name);
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
