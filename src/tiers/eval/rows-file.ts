/**
 * Trial rows streamed to a JSONL file as trials finish, so a long eval keeps flat memory and a crash
 * keeps every finished row. The first line is a versioned header.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { TrialRow } from "../../core/eval-report.js";
import { VigilesError } from "../../core/errors.js";

export const ROWS_FORMAT = "vigiles.eval-rows";
export const ROWS_VERSION = 1;

export class RowsWriter {
  private fd: number | undefined;
  count = 0;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, "w");
    writeSync(this.fd, JSON.stringify({ format: ROWS_FORMAT, version: ROWS_VERSION }) + "\n");
  }

  write(row: TrialRow): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, JSON.stringify(row) + "\n");
    this.count++;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Reads a rows file back; rejects another format or a newer version. */
export function readRowsFile(path: string): TrialRow[] {
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const header = JSON.parse(lines[0] ?? "null") as { format?: string; version?: number } | null;
  if (header?.format !== ROWS_FORMAT || typeof header.version !== "number" || header.version > ROWS_VERSION) {
    throw new VigilesError(
      "VIGILES_ROWS_FORMAT",
      `${path} is not a vigiles rows file this version reads (header ${JSON.stringify(header)}, expected ${ROWS_FORMAT} v<=${ROWS_VERSION}).`,
    );
  }
  return lines.slice(1).map((l) => JSON.parse(l) as TrialRow);
}
