/**
 * The trial cache: one JSON file per trial key under `<dir>/<key[0..2]>/<key>.json`, written atomically
 * (temp file + rename). The file carries a format name and version; an entry that does not parse, has
 * another version or another key is reported as corrupt and the trial re-runs (and is re-recorded).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CACHE_FORMAT_VERSION } from "../../core/eval/cache-key.js";
import type { CacheMode } from "../../core/eval/spec.js";
import { writeFileAtomic } from "../../runtime/atomic-write.js";
import type { RecordedTrace } from "./recorded-trace.js";

export const CACHE_FORMAT = "vigiles.eval-cache";
export const DEFAULT_CACHE_DIR = ".vigiles-cache/eval";

interface CacheEntry {
  readonly format: typeof CACHE_FORMAT;
  readonly version: number;
  readonly key: string;
  readonly driverIdentity: string;
  readonly recordedAt: string;
  readonly trace: RecordedTrace;
}

export type CacheLookup =
  | { readonly kind: "hit"; readonly trace: RecordedTrace }
  | { readonly kind: "miss" }
  | { readonly kind: "corrupt"; readonly path: string; readonly reason: string };

export class TrialCache {
  readonly mode: CacheMode;
  readonly dir: string;
  reads = 0;
  hits = 0;
  writes = 0;

  constructor(mode: CacheMode, dir: string = DEFAULT_CACHE_DIR) {
    this.mode = mode;
    this.dir = dir;
  }

  get readable(): boolean {
    return this.mode === "readwrite" || this.mode === "read";
  }

  get writable(): boolean {
    return this.mode === "readwrite" || this.mode === "write";
  }

  pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  lookup(key: string): CacheLookup {
    if (!this.readable) return { kind: "miss" };
    this.reads++;
    const path = this.pathOf(key);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "miss" };
      return { kind: "corrupt", path, reason: `unreadable: ${(error as Error).message}` };
    }
    const reason = invalidReason(text, key);
    if (typeof reason === "string") return { kind: "corrupt", path, reason };
    this.hits++;
    return { kind: "hit", trace: reason.trace };
  }

  store(key: string, driverIdentity: string, trace: RecordedTrace): void {
    if (!this.writable) return;
    const entry: CacheEntry = {
      format: CACHE_FORMAT,
      version: CACHE_FORMAT_VERSION,
      key,
      driverIdentity,
      recordedAt: new Date().toISOString(),
      trace,
    };
    writeFileAtomic(this.pathOf(key), JSON.stringify(entry));
    this.writes++;
  }
}

function invalidReason(text: string, key: string): string | CacheEntry {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch (error) {
    return `not JSON (${(error as Error).message})`;
  }
  if (!entry || typeof entry !== "object") return "not an object";
  const e = entry as Partial<CacheEntry>;
  if (e.format !== CACHE_FORMAT) return `format is ${JSON.stringify(e.format)}, expected "${CACHE_FORMAT}"`;
  if (e.version !== CACHE_FORMAT_VERSION) {
    return `version ${String(e.version)}, this vigiles reads version ${CACHE_FORMAT_VERSION}`;
  }
  if (e.key !== key) return `recorded under key ${String(e.key)}`;
  const t = e.trace;
  if (
    !t ||
    typeof t !== "object" ||
    !Array.isArray(t.toolCalls) ||
    typeof t.output !== "string" ||
    !t.files
  ) {
    return "the recorded trace is incomplete";
  }
  return e as CacheEntry;
}
