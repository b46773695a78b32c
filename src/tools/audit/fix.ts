/**
 * `vigiles audit --fix`: applies the safe mechanical fixes (quote the plugin root, drop the
 * duplicate manifest entry, prefix a plugin component path with `./`), writing each file
 * atomically (temp file, then rename).
 */
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import { resolve } from "node:path";
import { applyEdits } from "../../core/audit/apply-edits.js";
import type { TextEdit } from "../../core/audit/types.js";
import { auditHarness, type AuditOptions, type AuditReport } from "./static-audit.js";

/** What `fixHarness` did: the files it rewrote, how many findings it fixed, and the audit afterwards. */
export interface FixResult {
  /** Files rewritten (paths as findings name them). */
  readonly filesChanged: string[];
  /** Findings fixed. */
  readonly fixed: number;
  /** The audit after the fixes. */
  readonly report: AuditReport;
}

/**
 * Applies every safe fix under `dir`, re-auditing after each pass (a pass may uncover another
 * fixable finding, or two fixes may touch the same string) until nothing fixable is left.
 */
export function fixHarness(dir: string, options: AuditOptions = {}): FixResult {
  const changed = new Set<string>();
  let fixed = 0;
  let report = auditHarness(dir, options);
  for (let pass = 0; pass < 5; pass++) {
    const byFile = new Map<string, TextEdit[]>();
    for (const f of report.findings) {
      if (!f.edits) continue;
      fixed++;
      for (const e of f.edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
    }
    if (byFile.size === 0) break;
    for (const [file, edits] of byFile) {
      const path = resolve(report.root, file);
      // Keep the first of overlapping edits; the next pass sees the rest afresh.
      const kept: TextEdit[] = [];
      for (const e of [...edits].sort((a, b) => a.start - b.start)) {
        const last = kept[kept.length - 1];
        if (last === undefined || e.start >= last.end) kept.push(e);
      }
      writeFileAtomic(path, applyEdits(readFileSync(path, "utf8"), kept));
      changed.add(file);
    }
    report = auditHarness(dir, options);
  }
  return { filesChanged: [...changed].sort(), fixed, report };
}
