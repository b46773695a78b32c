/**
 * Rules over the keys of the JSON answer a hook script prints, read against its dialect's
 * `answerKeys` (for every harness whose dialect pins them): a key the harness reads only under
 * `hookSpecificOutput` printed at the top level, one it reads only at the top level printed under
 * `hookSpecificOutput`, and a key the harness does not read at all.
 * Only object literals printed to stdout on one statement are read; keys built at run time are not.
 */
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta } from "../types.js";
import type { HookScriptInput } from "./hook-script.js";

export const answerFieldMisplacedRule: LintRuleMeta = {
  id: "answer-field-misplaced",
  severity: "warning",
  behaviour:
    "Some harnesses read a field of a hook's answer only under `hookSpecificOutput` (Gemini CLI's and Claude " +
    "Code's additionalContext, Claude Code's permissionDecision): printed at the top level it is dropped " +
    "without a word, so the context never reaches the model or the decision is never made. The reverse holds " +
    "too: `decision` is read only at the top level (but for Claude Code's PermissionRequest), so a UserPromptSubmit " +
    'hook answering `{"hookSpecificOutput": {"decision": "block"}}` blocks nothing and the prompt goes through.',
  fix: 'Put the field where the harness reads it: under "hookSpecificOutput" (with "hookEventName"), or at the top level.',
  autofix: false,
  source:
    "each dialect's answerKeys, pinned against the pinned CLIs' answer readers (test/audit/answer-keys.test.ts); " +
    "Claude Code 2.1.328 dropping a UserPromptSubmit hookSpecificOutput.decision pinned by a real run " +
    "(test/harness/audit-rule-pins.test.ts)",
};

export const answerKeyUnknownRule: LintRuleMeta = {
  id: "answer-key-unknown",
  severity: "warning",
  behaviour:
    "A harness reads only the keys of its answer schema and drops any other: a hook answering " +
    '`{"output": "..."}` (or any key the harness does not name) tells it nothing.',
  fix: "Use a key the harness reads: text for the model goes in hookSpecificOutput.additionalContext, a message for the user in systemMessage.",
  autofix: false,
  source:
    "each dialect's answerKeys, pinned against the pinned CLIs' answer readers (test/audit/answer-keys.test.ts)",
};

export const hookAnswerKeyRules: readonly LintRuleMeta[] = [answerFieldMisplacedRule, answerKeyUnknownRule];

