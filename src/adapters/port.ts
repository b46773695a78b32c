/**
 * The adapter port: what one harness (Claude Code, Codex, a third) implements so the harness-agnostic
 * runners can drive it. A runner resolves the CLI, lets the adapter write its configuration into a
 * fresh work dir and HOME, asks it for the command line against a model endpoint, runs that command,
 * and feeds its stdout to the adapter's stream reader, which yields the parts of a Trace.
 *
 * The endpoint is an input of the launch, not something the adapter decides: the harness tier passes
 * its local mock, an eval driver passes a real model (base URL, key, model, effort). The mock wiring
 * (`startMock`) is kept apart from the launch so the same command line runs against either.
 */
import type { HookDialect } from "../core/dialect.js";
import type { ReleaseSurface } from "../core/surface.js";
import type {
  RegisteredHook,
  RegistrationReading,
  RegistrationSource,
} from "../core/hook-config/registration.js";
import type { LintFinding } from "../core/audit/types.js";
import type { CodeHooks } from "./code-hook-port.js";
import type { ModelTurnSource } from "../core/model-turn.js";
import type { HookFire, ModelRequest, ToolCall } from "../core/trace.js";

/**
 * A scripted model: the main agent's turns and each subagent's (keyed by the `subagent_type`, or the
 * `description`, of the call that started it, or `"*"`). Immutable: one script serves many runs.
 */
export interface ModelScript {
  readonly kind: "vigiles.model-script";
  readonly turns: readonly ModelTurnSource[];
  readonly agents: Readonly<Record<string, readonly ModelTurnSource[]>>;
  /** The model name the mock reports; undefined = the one the request asked for. */
  readonly model?: string;
}

/** A spec's `model`: a `scriptModel(...)` or a plain list of turns. */
export type ModelScriptInput = ModelScript | readonly ModelTurnSource[];

/** What a harness can report or do, as data (the capability matrix is generated from it). */
export interface HarnessCapabilities {
  /** The stream says which skill the model selected (Claude Code's Skill tool; Codex has none). */
  readonly skillSelectionEvents: boolean;
  /** Hook executions appear in the CLI's own event stream (Claude Code `--include-hook-events`). */
  readonly hookEventsInStream: boolean;
  /** A reasoning-effort level can be pinned for a run. */
  readonly effort: boolean;
  /** The adapter's runs can be confined with bubblewrap (and still reach the mock). */
  readonly confinement: boolean;
  /** Subagent tool calls carry the id of the call that started them. */
  readonly subagentParents: boolean;
  /** Plugins can be loaded from a directory for one run. */
  readonly pluginDirs: boolean;
}

/** Where the harness sends its model requests for one run. */
export interface ModelEndpoint {
  /** `mock`: a local mock this process owns (free tiers). `remote`: a real model (paid tiers only). */
  readonly kind: "mock" | "remote";
  /** The base URL the CLI is pointed at (ANTHROPIC_BASE_URL for Claude Code). */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The model name or alias passed to the CLI (`--model`); undefined = the CLI's default. */
  readonly model?: string;
  /** The reasoning effort; undefined = the harness default (an inherited setting is removed). */
  readonly effort?: string;
}

/** A CLI found on this machine. */
export interface ResolvedHarness {
  readonly adapterId: string;
  /** Absolute path of the executable. */
  readonly path: string;
  /** The version it reports, e.g. `2.1.328`. */
  readonly version: string;
  /** Where it was found. */
  readonly source: "option" | "env" | "node_modules" | "path";
}

/** Where an adapter looks for its CLI. */
export interface ResolveHarnessOptions {
  /** An explicit path to the CLI; wins over every other source. */
  readonly path?: string;
  /** Where node_modules lookup starts; defaults to the current directory. */
  readonly cwd?: string;
}

/** The private directories of one run. */
export interface RunDirs {
  /** The agent's working directory (fixture files live here). */
  readonly workDir: string;
  /** HOME for the CLI and its hooks. */
  readonly homeDir: string;
  /** A private temp dir (TMPDIR and the CLI's own temp state). */
  readonly tmpDir: string;
}

