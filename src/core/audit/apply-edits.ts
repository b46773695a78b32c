/** Applies a safe fix's text edits to one file's text. */
import { VigilesError } from "../errors.js";
import type { TextEdit } from "./types.js";

/**
 * Applies non-overlapping edits (offsets into `text` as read). Edits are applied from the end so
 * earlier offsets stay valid; overlapping edits are an error rather than a corrupted file.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.start < 0 || edit.end > text.length || edit.start > edit.end) {
      throw new VigilesError(
        "VIGILES_FIX_RANGE",
        `Edit [${edit.start}, ${edit.end}) is outside ${edit.file} (${text.length} characters).`,
      );
    }
    if (edit.end > limit) {
      throw new VigilesError(
        "VIGILES_FIX_OVERLAP",
        `Two fixes overlap in ${edit.file} at offset ${edit.start}; run --fix again after this one.`,
      );
    }
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}
