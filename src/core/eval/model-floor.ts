/** `minModel`: ranks Claude model families so a run pointed below its floor fails before any spend. */
import { InvalidOptionError } from "../errors.js";

const FAMILIES = ["haiku", "sonnet", "opus"] as const;

/** The family rank of a model alias or id (haiku < sonnet < opus); undefined when unknown. */
export function modelRank(model: string): number | undefined {
  const lower = model.toLowerCase();
  const index = FAMILIES.findIndex((family) => lower.includes(family));
  return index < 0 ? undefined : index;
}

/** Null when `model` meets `floor`; otherwise why not. Throws when either cannot be ranked. */
export function belowFloor(model: string, floor: string): string | null {
  const have = modelRank(model);
  const need = modelRank(floor);
  if (need === undefined) {
    throw new InvalidOptionError(
      `minModel "${floor}" is not a known family; use one of ${FAMILIES.join(", ")}.`,
    );
  }
  if (have === undefined) {
    throw new InvalidOptionError(
      `model "${model}" cannot be ranked against minModel "${floor}"; name a ${FAMILIES.join("/")} model or drop minModel.`,
    );
  }
  return have < need ? `model "${model}" is below the minModel floor "${floor}"` : null;
}
