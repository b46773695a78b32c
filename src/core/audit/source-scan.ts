/**
 * Reads a hook's own source for the few things that decide whether it can work at all: the
 * payload env vars that never existed, decision values outside the contract, and subprocess
 * timeouts. JavaScript is parsed with acorn; Python and shell are read line by line with
 * comments skipped (only single values on one line are matched, never the file as a whole).
 */
import { parse, type Node } from "acorn";
import { scanCommand } from "./command-words.js";
import {
  pairVariableVerdicts,
  pythonVariableVerdicts,
  shellVariableVerdicts,
  type VerdictAssignment,
  type VerdictUse,
} from "./verdict-variables.js";

export type SourceLanguage = "javascript" | "python" | "shell" | "other";

/** The env vars hook authors reach for that Claude Code never sets: the payload is on stdin. */
export const PHANTOM_PAYLOAD_VARS = [
  "CLAUDE_TOOL_INPUT",
  "CLAUDE_TOOL_NAME",
  "CLAUDE_FILE_PATHS",
  "CLAUDE_TOOL_OUTPUT",
];
export const PERMISSION_DECISIONS = ["allow", "deny", "ask", "defer"];
export const LEGACY_DECISIONS = ["approve", "block"];

export interface SourcePosition {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}
export interface SourceFacts {
  readonly envReads: { readonly name: string; readonly at: SourcePosition }[];
  readonly decisions: {
    readonly key: "permissionDecision" | "decision";
    readonly value: string;
    readonly at: SourcePosition;
    /** Set when the literal reaches the key through a variable, printed on `usedOnLine`. */
    readonly variable?: { readonly name: string; readonly usedOnLine: number };
  }[];
  readonly timeouts: { readonly seconds: number; readonly at: SourcePosition }[];
  /** Set when a JavaScript source did not parse; the other lists are then empty. */
  readonly parseError?: string;
}

/** Guesses the language from the file name, then the shebang. */
export function languageOf(path: string, source: string): SourceLanguage {
  if (/\.(?:m|c)?js$/.test(path)) return "javascript";
  if (/\.py$/.test(path)) return "python";
  if (/\.(?:sh|bash|zsh)$/.test(path)) return "shell";
  const first = source.slice(0, source.indexOf("\n") === -1 ? source.length : source.indexOf("\n"));
  if (first.startsWith("#!")) {
    if (/\bnode\b|\bbun\b|\bdeno\b/.test(first)) return "javascript";
    if (/python/.test(first)) return "python";
    if (/\b(?:ba|z|da)?sh\b/.test(first)) return "shell";
  }
  return "other";
}

interface AnyNode extends Node {
  [key: string]: unknown;
}

function* walk(node: unknown): Generator<AnyNode> {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n);
    return;
  }
  const n = node as AnyNode;
  if (typeof n.type === "string") yield n;
  for (const key of Object.keys(n)) {
    if (key === "loc" || key === "start" || key === "end" || key === "type") continue;
    const v = n[key];
    if (v !== null && typeof v === "object") yield* walk(v);
  }
}

function posOf(node: Node): SourcePosition {
  const loc = node.loc;
  if (!loc) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return {
    line: loc.start.line,
    column: loc.start.column + 1,
    endLine: loc.end.line,
    endColumn: loc.end.column + 1,
  };
}

function keyName(node: AnyNode): string | undefined {
  const key = node["key"] as AnyNode | undefined;
  if (!key) return undefined;
  if (key.type === "Identifier") return key["name"] as string;
  if (key.type === "Literal" && typeof key["value"] === "string") return key["value"] as string;
  return undefined;
}

/** Parses JavaScript as a module, then as a script, accepting a shebang and top-level return. */
export function parseJavaScript(source: string): Node {
  const options = {
    ecmaVersion: "latest" as const,
    locations: true,
    allowHashBang: true,
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
  };
  try {
    return parse(source, { ...options, sourceType: "module" });
  } catch {
    return parse(source, { ...options, sourceType: "script" });
  }
}

