/**
 * The line accumulator of every JSONL stream reader: stdout arrives in chunks that cut lines
 * anywhere, so a line is read only once its newline came (or the stream ended). Each complete line
 * that parses as a JSON object is an event; any other non-blank line is a stray line (trimmed), kept for
 * the diagnosis (a CLI's crash message, a warning printed on stdout).
 */
import { StringDecoder } from "node:string_decoder";
import { isRecord } from "../../core/is-record.js";

export type JsonlEvent = Record<string, unknown>;

export interface JsonlLineReaderOptions {
  /** Which events to keep (default all); one left out is neither an event nor a stray line. */
  readonly keep?: (event: JsonlEvent) => boolean;
  /** Told of each kept event as it arrives (a reader that stamps arrival times, or folds as it reads). */
  readonly onEvent?: (event: JsonlEvent) => void;
}

export class JsonlLineReader {
  private pending = "";
  // A chunk may end inside a multi-byte character: the decoder holds its first bytes for the next one.
  private readonly decoder = new StringDecoder("utf8");
  readonly events: JsonlEvent[] = [];
  readonly strayLines: string[] = [];

  constructor(private readonly options: JsonlLineReaderOptions = {}) {}

  push(chunk: Buffer | string): void {
    this.pending += typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    const lines = this.pending.split("\n");
    this.pending = lines.pop() ?? "";
    for (const line of lines) this.takeLine(line);
  }

  /** Reads the last line, which had no newline; call once, when the stream has ended. */
  finish(): void {
    this.takeLine(this.pending + this.decoder.end());
    this.pending = "";
  }

  private takeLine(line: string): void {
    const text = line.trim();
    if (text === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.strayLines.push(text);
      return;
    }
    if (!isRecord(parsed)) {
      this.strayLines.push(text);
      return;
    }
    if (this.options.keep && !this.options.keep(parsed)) return;
    this.events.push(parsed);
    this.options.onEvent?.(parsed);
  }
}
