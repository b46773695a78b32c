/**
 * What a decision case's hook answers: exit codes, JSON verdict shapes (Claude Code's
 * `hookSpecificOutput.permissionDecision`, the legacy top-level `decision`, Gemini's `decision:
 * deny`, Copilot's top-level `permissionDecision`), invalid verdict words, JSON with exit 2,
 * stderr only, and context (plain stdout, `additionalContext`). The same answers are given on every
 * harness, in that harness's event names, so the report shows where each harness reads them apart.
 */
import type { EventRole } from "./harness-forms.js";

/** The words a case's hook may write: a marker that is context, and a reason that is not. */
export interface OutputWords {
  /** The harness's name of the event (`hookSpecificOutput.hookEventName`). */
  readonly event: string;
  /** Written where the answer means context for the model; searched for in what reached the mock. */
  readonly marker: string;
  /** A reason for a verdict (never searched for as context). */
  readonly reason: string;
}

export interface OutputSpec {
  readonly slug: string;
  /** The events this answer is tried on. */
  readonly roles: readonly EventRole[];
  /** Shell lines that write the answer and exit. */
  readonly body: (w: OutputWords) => string;
}

/** `printf '%s\n' '<json>'` of a value (the JSON never holds a single quote). */
const printJson = (value: unknown) => `printf '%s\\n' '${JSON.stringify(value)}'`;

const specific = (w: OutputWords, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: w.event, ...fields },
});

const TOOL: readonly EventRole[] = ["preTool"];
const PROMPT_TOO: readonly EventRole[] = ["preTool", "prompt"];
const CONTEXT_ROLES: readonly EventRole[] = ["preTool", "postTool", "sessionStart", "prompt"];

export const OUTPUTS: readonly OutputSpec[] = [
  { slug: "exit0-silent", roles: TOOL, body: () => "exit 0" },
  { slug: "exit1-stderr", roles: TOOL, body: (w) => `echo "${w.reason}" >&2\nexit 1` },
  {
    slug: "exit2-stderr",
    roles: ["preTool", "postTool", "prompt"],
    body: (w) => `echo "${w.reason}" >&2\nexit 2`,
  },
  { slug: "exit2-silent", roles: TOOL, body: () => "exit 2" },
  // sh reports "not found" on stderr and exits 127, as a hook whose interpreter is missing does.
  { slug: "exit127-not-found", roles: TOOL, body: () => "no-such-command-vigiles-conformance" },
  {
    slug: "pd-allow",
    roles: TOOL,
    body: (w) => printJson(specific(w, { permissionDecision: "allow", permissionDecisionReason: w.reason })),
  },
  {
    slug: "pd-deny",
    roles: TOOL,
    body: (w) => printJson(specific(w, { permissionDecision: "deny", permissionDecisionReason: w.reason })),
  },
  {
    slug: "pd-ask",
    roles: TOOL,
    body: (w) => printJson(specific(w, { permissionDecision: "ask", permissionDecisionReason: w.reason })),
  },
  {
    slug: "pd-block-invalid-word",
    roles: TOOL,
    body: (w) => printJson(specific(w, { permissionDecision: "block", permissionDecisionReason: w.reason })),
  },
  {
    slug: "legacy-decision-block",
    roles: ["preTool", "postTool", "prompt"],
    body: (w) => printJson({ decision: "block", reason: w.reason }),
  },
  {
    slug: "legacy-decision-approve",
    roles: TOOL,
    body: (w) => printJson({ decision: "approve", reason: w.reason }),
  },
  {
    slug: "decision-deny",
    roles: PROMPT_TOO,
    body: (w) => printJson({ decision: "deny", reason: w.reason }),
  },
  { slug: "decision-allow", roles: TOOL, body: (w) => printJson({ decision: "allow", reason: w.reason }) },
  {
    slug: "top-level-pd-deny",
    roles: TOOL,
    body: (w) => printJson({ permissionDecision: "deny", permissionDecisionReason: w.reason }),
  },
  {
    slug: "pd-deny-exit2",
    roles: TOOL,
    body: (w) =>
      `${printJson(specific(w, { permissionDecision: "deny", permissionDecisionReason: w.reason }))}\nexit 2`,
  },
  {
    slug: "pd-allow-exit2",
    roles: TOOL,
    body: (w) => `${printJson(specific(w, { permissionDecision: "allow" }))}\necho "${w.reason}" >&2\nexit 2`,
  },
  {
    slug: "decision-deny-exit1",
    roles: TOOL,
    body: (w) => `${printJson({ decision: "deny", reason: w.reason })}\nexit 1`,
  },
  { slug: "malformed-json", roles: TOOL, body: () => `printf '%s\\n' '{"decision": "deny"'` },
  { slug: "stderr-only-exit0", roles: TOOL, body: (w) => `echo "${w.marker}" >&2\nexit 0` },
  { slug: "plain-stdout", roles: CONTEXT_ROLES, body: (w) => `echo "${w.marker}"` },
  {
    slug: "context-hook-specific",
    roles: CONTEXT_ROLES,
    body: (w) => printJson(specific(w, { additionalContext: w.marker })),
  },
  {
    slug: "context-top-level",
    roles: CONTEXT_ROLES,
    body: (w) => printJson({ additionalContext: w.marker }),
  },
  {
    slug: "continue-false",
    roles: PROMPT_TOO,
    body: (w) => printJson({ continue: false, stopReason: w.reason }),
  },
];
