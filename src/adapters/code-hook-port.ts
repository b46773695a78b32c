/**
 * The part of the adapter port for hooks a harness runs as code in its own process (OpenCode's
 * plugins) rather than as registered commands: `HarnessEntry.codeHooks`. explain, init, mutate and
 * the conformance corpus read them through this, never by the harness's name.
 */
import type { LintFinding } from "../core/audit/types.js";
import type { CodeHookItem, CodeHookMutantKind } from "../core/mutate/types.js";
import type { HookFire } from "../core/trace.js";

/** One module of code hooks, as the harness would load it. */
export interface CodeHookModule {
  /** Relative to the root, `/` separators (how the Trace's load fire names it). */
  readonly file: string;
  /** Absolute. */
  readonly path: string;
  /** The events it declares (read from its source), each with what a hook's answer does there. */
  readonly hooks: readonly { readonly event: string; readonly meaning: string }[];
  /** What the audit finds that would keep the harness from loading it. */
  readonly findings: readonly LintFinding[];
}

/** One call a code hook is run on outside the harness: the event, and the tool and its input. */
export interface CodeHookCall {
  /** In the harness's name. */
  readonly event: string;
  /** In Claude Code's name or the harness's. */
  readonly tool?: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** What one run of a module's hook showed besides its decision (read from the host's stdout). */
export interface CodeHookRunDetail {
  /** Why the harness would drop the module: its hook never runs. */
  readonly loadError?: string;
  /** The tool's arguments after the hook, when it changed them. */
  readonly changedArgs?: Readonly<Record<string, unknown>>;
}

/** A starter test for a harness's code hooks, in the runner's words. */
export interface CodeHookStarterInput {
  readonly modules: readonly CodeHookModule[];
  /** The project root as the test file reaches it (relative, ends in `/`). */
  readonly toRoot: string;
  /** The runner's import line of `test` (absent: vigiles' own). */
  readonly testImport?: string;
  /** The per-test timeout argument (`, 120_000`) or "". */
  readonly timeout: string;
  /** One line that says how to run the file. */
  readonly runWith: string;
}

/** What one code-hook conformance case shows, predicted or observed: flat values compared as they are. */
export type CodeConformanceObservation = Readonly<Record<string, string | boolean>>;

/**
 * One conformance case of a harness whose hooks are code: modules and a scripted call, the free
 * tier's prediction of what the real CLI does with them, and how a real run shows it.
 */
export interface CodeConformanceCase {
  /** Stable: `<harness>/plugins/<slug>`. */
  readonly id: string;
  /** What it pins, in one line. */
  readonly what: string;
  /** Project files (the modules, fixtures), relative to the work dir. */
  readonly files: Readonly<Record<string, string>>;
  /** The one scripted call, in Claude Code's names. */
  readonly call: { readonly tool: string; readonly input: Readonly<Record<string, unknown>> };
  /** The free tier's prediction, with `files` written under `root`. */
  predict(root: string): Promise<CodeConformanceObservation>;
  /** The real run read back: its hook fires and its work dir's files. */
  observe(run: {
    readonly hooks: readonly HookFire[];
    file(path: string): string | null;
  }): CodeConformanceObservation;
}

/** A harness's code hooks, as the tools read and run them. */
export interface CodeHooks {
  /** The modules, as help texts name them (`.opencode/plugin/*.{ts,js}`). */
  readonly files: string;
  /** Every module of `root`, in the harness's load order. */
  list(root: string): readonly CodeHookModule[];
  /**
   * The argv that runs `module`'s hook on one call through the hook protocol (a throw is exit 2 with
   * its message on stderr, a module that does not load exits 0 and says so on stdout), or why it
   * cannot run outside the harness (a TypeScript plugin under Node).
   */
  hostArgv(
    module: CodeHookModule,
    root: string,
    call: CodeHookCall,
  ): readonly string[] | { readonly refused: string };
  /** The paths the host reads besides the project (bound read-only in a confined run). */
  readonly hostPaths: readonly string[];
  /** Reads the host's stdout of one run. */
  runDetail(stdout: string): CodeHookRunDetail;
  /** The starter test file `vigiles init` writes for the modules, or undefined when none has a guard. */
  starter(input: CodeHookStarterInput): string | undefined;
  /** The breakages `vigiles mutate` makes of a module, each with why it cannot change it, if so. */
  breakages(module: CodeHookModule): CodeHookItem["breakages"];
  /** Writes one breakage into the module `file` of the temp copy at `copyRoot` (never the user's tree). */
  applyBreakage(copyRoot: string, file: string, kind: CodeHookMutantKind): void;
  /** Its conformance corpus (`npm run conformance -- --harness <id>`). */
  readonly conformance?: readonly CodeConformanceCase[];
}