/** A statement that writes to stdout (not stderr, not a file). */
const PRINTS =
  /^\s*(?:echo\b|printf\b|cat\b|jq\b|print\(|json\.dump\(|sys\.stdout\.write|console\.log\(|process\.stdout\.write)/;
const TO_ELSEWHERE = />&2|1>&2|file\s*=\s*sys\.stderr|console\.error|process\.stderr|\s>>?\s*[^&\s]/;
const KEY = /(?:^|[{,])\s*\\?["']?([A-Za-z_][A-Za-z0-9_]*)\\?["']?\s*:/g;
/** How far an object literal may run on after the line that prints it. */
const MAX_LINES = 20;

/**
 * The first `{` of `text` that can open an object literal: not one of a shell parameter expansion or
 * a template literal's `${…}` (`echo "total: ${total:-n/a}"` prints text, not a key `total`).
 */
const OBJECT_OPEN = /(?<!\$)\{/;

/** The top-level keys of the object literal starting at the first `{` of `text`, and whether it closed. */
function topKeys(text: string): { keys: string[]; closed: boolean } | undefined {
  const start = text.search(OBJECT_OPEN);
  if (start < 0) return undefined;
  let depth = 0;
  let level1 = "";
  for (const ch of text.slice(start)) {
    if (ch === "{" || ch === "[" || ch === "(") depth++;
    if (depth === 1) level1 += ch;
    if (ch === "}" || ch === "]" || ch === ")") {
      depth--;
      if (depth === 0) break;
    }
  }
  // A comprehension's variable (`{k: v for k in …}`) is not a key.
  if (/\sfor\s/.test(level1)) return { keys: [], closed: depth === 0 };
  // A string value's text is not read for keys (`"reason": "no, stop: now"` names no `stop`).
  const values = level1.replace(/(:\s*)(\\?["'])[\s\S]*?\2/g, '$1""');
  const keys = [...values.matchAll(KEY)].map((m) => m[1] as string);
  return { keys, closed: depth === 0 };
}

const SPECIFIC = /\\?["']?hookSpecificOutput\\?["']?\s*:\s*\{/g;
const EVENT_NAME = /\\?["']?hookEventName\\?["']?\s*:\s*(\\?["'])?([A-Za-z]+)?/;

/**
 * The keys of the `hookSpecificOutput` object written at the top level of the object literal that
 * starts at the first `{` of `text`, with the `hookEventName` it names (undefined: not a literal).
 */
function specificKeys(text: string): { keys: string[]; event?: string; eventKnown: boolean } | undefined {
  const start = text.indexOf("{");
  for (const m of text.matchAll(SPECIFIC)) {
    const depth = [...text.slice(start, m.index)].reduce(
      (d, ch) => d + ("{[(".includes(ch) ? 1 : "}])".includes(ch) ? -1 : 0),
      0,
    );
    if (depth !== 1) continue;
    const inner = text.slice(m.index + m[0].length - 1);
    const read = topKeys(inner);
    if (read === undefined || !read.closed) return undefined;
    const name = EVENT_NAME.exec(inner);
    const literal = name?.[1] !== undefined && name[2] !== undefined;
    return {
      keys: read.keys,
      ...(literal && { event: name[2] }),
      eventKnown: name === null || literal,
    };
  }
  return undefined;
}

/** A printed object literal: its top-level keys, those of its hookSpecificOutput, and its line (1-based). */
interface PrintedAnswer {
  readonly keys: string[];
  readonly specific?: { keys: string[]; event?: string; eventKnown: boolean };
  readonly line: number;
}

/** Each printed object literal: its top-level keys and the line (1-based) it is printed on. */
function printedAnswers(lines: readonly string[]): PrintedAnswer[] {
  const out: PrintedAnswer[] = [];
  lines.forEach((text, i) => {
    if (!PRINTS.test(text) || TO_ELSEWHERE.test(text)) return;
    let from = OBJECT_OPEN.test(text) ? text : undefined;
    // A heredoc: the object starts on the next line.
    if (
      from === undefined &&
      /<<-?\s*['"]?\w+/.test(text) &&
      (lines[i + 1] ?? "").trimStart().startsWith("{")
    )
      from = "";
    if (from === undefined) return;
    const body = [from, ...lines.slice(i + 1, i + 1 + MAX_LINES)].join("\n");
    const read = topKeys(body);
    if (read === undefined || !read.closed || read.keys.length === 0) return;
    const specific = read.keys.includes("hookSpecificOutput") ? specificKeys(body) : undefined;
    out.push({ keys: read.keys, ...(specific !== undefined && { specific }), line: i + 1 });
  });
  return out;
}

/**
 * Keys the harness reads only at the top level of its answer, printed under `hookSpecificOutput` on
 * an event whose hookSpecificOutput does not carry them (Claude Code's UserPromptSubmit
 * `hookSpecificOutput.decision`: dropped, so the prompt goes through).
 */
function specificMisplaced(input: HookScriptInput, answer: PrintedAnswer): LintFinding[] {
  const dialect = input.registration.dialect;
  const known = dialect.answerKeys;
  const specific = answer.specific;
  if (known === undefined || specific === undefined || !specific.eventKnown) return [];
  const event = specific.event ?? input.registration.event;
  const readThere = known.underSpecificByEvent?.[event] ?? known.underSpecific;
  return specific.keys
    .filter((k) => k !== "hookEventName" && known.topLevel.includes(k) && !readThere.includes(k))
    .map((key) =>
      finding(
        answerFieldMisplacedRule,
        input.file,
        { line: answer.line, column: 1 },
        `Prints "${key}" under hookSpecificOutput (line ${answer.line}): ${dialect.displayName} reads it only at the top level of the answer on ${event}, so it is ignored` +
          (key === "decision" ? " and nothing is blocked." : "."),
        { fix: `Move "${key}" to the top level of the answer, beside "hookSpecificOutput".` },
      ),
    );
}

/** The answer-key rules over one hook script, for a dialect that pins its answer's keys. */
export function checkAnswerKeys(input: HookScriptInput, source: string): LintFinding[] {
  const dialect = input.registration.dialect;
  const known = dialect.answerKeys;
  if (known === undefined) return [];
  const code = source.split("\n").map((l) => (/^\s*(#|\/\/)/.test(l) ? "" : l));
  const out: LintFinding[] = [];
  const seen = new Set<string>();
  for (const answer of printedAnswers(code)) {
    const { keys, line } = answer;
    for (const f of specificMisplaced(input, answer)) {
      const id = `specific:${f.message}`;
      if (!seen.has(id)) out.push(f);
      seen.add(id);
    }
    for (const key of keys) {
      if (known.topLevel.includes(key) || seen.has(key)) continue;
      seen.add(key);
      const at = { line, column: 1 };
      if (known.underSpecific.includes(key)) {
        out.push(
          finding(
            answerFieldMisplacedRule,
            input.file,
            at,
            `Prints "${key}" at the top level of its answer (line ${line}): ${dialect.displayName} reads it only under hookSpecificOutput, so it is ignored.`,
            {
              fix: `Put it under "hookSpecificOutput": {"hookEventName": "${input.registration.event}", "${key}": …}.`,
            },
          ),
        );
      } else {
        out.push(
          finding(
            answerKeyUnknownRule,
            input.file,
            at,
            `${dialect.displayName} ignores \`${key}\` (line ${line}): it is not a key of its hook answer, so what it carries never reaches the harness.`,
            {
              fix: `Use a key ${dialect.displayName} reads: ${known.topLevel.join(", ")} (text for the model goes in hookSpecificOutput.${known.underSpecific.includes("additionalContext") ? "additionalContext" : "<field>"}).`,
            },
          ),
        );
      }
    }
  }
  return out;
}
