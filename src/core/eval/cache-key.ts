/**
 * The cache key of one trial: a hash of every input that can change what the model does, and nothing
 * else. The measure is deliberately absent, so editing a metric re-scores recorded trials for free.
 */
import { hashOf } from "./canonical-hash.js";

/** Bumped whenever the recorded entry or the key's inputs change shape; older entries then miss. */
export const CACHE_FORMAT_VERSION = 1;

/** Everything model-affecting about a trial, with plugins already reduced to content hashes. */
export interface TrialKeyInputs {
  /**
   * The arm's name. Not model-affecting, but two identical arms (an A/A test) must still draw
   * independent trials rather than replay one another's answers.
   */
  readonly arm: string;
  readonly case?: string;
  readonly trial: number;
  readonly task: string;
  readonly files: Readonly<Record<string, string>>;
  readonly settings?: unknown;
  /** Content hash of each plugin dir, in install order. */
  readonly pluginHashes: readonly string[];
  readonly model: string;
  readonly effort?: string | number;
  readonly stubSkillBodies: boolean;
  readonly env: Readonly<Record<string, string>>;
  readonly allowedTools?: readonly string[];
  /** Absent when the harness default applies, so keys recorded before turn caps still hit. */
  readonly maxTurns?: number;
  /** A plugin eval case's MCP stand-ins, content only; absent without them so older keys still hit. */
  readonly mcpStandIns?: unknown;
  /** Content hash of a case's scaffold script; absent without one. */
  readonly setupScript?: string;
  /** Driver id and harness version. */
  readonly driverIdentity: string;
}

/** The hex key of a trial's cache entry. */
export function trialCacheKey(inputs: TrialKeyInputs): string {
  return hashOf({ v: CACHE_FORMAT_VERSION, ...inputs, effort: inputs.effort ?? null });
}