/** The harness-agnostic description of one session. */
export interface SessionSpec {
  /** One prompt, or several user turns sent one after another. */
  readonly prompt: string | readonly string[];
  /** A project directory copied into the work dir as it is (modes, symlinks, binaries), before `files`. */
  readonly projectDir?: string;
  /** Fixture files, relative to the work dir. */
  readonly files?: Readonly<Record<string, string>>;
  /** Harness settings; `{cwd}` in any string is replaced with the work dir. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Plugin directories loaded for the run. */
  readonly pluginDirs?: readonly string[];
  /** Skills by name: the SKILL.md text. */
  readonly skills?: Readonly<Record<string, string>>;
  /** Subagent definitions by name: the agent file's text. */
  readonly agents?: Readonly<Record<string, string>>;
  /** The project instruction file (CLAUDE.md / AGENTS.md). */
  readonly instructions?: string;
  /** Extra environment for the CLI and its hooks (never credentials or endpoints). */
  readonly env?: Readonly<Record<string, string>>;
  readonly maxTurns?: number;
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  /** The harness's permission mode; the adapter picks a non-interactive default. */
  readonly permissionMode?: string;
  /** Record hook executions from the stream. */
  readonly transcript?: boolean;
}

/** The command line of one run. */
export interface HarnessLaunch {
  readonly argv: readonly [string, ...string[]];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** Written to the CLI's stdin (several user turns), if any. */
  readonly input?: string;
  /** Paths outside the run's dirs the CLI must read; a confined run binds them read-only. */
  readonly readOnlyPaths?: readonly string[];
}

/** What an adapter's `launch` needs to build the CLI's command line: the resolved CLI, the spec, the run's dirs and the model endpoint. */
export interface LaunchInput {
  readonly harness: ResolvedHarness;
  readonly spec: SessionSpec;
  readonly dirs: RunDirs;
  readonly endpoint: ModelEndpoint;
  /** The process runs as root (Claude Code's bypass mode then needs IS_SANDBOX=1). */
  readonly asRoot: boolean;
}

/** One agent-loop summary from the stream. */
export interface StreamSummary {
  /** Every event the CLI printed, parsed, for debugging. */
  readonly events: readonly Readonly<Record<string, unknown>>[];
  /** Non-JSON lines on stdout. */
  readonly strayLines: readonly string[];
  readonly toolCalls: readonly ToolCall[];
  /** Hook fires from the stream; empty when the stream carries none. */
  readonly hooks: readonly HookFire[];
  readonly output: string;
  /** Turns the harness itself counted (summed over its agent loops). */
  readonly turns: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Cost the harness computed (meaningless against a mock). */
  readonly costUsd: number;
  /** The run ended in an error the harness reported (an API error, a crash of the loop). */
  readonly errorText?: string;
  /** Skills and tools the harness announced at start. */
  readonly announcedTools: readonly string[];
  readonly announcedSkills: readonly string[];
}

/** Reads a CLI's stdout as it arrives. */
export interface StreamReader {
  push(chunk: Buffer): void;
  finish(): StreamSummary;
}

/** Why a finished run cannot be trusted, as the adapter reads it; the runner turns it into an error. */
export type RunProblem =
  | { readonly kind: "flag-rejected"; readonly message: string }
  | { readonly kind: "unknown-tool"; readonly tool: string; readonly message: string }
  | { readonly kind: "crashed"; readonly message: string };

