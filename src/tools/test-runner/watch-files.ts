/**
 * The file watcher of `vigiles test --watch` when Vitest does not run the files: one recursive
 * `fs.watch` on the project, changes gathered for a short debounce, then the harness files they
 * affect rerun. A run in progress finishes first; changes during it start one more run after it.
 */
import { existsSync, watch, type FSWatcher } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

/** Folders whose changes never rerun anything: installed packages and git's own files. */
const IGNORED_SEGMENTS = new Set(["node_modules", ".git"]);

const HARNESS_FILE = /\.harness\.(?:mjs|js|mts|ts)$/;

export interface WatchFilesOptions {
  /** The folder watched (recursively): the project, so hook scripts and settings count too. */
  readonly root: string;
  /** Paths whose changes are the run's own output (a junit file, a coverage dir): never a trigger. */
  readonly ignore?: readonly string[];
  readonly debounceMs?: number;
  readonly signal: AbortSignal;
  /** Runs after a quiet debounce with the absolute paths that changed. */
  readonly onChange: (changed: readonly string[]) => Promise<void>;
}

/** Whether a change at `path` (absolute) should rerun anything. */
export function isWatched(path: string, root: string, ignore: readonly string[] = []): boolean {
  const rel = relative(root, path);
  if (rel === "" || rel.startsWith("..")) return false;
  if (rel.split(sep).some((segment) => IGNORED_SEGMENTS.has(segment))) return false;
  return !ignore.some((i) => {
    const under = relative(resolve(i), path);
    return under === "" || !(under.startsWith("..") || isAbsolute(under));
  });
}

/**
 * The harness files to rerun for a set of changed paths: only the edited harness files when every
 * change is one (a file's test is in the file), else every file: a hook script, a settings file or
 * a fixture can change what any harness file sees, and a rerun that missed one would be a green lie.
 */
export function affectedFiles(changed: readonly string[], all: () => readonly string[]): string[] {
  const existing = changed.filter((p) => existsSync(p));
  if (existing.length > 0 && existing.every((p) => HARNESS_FILE.test(p)))
    return [...new Set(existing)].sort();
  if (existing.length === 0 && changed.every((p) => HARNESS_FILE.test(p))) return [];
  return [...all()];
}

/** Watches until the signal aborts; resolves then. */
export function watchFiles(options: WatchFilesOptions): Promise<void> {
  const debounceMs = options.debounceMs ?? 200;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const flush = async (): Promise<void> => {
    timer = undefined;
    if (running !== undefined || pending.size === 0) return;
    const changed = [...pending];
    pending = new Set();
    running = options.onChange(changed).finally(() => {
      running = undefined;
      // Changes made while the run went on start one more run.
      if (pending.size > 0 && !options.signal.aborted) timer = setTimeout(() => void flush(), debounceMs);
    });
    await running;
  };

  return new Promise((done) => {
    if (options.signal.aborted) return done();
    const watcher: FSWatcher = watch(options.root, { recursive: true }, (_event, name) => {
      if (name === null) return;
      const path = resolve(options.root, name.toString());
      if (!isWatched(path, options.root, options.ignore)) return;
      pending.add(path);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), debounceMs);
    });
    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      watcher.close();
      void (running ?? Promise.resolve()).finally(done);
    };
    options.signal.addEventListener("abort", stop, { once: true });
  });
}
