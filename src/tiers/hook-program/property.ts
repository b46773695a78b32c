/**
 * `propertyHook`: fuzz a hook's (event) → decision with fast-check. Seed events are respelled by
 * mutators (chosen and shrunk by fast-check), the hook decides each respelling, and invariants
 * relate the decision to the seed's. A failure reports the smallest counterexample and the
 * fast-check seed and path that replay it.
 */
import type { RunDetails } from "fast-check";
import { AssertionFailedError, InvalidOptionError, VacuousAssertionError } from "../../core/errors.js";
import type { FoldedHookDecision } from "../../core/hook-decision/types.js";
import { isHookProgram, type AnyHookProgram } from "../../core/hook-program/define.js";
import { shellMutators, type HookMutator } from "../../core/hook-program/mutators.js";
import { summarize, type RawHookEvent } from "../../core/hook-program/run.js";
import { runHookCommand, type HookCommand } from "./subprocess.js";
import type { HookSpec } from "../run-hook/types.js";
import { programVerdict, withEventName } from "./verdict.js";

/** What an invariant sees for one generated case. */
export interface PropertyCase {
  readonly seed: RawHookEvent;
  readonly seedDecision: FoldedHookDecision;
  readonly event: RawHookEvent;
  readonly decision: FoldedHookDecision;
  /** The mutations applied, in order (`name#choice`). */
  readonly steps: readonly string[];
}

/** Returns false (or throws) when the case breaks it. Named by `name`, else the function's name. */
export type PropertyInvariant =
  ((c: PropertyCase) => boolean | void) | { readonly name: string; check(c: PropertyCase): boolean | void };

/** A respelling means the same thing, so it must get the same decision as its seed. */
export const sameDecisionAsSeed: PropertyInvariant = {
  name: "same decision as the seed",
  check: (c) =>
    c.decision.blocked === c.seedDecision.blocked && c.decision.decision === c.seedDecision.decision,
};
/** Every case is blocked. */
export const alwaysBlocks: PropertyInvariant = { name: "always blocks", check: (c) => c.decision.blocked };
/** No case is blocked. */
export const neverBlocks: PropertyInvariant = { name: "never blocks", check: (c) => !c.decision.blocked };

/**
 * How to decide an event: a program in process, a hook run as a subprocess (a command or argv or
 * `{ registration }` as runHook takes them, or `{ command, ...runHook options }`), or your own function.
 */
export type PropertyDecider =
  | AnyHookProgram
  | HookCommand
  | HookSpec
  | ((event: RawHookEvent) => FoldedHookDecision | Promise<FoldedHookDecision>);

/** The subprocess a non-program, non-function decider names; throws on anything else. */
function hookCommandOf(decider: unknown): HookCommand {
  if (typeof decider === "string" || Array.isArray(decider)) return { command: decider as HookSpec };
  if (typeof decider === "object" && decider !== null) {
    if ("command" in decider) return decider as HookCommand;
    if ("registration" in decider) return { command: decider as HookSpec };
  }
  throw new InvalidOptionError(
    'propertyHook: `decide` must be a hook program, a command ("bash hooks/guard.sh" or an argv), { registration }, { command, ...runHook options } or a function of the event.',
  );
}

/** Options of `propertyHook`: the seeds, the mutators, the hook to decide, and the invariants. */
export interface PropertyHookOptions {
  /** The event(s) to respell. */
  readonly seed: RawHookEvent | readonly RawHookEvent[];
  /** Mutators to respell with (default: the built-in shell mutators). */
  readonly mutate?: readonly HookMutator[];
  readonly decide: PropertyDecider;
  /** Default: [sameDecisionAsSeed]. */
  readonly invariants?: readonly PropertyInvariant[];
  /** Cases to generate (default 100 in process, 25 for a subprocess). */
  readonly numRuns?: number;
  /** Mutations stacked per case, at most (default 3). */
  readonly maxSteps?: number;
  /** fast-check seed, to replay a reported failure. */
  readonly fcSeed?: number;
  /** fast-check path, to replay a reported failure (with its fcSeed). */
  readonly path?: string;
  /** The event name for seeds without `hook_event_name` (default: the program's event, else PreToolUse). */
  readonly event?: string;
}

/** What `propertyHook` ran, returned when every invariant held. */
export interface PropertyHookReport {
  readonly numRuns: number;
  /** Cases in which at least one mutator applied. */
  readonly mutatedRuns: number;
  readonly fcSeed: number;
}

/** A counterexample: the message has the smallest case and the replay; the fields carry the same. */
export class PropertyHookError extends AssertionFailedError {
  constructor(
    message: string,
    readonly counterexample: PropertyCase,
    readonly invariant: string,
    readonly replay: { readonly fcSeed: number; readonly path: string },
  ) {
    super(message);
  }
}

