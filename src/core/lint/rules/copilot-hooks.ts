/**
 * Rules over a GitHub Copilot CLI hooks file (`.github/hooks/*.json`): the silent failures of a
 * hook that reads right and does nothing under Copilot, each measured on the pinned 1.0.102
 * (test/copilot) or taken from Copilot's hook table (core/hook-decision/copilot-rules.ts).
 */
import { copilotEventRules, copilotUsesSnakeCase } from "../../hook-decision/copilot-rules.js";
import { finding } from "../finding.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../types.js";

export const copilotUnknownEventRule: LintRuleMeta = {
  id: "copilot-unknown-event",
  severity: "error",
  behaviour:
    "Copilot CLI fires hooks only for its own events (camelCase: preToolUse, agentStop …, or their PascalCase " +
    "aliases); a hook under any other name, such as a Claude Code event Copilot lacks, never runs.",
  fix: "Use one of Copilot's event names (`vigiles/copilot` exports the list as copilotHookEvents()).",
  autofix: false,
};

export const copilotClaudeShapedAnswerRule: LintRuleMeta = {
  id: "copilot-claude-shaped-answer",
  severity: "error",
  behaviour:
    "Under a camelCase event Copilot reads top-level answer fields (`permissionDecision`); a Claude-style " +
    "`hookSpecificOutput` answer is ignored, so a ported deny lets the call run (measured on 1.0.102).",
  fix: 'Print `{"permissionDecision":"deny","permissionDecisionReason":"…"}`, or register the hook under the PascalCase name (PreToolUse), which reads Claude\'s shape.',
  autofix: false,
};

export const copilotExit2IgnoredRule: LintRuleMeta = {
  id: "copilot-exit2-ignored",
  severity: "warning",
  behaviour:
    "Outside preToolUse and permissionRequest, Copilot logs a non-zero exit and goes on: a Claude-style guard " +
    "that blocks a prompt or a stop with `exit 2` never blocks under Copilot.",
  fix: 'Answer with JSON on stdout and exit 0 (agentStop: `{"decision":"block","reason":"…"}`), or move the check to preToolUse.',
  autofix: false,
};

export const copilotTimeoutFailsOpenRule: LintRuleMeta = {
  id: "copilot-timeout-fails-open",
  severity: "warning",
  behaviour:
    "A preToolUse hook that runs past `timeoutSec` (default 30) is cancelled and the call goes ahead (measured on " +
    "1.0.102), while an error denies it; a guard that waits on the network or a package manager fails open when slow.",
  fix: "Keep network and package-manager calls out of the guard, or set a `timeoutSec` that covers their worst case.",
  autofix: false,
};

export const copilotHookRules: readonly LintRuleMeta[] = [
  copilotUnknownEventRule,
  copilotClaudeShapedAnswerRule,
  copilotExit2IgnoredRule,
  copilotTimeoutFailsOpenRule,
];

/** One Copilot hooks file, with a reader for the scripts its commands run. */
export interface CopilotHooksFileInput {
  readonly file: string;
  readonly text: string;
  /** The text of the script a command runs (its first word, resolved against the project), if readable. */
  readonly readScript?: (command: string) => string | undefined;
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Commands that wait on the network or a package manager. */
const SLOW = /\b(curl|wget|npm|npx|pnpm|yarn|pip3?|docker|gh|git\s+(fetch|clone|pull|push))\b/;

function rangeOf(text: string, needle: string): SourceRange | undefined {
  const at = text.indexOf(needle);
  if (at < 0) return undefined;
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function handlersOf(entry: unknown): Json[] {
  if (isRecord(entry) && Array.isArray(entry["hooks"])) return entry["hooks"].filter(isRecord);
  return isRecord(entry) ? [entry] : [];
}

/** Findings of one Copilot hooks file; a file that is not JSON gets none (`json-syntax` is Claude's). */
export function checkCopilotHooksFile(input: CopilotHooksFileInput): LintFinding[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.text);
  } catch {
    return [];
  }
  if (!isRecord(parsed) || !isRecord(parsed["hooks"])) return [];
  const out: LintFinding[] = [];
  for (const [event, entries] of Object.entries(parsed["hooks"])) {
    const at = rangeOf(input.text, JSON.stringify(event));
    const rules = copilotEventRules(event);
    if (!rules) {
      out.push(
        finding(
          copilotUnknownEventRule,
          input.file,
          at,
          `Copilot CLI has no hook event ${JSON.stringify(event)}: the hooks under it never run`,
        ),
      );
      continue;
    }
    for (const handler of (Array.isArray(entries) ? entries : []).flatMap(handlersOf)) {
      const command = typeof handler["bash"] === "string" ? handler["bash"] : handler["command"];
      if (typeof command !== "string") continue;
      const source = `${command}\n${input.readScript?.(command) ?? ""}`;
      if (!copilotUsesSnakeCase(event) && source.includes("hookSpecificOutput")) {
        out.push(
          finding(
            copilotClaudeShapedAnswerRule,
            input.file,
            at,
            `${JSON.stringify(command)} on ${event} answers with Claude's hookSpecificOutput, which Copilot ignores on a camelCase event: its decision has no effect`,
          ),
        );
      }
      if (rules.exit === "ignored" && /\bexit\s+2\b/.test(source)) {
        out.push(
          finding(
            copilotExit2IgnoredRule,
            input.file,
            at,
            `${JSON.stringify(command)} on ${event} blocks with exit 2, which Copilot logs and ignores on ${event}: it never blocks`,
          ),
        );
      }
      const timeout = handler["timeoutSec"] ?? handler["timeout"];
      if (rules.exit === "nonzero-denies" && SLOW.test(source)) {
        out.push(
          finding(
            copilotTimeoutFailsOpenRule,
            input.file,
            at,
            `${JSON.stringify(command)} on ${event} waits on the network or a package manager; past its timeoutSec (${typeof timeout === "number" ? timeout : "30, the default"}) Copilot lets the call through`,
          ),
        );
      }
    }
  }
  return out;
}