/** The output of a finished process, as the adapter needs it to diagnose the run. */
export interface FinishedProcess {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

/** A running mock model (the free tiers' endpoint). */
export interface RunningMock {
  readonly url: string;
  readonly port: number;
  readonly socketPath?: string;
  readonly requests: readonly ModelRequest[];
  readonly overruns: readonly string[];
  /** Main-agent turns answered with a message (errors and bookkeeping excluded). */
  readonly answeredTurns: () => number;
  /** The scripts (main agent, each started subagent) whose last turn was never served. */
  readonly unservedTurns: () => readonly UnservedTurns[];
  close(): Promise<void>;
}

/** A script that stopped before its last turn: whose it is, how far it got, and the turn that came next. */
export interface UnservedTurns {
  /** "main agent", or the subagent's label. */
  readonly label: string;
  /** Turns served (error turns included). */
  readonly served: number;
  readonly total: number;
  /** The next turn, described (its JSON head, or "a turn function"). */
  readonly next: string;
}

/** What a harness adapter implements. */
export interface HarnessAdapter {
  /** Stable id, e.g. `claude-code`. */
  readonly id: string;
  readonly displayName: string;
  /** The npm package and version this adapter is pinned to (for install hints and cache keys). */
  readonly pinnedPackage: { readonly name: string; readonly version: string };
  readonly capabilities: HarnessCapabilities;
  /**
   * Where the CLI reads machine-wide managed settings on Linux (e.g. `/etc/claude-code`). A confined
   * run masks it; a spec's `managedSettingsDir` is bound there instead.
   */
  readonly managedSettingsDir?: string;
  /** Finds the CLI; throws a named error with the install line when it is missing. */
  resolve(options?: ResolveHarnessOptions): Promise<ResolvedHarness>;
  /** Writes the harness's configuration (settings, skills, agents, instructions) for one run. */
  prepare(spec: SessionSpec, dirs: RunDirs): Promise<void>;
  /** The command line of one run against `endpoint`. */
  launch(input: LaunchInput): HarnessLaunch;
  /**
   * A reader for one run's stdout. It gets the run's dirs because a harness whose stream carries no
   * hook events (Codex) reads them from a recorder's log in the run's temp dir.
   */
  createStreamReader(dirs: RunDirs): StreamReader;
  /** Reads a finished run for the failures that must throw instead of returning a result. */
  diagnose(
    summary: StreamSummary,
    process: FinishedProcess,
    /** What reached the mock, for harnesses that tell the model (not the stream) about a bad call. */
    requests?: readonly ModelRequest[],
  ): RunProblem | undefined;
  /**
   * Machine-wide managed settings of this harness that would route or authenticate its requests
   * (they outrank every layer vigiles controls), as `<file> sets <key>`; an unconfined free-tier run
   * refuses to start while there are any. Omitted: the harness has none that can.
   */
  findManagedRouting?(): readonly string[];
  /** The pinned facts this harness's behaviour rests on, as runs `vigiles facts` repeats on any release. */
  readonly factProbes?: readonly FactProbe[];
  /** Starts this harness's mock model serving a script (listening on 127.0.0.1, port 0). */
  startMock(script: ModelScriptInput, options?: { readonly socketPath?: string }): Promise<RunningMock>;
}

/**
 * A fact probe: one pinned harness fact (docs/harness-facts.md) as a run that can be repeated on any
 * release of the CLI. The adapter that knows the fact declares the run (a scripted session against the
 * mock) and how to read its outcome; `vigiles facts` runs it through the harness tier and says whether
 * the fact still holds. Data plus a pure judge, so the adapter never imports the tier that runs it.
 */

/** The session a probe runs: the same fields a harness test spec takes, in the harness's own terms. */
export interface FactProbeSession {
  readonly prompt: string;
  readonly model: ModelScriptInput;
  /** Fixture files, relative to the work dir. */
  readonly files?: Readonly<Record<string, string>>;
  /** The harness's project settings (`{cwd}` becomes the work dir). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** A plugin under test, as files relative to its root (written to a temp dir for the run). */
  readonly pluginFiles?: Readonly<Record<string, string>>;
  /** Project skills by name: the SKILL.md text. */
  readonly skills?: Readonly<Record<string, string>>;
  /**
   * The probe's hooks fail on purpose (exit 1, an illegal verdict): the run must not be refused for
   * a crashed hook, since the crash is what is being observed.
   */
  readonly hooksMayCrash?: boolean;
}

/** What a probe's judge sees of the finished run. */
export interface FactProbeRun {
  readonly toolCalls: readonly ToolCall[];
  readonly hooks: readonly HookFire[];
  readonly output: string;
  readonly modelRequests: readonly ModelRequest[];
  /** The CLI's own stream events, parsed (the adapter that wrote the probe knows their shape). */
  readonly events: readonly Readonly<Record<string, unknown>>[];
  /** A file of the work dir after the run, or null. */
  file(path: string): string | null;
  /** Whether any request that reached the mock contains `text`. */
  requestContains(text: string): boolean;
}

/** A probe's verdict: the fact holds, or what the CLI did instead. */
export interface FactProbeVerdict {
  readonly holds: boolean;
  /** What the run showed, in a few words ("RAN was written: the tool ran"). */
  readonly observed: string;
}

export interface FactProbe {
  /** Stable id, e.g. `pretooluse-exit2-blocks`. */
  readonly id: string;
  /** The fact as the pinned release shows it. */
  readonly fact: string;
  /** Audit rules whose stated consequence rests on this fact. */
  readonly rules: readonly string[];
  /** Rows of the folding table (docs/harness-facts.md) that encode it, by their fact text. */
  readonly folding: readonly string[];
  /** The test that pins the fact on the pinned release. */
  readonly pinnedBy: string;
  readonly session: FactProbeSession;
  /**
   * The adapter to run this probe with, when it is not the one declaring it: a variant of it set up
   * the way the fact needs (Copilot's untrusted-folder probe runs with the work dir left untrusted).
   */
  readonly adapter?: HarnessAdapter;
  judge(run: FactProbeRun): FactProbeVerdict;
}

/** One hook file of a harness, as the static audit finds it. */
export interface AuditHookFile {
  /** Absolute path. */
  readonly path: string;
  /** `settings`: hooks are optional among other keys; `hooks-file`: the file exists to register hooks. */
  readonly role: "settings" | "hooks-file";
  /** Where its registrations come from, in the harness's words. */
  readonly source: RegistrationSource;
  /** The plugin or extension it ships in (absolute). */
  readonly pluginRoot?: string;
  /**
   * The project its hooks run in (their cwd and project-dir variable), absolute: the folder holding
   * `.claude/` for a project settings file, so a nested project resolves its scripts against itself.
   * Absent: the audited root.
   */
  readonly projectDir?: string;
}

/** Where the same script is also registered for the default harness (Claude Code). */
export interface ClaudeUse {
  readonly event: string;
  readonly file: string;
}

/** One hook file handed to a harness's own audit rules. */
export interface HookFileCheckInput {
  /** The audited root, absolute. */
  readonly root: string;
  readonly hookFile: AuditHookFile;
  /** The path findings name (relative to the root, `/` separators). */
  readonly file: string;
  readonly text: string;
  /** The default harness's registrations of the script at an absolute path (portability rules). */
  readonly claudeUsesOf: (path: string) => readonly ClaudeUse[];
}

/** How `vigiles audit` finds and reads a harness's hook files. */
export interface HookFileAudit {
  /** The files, as help texts name them (`.codex/hooks.json`). */
  readonly files: string;
  /**
   * Its hook files under `root`. `glob` takes patterns relative to `root` (a `**` prefix matches at
   * any depth), applies the audit's ignores and returns absolute paths, sorted.
   */
  find(root: string, glob: (patterns: readonly string[]) => readonly string[]): readonly AuditHookFile[];
  /**
   * Its own rules over one of its files, for a shape the shared hook-config catalogue does not read
   * (Copilot's flat entries, Gemini's settings). Absent: the catalogue reads the file with the dialect.
   */
  check?(input: HookFileCheckInput): readonly LintFinding[];
}

/**
 * The conformance corpus (test/conformance) asks each harness the same questions in its own words:
 * these are the words. Pure data and writers, so a new harness's corpus needs nothing outside its
 * folder.
 */
/** The moments a case's hook is registered for, named neutrally. */
export type ConformanceRole = "preTool" | "postTool" | "sessionStart" | "prompt" | "stop";
/** The tools a scripted turn calls, in Claude Code's names (the adapters translate a script). */
export type ConformanceTool = "Bash" | "Write";
/** How a hook entry is written: a nested group (every harness), or Copilot's flat entry. */
export type ConformanceEntryShape = "group" | "flat";

/** One hook registration of a conformance case. */
export interface ConformanceRegistration {
  readonly event: string;
  /** Undefined: the key is left out. */
  readonly matcher: string | undefined;
  readonly command: string;
  readonly shape: ConformanceEntryShape;
}

/** A harness's spelling of the conformance corpus. */
export interface ConformanceForm {
  /** Its event for each role. */
  readonly events: Readonly<Record<ConformanceRole, string>>;
  /** The tool name it sends its hooks for each scripted tool. */
  readonly tools: Readonly<Record<ConformanceTool, string>>;
  /** The payload fields of a scripted call, in its hook input (for the free prediction). */
  toolInput(tool: ConformanceTool): Record<string, unknown>;
  /** The hook config file(s) holding `registrations`, relative to the project root. */
  configFiles(registrations: readonly ConformanceRegistration[]): Record<string, string>;
  /** The registration as the config file holds it (what runHook gets as `{ registration }`). */
  configObject(registrations: readonly ConformanceRegistration[]): Record<string, unknown>;
  /** The entry shapes it reads. */
  readonly shapes: readonly ConformanceEntryShape[];
}

/** Where a paid-tier eval of a harness finds its credentials (`vigiles doctor` looks, never uses them). */
export interface PaidCredentials {
  /** How doctor names the tier (`paid tier (Codex)`). */
  readonly subject: string;
  /** What was found (`OPENAI_API_KEY is set`, a login file), or undefined. */
  find(env: NodeJS.ProcessEnv, home: string): string | undefined;
  /** What doctor says when nothing is found, and what to do. */
  readonly missing: string;
  readonly fix?: string;
}

/** A harness's release surface (core/surface.ts): the pinned one as data, and its extractor. */
export interface HarnessSurface {
  readonly pinned: ReleaseSurface;
  /** Where the pinned surface is kept, from the repository root (scripts/gen-surfaces.ts writes it). */
  readonly dataFile: string;
  /** The checks of a harness test that read each stream event the adapter parses (`hook_response` → `hookFired()`). */
  readonly streamChecks: Readonly<Record<string, readonly string[]>>;
  /** Reads the surface of the release whose CLI is at `entryPath` (its binary, or its JS entry). */
  extract(entryPath: string, version: string): Promise<ReleaseSurface>;
}

/**
 * One harness as the registry lists it: everything a tool needs to know of it without starting it.
 * Each adapter folder exports its own (`<folder>/harness.ts`); src/adapters/registry.ts lists them.
 */
export interface HarnessEntry {
  /** The one id (`claude-code`, `codex`, `copilot-cli`, `gemini`). */
  readonly id: string;
  /** Other spellings accepted wherever an id is (`copilot`, `gemini-cli`). */
  readonly aliases: readonly string[];
  readonly displayName: string;
  /** What it does with hooks. */
  readonly dialect: HookDialect;
  /**
   * The npm package, the release vigiles' facts were measured on (`version`), and the range of
   * releases the adapter drives (`supported`, package.json's peer dependency range).
   */
  readonly package: { readonly name: string; readonly version: string; readonly supported: string };
  /** The environment variable that names an explicit binary (`VIGILES_CLAUDE_BIN`). */
  readonly binEnv: string;
  readonly capabilities: HarnessCapabilities;
  /** Where the CLI reads machine-wide managed settings and policy on Linux. */
  readonly managedSettingsDirs: readonly string[];
  /**
   * Directories under HOME the CLI has made by the time a hook runs (relative to HOME): a hook that
   * logs to `~/.claude/...` finds its parent there. `vigiles audit --run` gives its private HOME them.
   */
  readonly homeDirs?: readonly string[];
  /**
   * Paths (relative to a repository root) whose presence says the repository is set up for this
   * harness; `weakMarkers` decide only when no harness has a marker of its own (AGENTS.md).
   */
  readonly markers: readonly string[];
  readonly weakMarkers: readonly string[];
  /** The hook registrations of a repository, as this harness reads them. */
  readRegistrations(root: string): RegistrationReading;
  /** Its hook files as `vigiles audit` finds and checks them (static rules, and `--run`'s probes). */
  readonly hookFileAudit: HookFileAudit;
  /** The hook registrations of a plugin loaded for a run (`--plugin-dir`); absent: it loads none. */
  readPluginRegistrations?(pluginRoot: string, root: string): RegistrationReading;
  /**
   * Manifests (relative to a plugin's root) of plugins this harness loads and runs the hooks of
   * when installed or given with `--plugin-dir`, that `readRegistrations` does not read from the
   * repository itself (Copilot CLI loads a Claude Code plugin); `vigiles init` writes starters for
   * their hooks for this harness too. Absent: none.
   */
  readonly loadsPluginsBy?: readonly string[];
  /**
   * Why the harness will not run a registration of `root` at all (a settings switch, an untrusted
   * folder), or undefined; and a warning for the whole repository, if any.
   */
  registrationGate?(
    root: string,
    env: NodeJS.ProcessEnv,
  ): {
    readonly skip: (r: RegisteredHook) => string | undefined;
    readonly warning?: { readonly message: string; readonly fix?: string };
  };
  /**
   * How `explain` reads its hooks: `layered-settings` (managed, user, project and local settings and
   * plugins, with `if:` and the switches that turn hooks off: Claude Code), or `registrations` (its
   * registration reader).
   */
  readonly explainSource: "layered-settings" | "registrations";
  /**
   * Its words for the conformance corpus (free prediction against the real CLI). Absent only with
   * `noConformance`, the reason the corpus's command registrations do not fit it (OpenCode's hooks
   * are plugin code).
   */
  readonly conformance?: ConformanceForm;
  readonly noConformance?: string;
  /** Its hooks written as code (plugins), for explain, init and mutate; absent: it has none. */
  readonly codeHooks?: CodeHooks;
  /** Its paid tier's credentials; absent: vigiles has no paid driver for it. */
  readonly paidCredentials?: PaidCredentials;
  /** What to re-check when the installed CLI is newer than the validated release (doctor says it). */
  readonly driftRecheck: string;
  /** Its release surface: the pinned release's, and how to read another release's from its files. */
  readonly surface?: HarnessSurface;
  /** The adapter, imported only when asked for. */
  loadAdapter(): Promise<HarnessAdapter>;
}