interface Step {
  readonly m: number;
  readonly choice: number;
}

const invariantName = (inv: PropertyInvariant): string =>
  typeof inv === "function" ? inv.name || "invariant" : inv.name;
const checkInvariant = (inv: PropertyInvariant, c: PropertyCase): boolean =>
  (typeof inv === "function" ? inv(c) : inv.check(c)) !== false;

/** A generated case: which seed, and the mutator steps applied to it. */
interface Generated {
  readonly seedIndex: number;
  readonly steps: Step[];
}

/**
 * One property run's fixed inputs and its running figures: it builds each generated case from its
 * seed and judges the hook's decision on it against the invariants.
 */
class PropertyRun {
  /** Generated cases on which at least one mutator applied (zero: nothing was fuzzed). */
  mutatedRuns = 0;
  /** Each seed's own decision, the baseline its respellings are judged against. */
  private readonly seedDecisions = new Map<number, FoldedHookDecision>();

  constructor(
    readonly seeds: readonly RawHookEvent[],
    readonly mutators: readonly HookMutator[],
    private readonly invariants: readonly PropertyInvariant[],
    private readonly eventName: string,
  ) {}

  seedEvent(seedIndex: number): RawHookEvent {
    return withEventName(this.seeds[seedIndex] as RawHookEvent, this.eventName);
  }

  /** Decides every seed now (an async hook: each decision is awaited once, before the run). */
  async decideSeeds(
    decide: (e: RawHookEvent) => FoldedHookDecision | Promise<FoldedHookDecision>,
  ): Promise<void> {
    for (let i = 0; i < this.seeds.length; i++) this.seedDecisions.set(i, await decide(this.seedEvent(i)));
  }

  /** A seed's decision, decided on first use (a synchronous hook). */
  seedDecision(seedIndex: number, decide?: (e: RawHookEvent) => FoldedHookDecision): FoldedHookDecision {
    let d = this.seedDecisions.get(seedIndex);
    if (!d && decide) this.seedDecisions.set(seedIndex, (d = decide(this.seedEvent(seedIndex))));
    return d as FoldedHookDecision;
  }

  /** The seed respelled by each step whose mutator applies, and the steps that did. */
  build({ seedIndex, steps }: Generated): { event: RawHookEvent; applied: string[] } {
    let event = this.seedEvent(seedIndex);
    const applied: string[] = [];
    for (const s of steps) {
      const m = this.mutators[s.m] as HookMutator;
      const next = m.apply(event, s.choice);
      if (next) {
        event = next;
        applied.push(`${m.name}#${s.choice}`);
      }
    }
    return { event, applied };
  }

  /** Throws InvariantBroken when the decision on a respelled event breaks an invariant. */
  judge(
    seedIndex: number,
    seedDecision: FoldedHookDecision,
    event: RawHookEvent,
    applied: string[],
    decision: FoldedHookDecision,
  ): void {
    if (applied.length > 0) this.mutatedRuns++;
    const c: PropertyCase = {
      seed: this.seeds[seedIndex] as RawHookEvent,
      seedDecision,
      event,
      decision,
      steps: applied,
    };
    for (const inv of this.invariants)
      if (!checkInvariant(inv, c)) throw new InvariantBroken(invariantName(inv), c);
  }
}

type Decide = (e: RawHookEvent) => FoldedHookDecision | Promise<FoldedHookDecision>;

/** How the hook decides: a program's verdict in process, a function as given, a command as a subprocess. */
function decideOf(decider: PropertyHookOptions["decide"], eventName: string): Decide {
  if (isHookProgram(decider)) return (e) => programVerdict(decider, e);
  if (typeof decider === "function") return decider;
  const hook = hookCommandOf(decider);
  return async (e: RawHookEvent) => runHookCommand(hook, e, eventName);
}

/**
 * Fuzzes a hook with respellings of seed events and checks invariants on every decision.
 * @example
 * await propertyHook({
 *   seed: { tool_name: "Bash", tool_input: { command: "git push -f origin main" } },
 *   decide: guard,
 *   invariants: [alwaysBlocks],
 * });
 */
