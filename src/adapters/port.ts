/**
 * The adapter port: what one harness (Claude Code, Codex, a third) implements so the harness-agnostic
 * runners can drive it. A runner resolves the CLI, lets the adapter write its configuration into a
 * fresh work dir and HOME, asks it for the command line against a model endpoint, runs that command,
 * and feeds its stdout to the adapter's stream reader, which yields the parts of a Trace.
 *
 * The endpoint is an input of the launch, not something the adapter decides: the harness tier passes
 * its local mock, an eval driver passes a real model (base URL, key, model, effort). The mock wiring
 * (`startMock`) is kept apart from the launch so the same command line runs against either. What the
 * registry lists of a harness without starting it is ./harness-entry.ts.
 */
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
  /**
   * Conversations chosen by what a request carries, not by arrival order, for one mock serving
   * runs whose requests interleave (`claude plugin eval` runs cases in parallel child CLIs and asks
   * its judge from the parent). The first entry that matches a request answers it; see
   * mock/script.ts `requestScriptTurn`.
   */
  readonly byRequest?: readonly RequestScript[];
}

/** One conversation of a script's `byRequest`: which requests it answers, and its turns. */
export interface RequestScript {
  /** Every string occurs in the request's text (system prompt and messages). */
  readonly contains: readonly string[];
  /** No string occurs in it (tells a run with the plugin from one without). */
  readonly lacks?: readonly string[];
  /** `agent` (default): the agent loop's requests; `side`: requests without tools (a judge's call). */
  readonly channel?: "agent" | "side";
  /** A request that already holds N assistant messages is answered with turn N. */
  readonly turns: readonly ModelTurnSource[];
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
  /** MCP stdio servers can be registered for one run (a spec's `mcpServers`). */
  readonly mcpServers: boolean;
  /** A run's agent turns can be capped (a spec's `maxTurns`, a plugin eval case's `max_turns`). */
  readonly turnCap: boolean;
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

/**
 * An MCP server the harness starts over stdio for one run (a plugin eval's stand-in). `{tmp}` in an
 * argument becomes the run's private temp dir. Started by the CLI, it runs where the CLI runs:
 * inside the confined run when the run is confined.
 */
export interface McpStdioServer {
  readonly command: string;
  readonly args: readonly string[];
  /** Paths outside the run's dirs the server reads; a confined run binds them read-only. */
  readonly readOnlyPaths: readonly string[];
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
  /**
   * MCP servers registered for this run, by server name (tools are `mcp__<name>__<tool>` in Claude
   * Code's terms). Only on a harness whose `capabilities.mcpServers` is set; refused elsewhere.
   */
  readonly mcpServers?: Readonly<Record<string, McpStdioServer>>;
  /**
   * A bash script run in the work dir before the agent (a plugin eval case's `scaffold_script`),
   * always confined. What it writes is in place before the run's diff starts: it is not "written".
   */
  readonly setupScript?: { readonly path: string; readonly timeoutMs: number };
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
