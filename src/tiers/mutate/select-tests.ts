/**
 * Which tests exercised which item, from the coverage records the baseline run wrote (one
 * directory per test file, so a record names its file).
 */
import { testMatcher } from "../../core/hook-config/matcher.js";
import type { MutatedItem } from "../../core/mutate/types.js";
import type { CoverageRecord } from "../../runtime/coverage-record.js";

const sameName = (recorded: string | undefined, name: string) =>
  recorded !== undefined && (recorded === name || recorded.endsWith(`:${name}`));

/** True when the record shows the item was exercised. */
export function recordTouches(record: CoverageRecord, item: MutatedItem): boolean {
  const id = record.identity;
  switch (item.kind) {
    case "hook": {
      if (record.kind !== "hook" || id.event !== item.event) return false;
      if (id.command !== undefined) {
        const cmd = id.command;
        return item.sources.length > 0
          ? item.sources.some((s) => cmd.includes(s))
          : cmd.includes(item.command);
      }
      // A harness run reports the event and the matcher value only.
      return id.target === undefined || testMatcher(item.matcher, id.target).matches;
    }
    case "program":
      return (
        record.kind === "hook" &&
        ((id.file !== undefined && id.file.endsWith(item.file)) ||
          (id.command !== undefined && id.command.includes(item.file)))
      );
    case "skill":
      return record.kind === "skill" && sameName(id.name, item.name);
    case "agent":
      return record.kind === "agent" && sameName(id.name, item.name);
    default: {
      const never: never = item;
      return never;
    }
  }
}

/** The test files (as given) whose records touch the item. */
export function testsTouching(
  recordsByFile: ReadonlyMap<string, readonly CoverageRecord[]>,
  item: MutatedItem,
): string[] {
  return [...recordsByFile]
    .filter(([, records]) => records.some((r) => recordTouches(r, item)))
    .map(([file]) => file);
}