export async function propertyHook(options: PropertyHookOptions): Promise<PropertyHookReport> {
  const seeds = (Array.isArray(options.seed) ? options.seed : [options.seed]) as readonly RawHookEvent[];
  if (seeds.length === 0)
    throw new InvalidOptionError("propertyHook: `seed` is empty; pass at least one event to respell.");
  const mutators = options.mutate ?? shellMutators;
  if (mutators.length === 0)
    throw new InvalidOptionError(
      "propertyHook: `mutate` is empty; pass mutators or leave it out for the shell mutators.",
    );
  const decider = options.decide;
  const isProgram = isHookProgram(decider);
  const eventName = options.event ?? (isProgram ? decider.on : "PreToolUse");
  const run = new PropertyRun(seeds, mutators, options.invariants ?? [sameDecisionAsSeed], eventName);
  const decide = decideOf(decider, eventName);
  const numRuns = options.numRuns ?? (isProgram ? 100 : 25);
  const fcSeed = options.fcSeed ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0;

  // fast-check is loaded here, not with the entry: only a property run needs it (45 ms of the import).
  const { default: fc } = await import("fast-check");
  const arbitrary = fc.record({
    seedIndex: fc.nat({ max: seeds.length - 1 }),
    steps: fc.array(fc.record({ m: fc.nat({ max: mutators.length - 1 }), choice: fc.nat({ max: 59 }) }), {
      minLength: 1,
      maxLength: options.maxSteps ?? 3,
    }),
  });
  const params = {
    numRuns,
    seed: fcSeed,
    ...(options.path !== undefined ? { path: options.path, endOnFailure: true } : {}),
  };
  const asyncCheck = async (): Promise<RunDetails<[Generated]>> => {
    await run.decideSeeds(decide);
    return fc.check(
      fc.asyncProperty(arbitrary, async (generated) => {
        const { event, applied } = run.build(generated);
        const { seedIndex } = generated;
        run.judge(seedIndex, run.seedDecision(seedIndex), event, applied, await decide(event));
      }),
      params,
    );
  };

  let details: RunDetails<[Generated]>;
  if (isProgram || typeof decider === "function") {
    const sync = decide as (e: RawHookEvent) => FoldedHookDecision;
    // A function hook may be async: its first answer says which check runs.
    const probe = decide(run.seedEvent(0));
    if (probe instanceof Promise) {
      await probe;
      details = await asyncCheck();
    } else {
      details = fc.check(
        fc.property(arbitrary, (generated) => {
          const { event, applied } = run.build(generated);
          const { seedIndex } = generated;
          run.judge(seedIndex, run.seedDecision(seedIndex, sync), event, applied, sync(event));
        }),
        params,
      );
    }
  } else details = await asyncCheck();

  if (details.failed) throw failureOf(details);
  if (run.mutatedRuns === 0) {
    throw new VacuousAssertionError(
      `propertyHook: none of the ${mutators.length} mutators applied to the seed event(s) in ${details.numRuns} runs, so nothing was fuzzed. Seed a Bash event with a command (or pass mutators that fit the seed).`,
    );
  }
  return { numRuns: details.numRuns, mutatedRuns: run.mutatedRuns, fcSeed: details.seed };
}

/** The error a failed run throws: the broken invariant with its case, or what the hook threw; both say how to replay. */
function failureOf(details: RunDetails<[Generated]>): Error {
  const broken = details.errorInstance instanceof InvariantBroken ? details.errorInstance : undefined;
  const replay = { fcSeed: details.seed, path: details.counterexamplePath ?? "" };
  if (!broken) {
    return new AssertionFailedError(
      `propertyHook: the hook failed on a generated case (${String(details.errorInstance)}); replay with { fcSeed: ${replay.fcSeed}, path: "${replay.path}" }.`,
      { cause: details.errorInstance },
    );
  }
  return new PropertyHookError(formatFailure(broken, details, replay), broken.c, broken.invariant, replay);
}

class InvariantBroken extends Error {
  constructor(
    readonly invariant: string,
    readonly c: PropertyCase,
  ) {
    super(`invariant "${invariant}" broken`);
  }
}

function verdictText(d: FoldedHookDecision): string {
  return `${d.decision}${d.blocked ? " (blocked)" : ""}${d.reason ? ` "${d.reason}"` : ""}${d.hookError ? ` [${d.hookError}]` : ""}`;
}

function formatFailure(
  b: InvariantBroken,
  details: { readonly numRuns: number; readonly numShrinks: number },
  replay: { fcSeed: number; path: string },
): string {
  return [
    `propertyHook: invariant "${b.invariant}" failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s) to:`,
    `  seed:      ${summarize(b.c.seed)} → ${verdictText(b.c.seedDecision)}`,
    `  mutated:   ${summarize(b.c.event)} → ${verdictText(b.c.decision)}`,
    `  steps:     ${b.c.steps.length > 0 ? b.c.steps.join(" → ") : "(none applied)"}`,
    `  replay:    propertyHook({ …, fcSeed: ${replay.fcSeed}, path: "${replay.path}" })`,
  ].join("\n");
}
