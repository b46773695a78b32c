/**
 * A shell word reduced to the text the shell would pass as an argument, as far as it can be known
 * before running anything: quotes removed, escapes applied (unbash has already done both in each
 * literal part's `value`). Parameter expansions and command substitutions cannot be known; they
 * leave a placeholder (`$HOME`, `$(…)`) and mark the word dynamic. Globs and brace expressions stay
 * as typed: `rm -rf /*` names `/*`.
 */
import type { Assignment, Word, WordPart } from "./syntax.js";

export interface ResolvedWord {
  /** The argument text; placeholders stand in for the parts only a run could know. */
  readonly text: string;
  /** Some part comes from an expansion or a substitution. */
  readonly dynamic: boolean;
  /** The word is a process substitution such as `<(curl …)`. */
  readonly procSubst: boolean;
}

export function resolveWord(word: Word): ResolvedWord {
  const parts = word.parts;
  if (!parts) return { text: word.value, dynamic: false, procSubst: false };
  let text = "";
  let dynamic = false;
  let procSubst = false;
  for (const part of parts) {
    const r = resolvePart(part);
    text += r.text;
    dynamic ||= r.dynamic;
    procSubst ||= r.procSubst;
  }
  return { text, dynamic, procSubst };
}

/** A declaration's `NAME=value` argument (`export A=$(…)`) as the word bash would see. */
export function resolveAssignment(assignment: Assignment): ResolvedWord {
  const op = assignment.append ? "+=" : "=";
  const value = assignment.value;
  if (value.type === "ArrayValue") return { text: assignment.text, dynamic: false, procSubst: false };
  const r = resolveWord(value);
  return { text: `${assignment.name}${op}${r.text}`, dynamic: r.dynamic, procSubst: false };
}

function resolvePart(part: WordPart): ResolvedWord {
  switch (part.type) {
    case "Literal":
    case "SingleQuoted":
    case "AnsiCQuoted":
    case "Glob":
      return plain(part.value);
    case "ExtendedGlob":
    case "BraceExpansion":
      return plain(part.text);
    case "DoubleQuoted":
    case "LocaleString": {
      let text = "";
      let dynamic = false;
      for (const inner of part.parts) {
        const r = resolvePart(inner);
        text += r.text;
        dynamic ||= r.dynamic;
      }
      return { text, dynamic, procSubst: false };
    }
    case "SimpleExpansion":
      return { text: part.text, dynamic: true, procSubst: false };
    case "ParameterExpansion":
      return { text: `$${part.parameter}`, dynamic: true, procSubst: false };
    case "CommandExpansion":
      return { text: "$(…)", dynamic: true, procSubst: false };
    case "ArithmeticExpansion":
      return { text: "$((…))", dynamic: true, procSubst: false };
    case "ProcessSubstitution":
      return { text: `${part.operator}(…)`, dynamic: true, procSubst: true };
    default:
      return unknownPart(part);
  }
}

/** Exhaustiveness: a new part type in unbash fails the type check here. */
function unknownPart(part: never): ResolvedWord {
  return { text: `<${(part as { type: string }).type}>`, dynamic: true, procSubst: false };
}

function plain(text: string): ResolvedWord {
  return { text, dynamic: false, procSubst: false };
}