function scanJavaScript(source: string): SourceFacts {
  let program: Node;
  try {
    program = parseJavaScript(source);
  } catch (error) {
    return { envReads: [], decisions: [], timeouts: [], parseError: (error as Error).message };
  }
  const envReads: { name: string; at: SourcePosition }[] = [];
  const decisions: SourceFacts["decisions"][number][] = [];
  const timeouts: { seconds: number; at: SourcePosition }[] = [];
  const assignments: VerdictAssignment[] = [];
  const uses: VerdictUse[] = [];
  const assign = (name: string, value: AnyNode | undefined): void => {
    if (value === undefined) return;
    const literals =
      value.type === "ConditionalExpression"
        ? [value["consequent"] as AnyNode, value["alternate"] as AnyNode]
        : [value];
    for (const lit of literals) {
      if (lit.type !== "Literal" || typeof lit["value"] !== "string") continue;
      const at = posOf(lit);
      assignments.push({
        name,
        value: lit["value"] as string,
        line: at.line,
        column: at.column,
        length: at.endColumn - at.column,
      });
    }
  };
  for (const node of walk(program)) {
    if (node.type === "VariableDeclarator" && (node["id"] as AnyNode).type === "Identifier") {
      assign((node["id"] as AnyNode)["name"] as string, (node["init"] as AnyNode | null) ?? undefined);
    } else if (
      node.type === "AssignmentExpression" &&
      node["operator"] === "=" &&
      (node["left"] as AnyNode).type === "Identifier"
    ) {
      assign((node["left"] as AnyNode)["name"] as string, node["right"] as AnyNode);
    }
    if (node.type === "ObjectExpression") {
      // `{ decision }` shorthand is a log record, and a legacy `decision` counts only beside its `reason`.
      const props = (node["properties"] as AnyNode[]).filter((p) => p.type === "Property");
      const hasReason = props.some((p) => keyName(p) === "reason");
      for (const p of props) {
        const key = keyName(p);
        const value = p["value"] as AnyNode;
        if (p["shorthand"] === true || value.type !== "Identifier") continue;
        if (key === "permissionDecision" || (key === "decision" && hasReason))
          uses.push({ key, name: value["name"] as string, line: posOf(value).line });
      }
    }
    if (node.type === "Identifier" && PHANTOM_PAYLOAD_VARS.includes(node["name"] as string)) {
      envReads.push({ name: node["name"] as string, at: posOf(node) });
    } else if (node.type === "Literal" && PHANTOM_PAYLOAD_VARS.includes(node["value"] as string)) {
      envReads.push({ name: node["value"] as string, at: posOf(node) });
    } else if (node.type === "Property") {
      const key = keyName(node);
      const value = node["value"] as AnyNode;
      if (value.type !== "Literal") continue;
      const literal = value["value"];
      if (key === "permissionDecision" && typeof literal === "string") {
        decisions.push({ key, value: literal, at: posOf(value) });
      } else if (key === "decision" && typeof literal === "string") {
        decisions.push({ key, value: literal, at: posOf(value) });
      } else if (key === "timeout" && typeof literal === "number") {
        // Node's child_process and fetch take milliseconds.
        timeouts.push({ seconds: literal / 1000, at: posOf(value) });
      }
    }
  }
  for (const v of pairVariableVerdicts(assignments, uses)) decisions.push(variableFact(v));
  return { envReads, decisions, timeouts };
}

function variableFact(v: ReturnType<typeof shellVariableVerdicts>[number]): SourceFacts["decisions"][number] {
  return {
    key: v.key,
    value: v.value,
    at: { line: v.line, column: v.column, endLine: v.line, endColumn: v.column + v.length },
    variable: { name: v.variable, usedOnLine: v.usedOnLine },
  };
}

const DECISION_IN_TEXT =
  /\\?["']?(permissionDecision|decision)\\?["']?\]?\s*[:=]\s*\\?["']([A-Za-z_-]+)\\?["']/g;
const PY_TIMEOUT = /\btimeout\s*=\s*(\d+(?:\.\d+)?)/g;

function toSeconds(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] === "m" ? 60 : m[2] === "h" ? 3600 : m[2] === "d" ? 86400 : 1;
  return n * unit;
}

function scanLines(source: string, language: SourceLanguage): SourceFacts {
  const envReads: { name: string; at: SourcePosition }[] = [];
  const decisions: SourceFacts["decisions"][number][] = [];
  const timeouts: { seconds: number; at: SourcePosition }[] = [];
  const lines = source.split("\n");
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.trimStart().startsWith("#")) return;
    const at = (start: number, length: number): SourcePosition => ({
      line,
      column: start + 1,
      endLine: line,
      endColumn: start + 1 + length,
    });
    for (const name of PHANTOM_PAYLOAD_VARS) {
      const re = new RegExp(`\\b${name}\\b`, "g");
      for (let m = re.exec(text); m !== null; m = re.exec(text))
        envReads.push({ name, at: at(m.index, name.length) });
    }
    for (let m = DECISION_IN_TEXT.exec(text); m !== null; m = DECISION_IN_TEXT.exec(text)) {
      const key = m[1] as "permissionDecision" | "decision";
      // A bare `decision = "..."` assignment in code is a variable, not the hook's JSON.
      if (key === "decision" && !/["']/.test(m[0].slice(0, m[0].indexOf("decision")))) continue;
      decisions.push({ key, value: m[2] as string, at: at(m.index, m[0].length) });
    }
    if (language === "python") {
      for (let m = PY_TIMEOUT.exec(text); m !== null; m = PY_TIMEOUT.exec(text)) {
        timeouts.push({ seconds: Number(m[1]), at: at(m.index, m[0].length) });
      }
    } else if (language === "shell") {
      const words = scanCommand(text).words;
      words.forEach((w, i) => {
        if (w.value !== "timeout") return;
        let j = i + 1;
        // GNU timeout's own options; -k and -s take a value.
        while (words[j]?.value.startsWith("-"))
          j += words[j]?.value === "-k" || words[j]?.value === "-s" ? 2 : 1;
        const d = words[j];
        const seconds = d ? toSeconds(d.value) : undefined;
        if (d && seconds !== undefined) timeouts.push({ seconds, at: at(w.start, d.end - w.start) });
      });
    }
  });
  const viaVariables =
    language === "shell"
      ? shellVariableVerdicts(lines)
      : language === "python"
        ? pythonVariableVerdicts(lines)
        : [];
  for (const v of viaVariables) decisions.push(variableFact(v));
  return { envReads, decisions, timeouts };
}

/** Reads the facts out of one hook source. */
export function scanHookSource(source: string, language: SourceLanguage): SourceFacts {
  return language === "javascript" ? scanJavaScript(source) : scanLines(source, language);
}
