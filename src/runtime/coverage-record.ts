/**
 * Harness coverage records. While tests run under `vigiles test` (or any runner with
 * `VIGILES_COVERAGE_DIR` set), each runner appends one JSON line per hook, skill, agent or command
 * it actually exercised; `vigiles audit --coverage` reads them back and lists what nothing touched.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { VigilesError } from "../core/errors.js";
import { setExerciseListener } from "../core/audit/exercise-sink.js";
import { commandFiles } from "./command-files.js";

/** The environment variable naming the directory coverage records go to. Unset: nothing is recorded. */
export const COVERAGE_DIR_ENV = "VIGILES_COVERAGE_DIR";
/**
 * Version of the record line format; a reader rejects lines from a newer writer. Version 1 lines
 * read as before; `via`, `registered` and `files` are optional additions a version 1 reader ignores.
 */
export const COVERAGE_RECORD_VERSION = 1;

/** What was exercised. */
export type CoverageKind = "hook" | "skill" | "agent" | "command";
/** Which runner exercised it. */
export type CoverageSource = "runHook" | "runHookProgram" | "runHarnessTest" | "eval";

/**
 * What identifies the exercised item. A hook: its `event`, and where known its `command` (as run),
 * `file` (the hook program or settings file) and `target` (what its matcher was tested against:
 * the tool name, SessionStart source …). A skill, agent or command: its `name` (`plugin:name` or bare).
 */
export interface CoverageIdentity {
  readonly event?: string;
  readonly command?: string;
  readonly file?: string;
  readonly target?: string;
  readonly name?: string;
  /**
   * How a `runHook` got the hook: through a registration (settings / hooks.json entry) or as a
   * command; for a skill, `listing`: its description reached the model in the run's skill listing.
   */
  readonly via?: "registration" | "command" | "listing";
  /** Through a registration: the handler's `command` as registered (before any expansion). */
  readonly registered?: string;
  /** The existing files the command named (the script, its interpreter's argument), as real paths. */
  readonly files?: readonly string[];
  /**
   * The harness whose rules ran it (`runHook`'s `harness`, the harness a run drove): a hook file two
   * harnesses read is a different hook to each. Absent in older records: the default harness.
   */
  readonly harness?: string;
  /**
   * Through a registration, the test gave its own `timeoutMs`: the registered timeout was never
   * read, so a mutant of it is beyond this test's reach.
   */
  readonly ownTimeout?: boolean;
}

/** One exercised item. */
export interface CoverageEntry {
  readonly kind: CoverageKind;
  readonly source: CoverageSource;
  readonly identity: CoverageIdentity;
}

/** A record as read back. */
export interface CoverageRecord extends CoverageEntry {
  readonly v: number;
  readonly pid: number;
}

/** A coverage file could not be written or read. */
export class CoverageRecordError extends VigilesError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("VIGILES_COVERAGE_RECORD", message, options);
  }
}

/** True when a coverage directory is configured in this process. */
export function coverageEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env[COVERAGE_DIR_ENV] === "string" && env[COVERAGE_DIR_ENV] !== "";
}

/**
 * Appends one coverage record when `VIGILES_COVERAGE_DIR` is set; does nothing otherwise.
 * Each process writes its own file, so concurrent test workers never interleave lines.
 *
 * @example
 * recordCoverage({ kind: "hook", source: "runHook", identity: { event: "PreToolUse", command: "bash guard.sh", target: "Bash" } });
 */
export function recordCoverage(entry: CoverageEntry, env: NodeJS.ProcessEnv = process.env): void {
  const dir = env[COVERAGE_DIR_ENV];
  if (dir === undefined || dir === "") return;
  const line = JSON.stringify({ v: COVERAGE_RECORD_VERSION, pid: process.pid, ...entry }) + "\n";
  try {
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, `coverage-${process.pid}.jsonl`), line);
  } catch (cause) {
    throw new CoverageRecordError(
      `Could not append a coverage record to ${COVERAGE_DIR_ENV}="${dir}": make the directory writable or unset the variable.`,
      { cause },
    );
  }
}

function isEntry(value: unknown): value is CoverageRecord {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["kind"] === "string" &&
    typeof v["source"] === "string" &&
    typeof v["identity"] === "object" &&
    v["identity"] !== null
  );
}

/**
 * Reads every record under `dir` (each `*.jsonl` file). A line cut short by a crashed writer is
 * skipped; a line from a newer format version is an error, never silently misread.
 */
export function readCoverageRecords(dir: string): CoverageRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  } catch (cause) {
    throw new CoverageRecordError(
      `No coverage records at "${dir}": run the tests with ${COVERAGE_DIR_ENV}="${dir}" first (vigiles test sets it).`,
      { cause },
    );
  }
  const records: CoverageRecord[] = [];
  for (const name of names.sort()) {
    const text = readFileSync(join(dir, name), "utf8");
    for (const raw of text.split("\n")) {
      if (raw.trim() === "") continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        continue; // a partial last line from a writer killed mid-append
      }
      if (!isEntry(parsed)) continue;
      if (typeof parsed.v === "number" && parsed.v > COVERAGE_RECORD_VERSION) {
        throw new CoverageRecordError(
          `Coverage record in ${join(dir, name)} has format version ${parsed.v}; this vigiles reads up to ${COVERAGE_RECORD_VERSION}. Upgrade vigiles.`,
        );
      }
      records.push(parsed);
    }
  }
  return records;
}

