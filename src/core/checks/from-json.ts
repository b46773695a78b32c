/** Revives serialised checks (reports and baselines store `check.toJSON()`). */
import { InvalidOptionError } from "../errors.js";
import { hookFiredCheck, allowed, blocked } from "./hook-checks.js";
import { patternFromJSON } from "./pattern-json.js";
import { turns, wrote, type Bounds } from "./run-checks.js";
import { subagent } from "./subagent.js";
import { output, received } from "./text-checks.js";
import { mcp, skill, tool } from "./tool-checks.js";
import type { Check, CheckJSON, JsonValue } from "./types.js";
import { cost, latency, tokens } from "./usage-checks.js";

/** Revives checks of kinds defined elsewhere (for example the eval tier's `judged`). */
export type CheckRevivers = Readonly<Record<string, (json: CheckJSON) => Check>>;

function str(json: CheckJSON, key: string): string {
  const value = json[key];
  if (typeof value !== "string") {
    throw new InvalidOptionError(
      `A serialised "${json.kind}" check needs a string "${key}", got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function optStr(json: CheckJSON, key: string): string | undefined {
  return json[key] === undefined ? undefined : str(json, key);
}

function num(json: CheckJSON, key: string): number {
  const value = json[key];
  if (typeof value !== "number") {
    throw new InvalidOptionError(
      `A serialised "${json.kind}" check needs a number "${key}", got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function optNum(json: CheckJSON, key: string): number | undefined {
  return json[key] === undefined ? undefined : num(json, key);
}

function bounds(json: CheckJSON): Bounds {
  const min = optNum(json, "min");
  const max = optNum(json, "max");
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function isCheckJSON(value: unknown): value is CheckJSON {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { kind?: unknown }).kind === "string"
  );
}

/**
 * Turns `check.toJSON()` back into a working check. Kinds defined outside vigiles' root vocabulary
 * are revived by `revivers`; an unknown kind throws rather than passing silently.
 *
 * @example
 * ```ts
 * const again = checkFromJSON(JSON.parse(JSON.stringify(tool("Bash"))));
 * again.evaluate(trace).pass;
 * ```
 */
export function checkFromJSON(value: unknown, revivers: CheckRevivers = {}): Check {
  if (!isCheckJSON(value)) {
    throw new InvalidOptionError(
      `checkFromJSON expects an object with a string "kind" (a check's toJSON()), got ${JSON.stringify(value)}.`,
    );
  }
  const json = value;
  const where = `checkFromJSON(${json.kind})`;
  const custom = Object.hasOwn(revivers, json.kind) ? revivers[json.kind] : undefined;
  if (custom !== undefined) return custom(json);
  switch (json.kind) {
    case "tool":
      return tool(patternFromJSON(json.name, where));
    case "skill":
      return skill(str(json, "id"));
    case "mcp":
      return mcp(str(json, "server"), optStr(json, "tool"));
    case "subagent": {
      const nested: JsonValue | undefined = json.checks;
      if (nested !== undefined && !Array.isArray(nested)) {
        throw new InvalidOptionError(`${where}: "checks" must be an array, got ${JSON.stringify(nested)}.`);
      }
      return subagent(
        str(json, "name"),
        ((nested ?? []) as readonly JsonValue[]).map((c) => checkFromJSON(c, revivers)),
      );
    }
    case "output":
      return output(patternFromJSON(json.pattern, where));
    case "received":
      return received(patternFromJSON(json.pattern, where));
    case "hookFired":
      return hookFiredCheck(str(json, "event"));
    case "turns":
      return turns(bounds(json));
    case "wrote":
      return wrote(str(json, "path"));
    case "blocked":
      return blocked(optStr(json, "event"));
    case "allowed":
      return allowed(optStr(json, "event"));
    case "cost":
      return cost({ maxUsd: num(json, "maxUsd") });
    case "latency":
      return latency({ maxMs: num(json, "maxMs") });
    case "tokens": {
      const max = optNum(json, "max");
      const maxInput = optNum(json, "maxInput");
      const maxOutput = optNum(json, "maxOutput");
      return tokens({
        ...(max === undefined ? {} : { max }),
        ...(maxInput === undefined ? {} : { maxInput }),
        ...(maxOutput === undefined ? {} : { maxOutput }),
      });
    }
    default:
      throw new InvalidOptionError(
        `checkFromJSON: unknown check kind "${json.kind}". Pass a reviver for it: checkFromJSON(json, { ${json.kind}: (json) => … }).`,
      );
  }
}
