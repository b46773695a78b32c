/**
 * `output-reaches-no-one`: a hook whose command only prints plain text, on an event where its
 * dialect says plain stdout at exit 0 reaches no model and no user (`plainStdoutReachesNoOne`):
 * a reminder `echo`ed at a stop reminds no one. Read from the command string alone: a hook that
 * also does work (runs a program, writes a file, pipes or substitutes) is never reported.
 */
import { dialectEvent } from "../../dialect.js";
import { scanCommand } from "../command-words.js";
import { finding } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const outputReachesNoOneRule: LintRuleMeta = {
  id: "output-reaches-no-one",
  severity: "warning",
  behaviour:
    "On some events a hook's plain (non-JSON) stdout at exit 0 is read by no model and shown to the user nowhere but " +
    "the hook logs (each " +
    "dialect's `plainStdoutReachesNoOne`: a stop, or a session that is ending): a hook that only `echo`es a reminder " +
    "there is a no-op.",
  fix:
    'To make the model act on it at a stop, block once with it as the reason ({"decision": "block", "reason": "…"}, ' +
    "letting the next stop through); to tell the user, answer the JSON message the harness shows; or move it to an " +
    "event whose plain stdout is context (SessionStart, UserPromptSubmit).",
  autofix: false,
};

/** Separators between simple commands that leave each one's output on the hook's stdout. */
const SEQUENCE = new Set([";", "&&", "||"]);
const PRINTERS = new Set(["echo", "printf"]);

/**
 * The text a command prints when all it does is print plain text (`echo`/`printf`, with `true`,
 * `:` or `exit 0` beside them); undefined when it does anything else, or prints JSON or nothing.
 */
export function printedTextOnly(command: string): string | undefined {
  // A command substitution runs a program; a newline outside quotes starts another command that
  // the word scanner would read as arguments.
  if (/\$\(|`/.test(command)) return undefined;
  const { words, quoteAt } = scanCommand(command);
  for (let i = 0; i < command.length; i++) if (command[i] === "\n" && quoteAt[i] === "none") return undefined;
  const printed: string[] = [];
  let simple: string[] = [];
  const close = (): boolean => {
    const [program, ...args] = simple;
    simple = [];
    if (program === undefined) return true;
    if (PRINTERS.has(program)) {
      const text = args.filter((a) => !/^-[neE]+$/.test(a));
      // printf's format (`%s\n`) is not the message when arguments follow it.
      if (program === "printf" && text.length > 1 && /^(?:%s|\\n|\s)*$/.test(text[0] ?? "")) text.shift();
      printed.push(text.join(" "));
      return true;
    }
    if (program === "true" || program === ":") return args.length === 0;
    return program === "exit" && (args.length === 0 || (args.length === 1 && args[0] === "0"));
  };
  for (const w of words) {
    if (!w.operator) {
      simple.push(w.value);
      continue;
    }
    // A pipe, a redirection, a subshell or a background job: the hook does more than print.
    if (!SEQUENCE.has(w.value) || !close()) return undefined;
  }
  if (!close() || printed.length === 0) return undefined;
  const text = printed.join("\n").trim();
  if (text.startsWith("{") || text.startsWith("[")) return undefined;
  return /\p{L}/u.test(text) ? text : undefined;
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, " ");
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/** The finding for a command hook that only prints plain text where no one reads it. */
export function checkOutputReachesNoOne(reg: HookRegistration): LintFinding[] {
  if (reg.type !== "command" || reg.command === undefined) return [];
  const event = dialectEvent(reg.dialect, reg.event);
  if (event?.plainStdoutReachesNoOne !== true || event.rules.plainTextIsContext) return [];
  const text = printedTextOnly(reg.command);
  if (text === undefined) return [];
  return [
    finding(
      outputReachesNoOneRule,
      reg.file,
      reg.commandRange ?? reg.handlerRange,
      `This ${reg.event} hook only prints "${excerpt(text)}" and exits 0: ${reg.dialect.displayName} adds that ` +
        "text to no model's context and shows it nowhere but its hook logs (verbose output), so it reaches no one.",
    ),
  ];
}
