/**
 * The hook-program mutants as the compiled runtime applies them. `vigiles mutate` sets
 * `VIGILES_MUTANT` to `{"program": <absolute path>, "flip": <flip>}` for the tests of one mutant;
 * the runtime, running that program, answers silence where the program decided otherwise.
 */

/** The environment variable the runtime reads. Unset (always, outside `vigiles mutate`): no effect. */
export const MUTANT_ENV = "VIGILES_MUTANT";

export type ProgramFlip = "deny-to-allow" | "inject-to-nothing" | "notice-to-silence";

export interface ProgramMutantSpec {
  readonly program: string;
  readonly flip: ProgramFlip;
}

/** The parts of a program outcome a flip reads. */
export type FlippableOutcome =
  | { readonly kind: "decision"; readonly decision: string }
  | { readonly kind: "injection" }
  | { readonly kind: "reaction"; readonly notice?: string | undefined };

/** Parses the variable; anything malformed is no mutant (the runtime must never fail for it). */
export function parseProgramMutant(raw: string | undefined): ProgramMutantSpec | undefined {
  if (raw === undefined || raw === "") return undefined;
  try {
    const v = JSON.parse(raw) as { program?: unknown; flip?: unknown };
    if (typeof v.program !== "string") return undefined;
    if (v.flip !== "deny-to-allow" && v.flip !== "inject-to-nothing" && v.flip !== "notice-to-silence")
      return undefined;
    return { program: v.program, flip: v.flip };
  } catch {
    return undefined;
  }
}

/**
 * True when the mutant silences this answer: the program at `programPath` (absolute, resolved) is the
 * mutated one and the outcome is the kind the flip breaks.
 */
export function mutantSilences(
  raw: string | undefined,
  programPath: string,
  outcome: FlippableOutcome,
): boolean {
  const spec = parseProgramMutant(raw);
  if (spec === undefined || spec.program !== programPath) return false;
  switch (spec.flip) {
    case "deny-to-allow":
      return outcome.kind === "decision" && outcome.decision !== "allow";
    case "inject-to-nothing":
      return outcome.kind === "injection";
    case "notice-to-silence":
      return outcome.kind === "reaction" && outcome.notice !== undefined;
    default: {
      const never: never = spec.flip;
      return never;
    }
  }
}
