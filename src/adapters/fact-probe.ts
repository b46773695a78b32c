/**
 * A fact probe: one pinned harness fact (docs/harness-facts.md) as a run that can be repeated on any
 * release of the CLI. The adapter that knows the fact declares the run (a scripted session against the
 * mock) and how to read its outcome; `vigiles facts` runs it through the harness tier and says whether
 * the fact still holds. Data plus a pure judge, so the adapter never imports the tier that runs it.
 */
import type { HookFire, ModelRequest, ToolCall } from "../core/trace.js";
import type { HarnessAdapter, ModelScriptInput } from "./port.js";

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