/** The value a hook's matcher was tested against, read from its event (`tool_name`, `source` …). */
function matcherTarget(event: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of [
    "tool_name",
    "source",
    "trigger",
    "reason",
    "agent_type",
    "notification_type",
    "error",
    "command_name",
  ]) {
    const v = event[key];
    if (typeof v === "string") return v;
  }
  return undefined;
}

/** How one `runHook` process was given its hook, for {@link recordHookRunCoverage}. */
export interface HookRunContext {
  readonly via: "registration" | "command";
  /** The handler's command as registered (a registration only). */
  readonly registered?: string;
  /** The cwd the command ran in, and the variables it saw (`CLAUDE_PROJECT_DIR` …). */
  readonly cwd: string;
  readonly vars: Readonly<Record<string, string>>;
  /** The harness whose rules folded the run. */
  readonly harness?: string;
  /** The caller's `timeoutMs` replaced the registered timeout. */
  readonly ownTimeout?: boolean;
}

/**
 * Records one hook run by `runHook`: its event, the command as run, the matcher value, and (given
 * the context) whether it came through a registration and which files its command named.
 * Does nothing unless coverage recording is on.
 */
export function recordHookRunCoverage(
  command: string | readonly string[] | undefined,
  input: Readonly<Record<string, unknown>> | undefined,
  env: NodeJS.ProcessEnv = process.env,
  context?: HookRunContext,
): void {
  if (!coverageEnabled(env) || input === undefined) return;
  const event = typeof input["hook_event_name"] === "string" ? input["hook_event_name"] : undefined;
  const target = matcherTarget(input);
  const argv = typeof command === "string" ? undefined : command;
  const cmd =
    command === undefined
      ? undefined
      : typeof command === "string"
        ? command
        : argv?.[0] === "sh" && argv[1] === "-c" && argv[2] !== undefined
          ? argv[2]
          : (argv ?? []).join(" ");
  const files =
    command !== undefined && context !== undefined
      ? commandFiles(command, { cwd: context.cwd, vars: context.vars })
      : [];
  recordCoverage(
    {
      kind: "hook",
      source: "runHook",
      identity: {
        ...(event !== undefined && { event }),
        ...(cmd !== undefined && { command: cmd }),
        ...(target !== undefined && { target }),
        ...(context !== undefined && { via: context.via }),
        ...(context?.registered !== undefined && { registered: context.registered }),
        ...(files.length > 0 && { files }),
        ...(context?.harness !== undefined && { harness: context.harness }),
        ...(context?.ownTimeout === true && { ownTimeout: true }),
      },
    },
    env,
  );
}

/** The parts of a trace coverage reads. */
export interface CoverageTrace {
  readonly toolCalls: readonly { readonly name: string; readonly input: Readonly<Record<string, unknown>> }[];
  readonly hooks: readonly { readonly name: string; readonly event: string }[] | undefined;
}

/**
 * Records what a harness run or an eval trial exercised: each hook the CLI reported firing
 * (`PreToolUse:Bash` → event and matcher value), each skill and subagent listed to the model (`listedItems`)
 * or called, each subagent type started, and the slash command a prompt opened with.
 */
export function recordTraceCoverage(
  trace: CoverageTrace,
  source: "runHarnessTest" | "eval",
  options: {
    prompt?: string;
    env?: NodeJS.ProcessEnv;
    harness?: string;
    listedSkills?: readonly string[];
    listedAgents?: readonly string[];
  } = {},
): void {
  const env = options.env ?? process.env;
  if (!coverageEnabled(env)) return;
  const harness = options.harness !== undefined ? { harness: options.harness } : {};
  const slash = /^\/([A-Za-z0-9_:.-]+)/.exec(options.prompt?.trim() ?? "");
  if (slash?.[1] !== undefined)
    recordCoverage({ kind: "command", source, identity: { name: slash[1] } }, env);
  for (const fire of trace.hooks ?? []) {
    const colon = fire.name.indexOf(":");
    const target = colon === -1 ? undefined : fire.name.slice(colon + 1);
    recordCoverage(
      { kind: "hook", source, identity: { event: fire.event, ...(target ? { target } : {}), ...harness } },
      env,
    );
  }
  for (const name of options.listedSkills ?? [])
    recordCoverage({ kind: "skill", source, identity: { name, via: "listing", ...harness } }, env);
  for (const name of options.listedAgents ?? [])
    recordCoverage({ kind: "agent", source, identity: { name, via: "listing", ...harness } }, env);
  for (const call of trace.toolCalls) {
    if (call.name === "Skill") {
      const name = call.input["skill"] ?? call.input["command"];
      if (typeof name === "string")
        recordCoverage({ kind: "skill", source, identity: { name, ...harness } }, env);
    } else if (call.name === "Agent" || call.name === "Task") {
      const name = call.input["subagent_type"];
      if (typeof name === "string")
        recordCoverage({ kind: "agent", source, identity: { name, ...harness } }, env);
    }
  }
}

// In-process runners in core (runHookProgram) report through the exercise seam.
setExerciseListener((item) => recordCoverage(item));
