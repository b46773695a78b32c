/**
 * Rules over the script a command hook runs: that it exists, can run, reads its payload from stdin,
 * answers inside the contract, and finishes inside its registered budget.
 */
import { detachedCode, inDetachedChild } from "../detached-children.js";
import { DEFAULT_COMMAND_TIMEOUT_SECONDS } from "../hook-events.js";
import { finding } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import {
  LEGACY_DECISIONS,
  PERMISSION_DECISIONS,
  PHANTOM_PAYLOAD_VARS,
  scanHookSource,
  type SourceLanguage,
} from "../source-scan.js";
import type { LintFinding, LintRuleMeta } from "../types.js";
import { sharedHomePath } from "./home-path.js";

/** The script a registration runs, as the audit found it on disk. */
export interface HookScriptInput {
  readonly registration: HookRegistration;
  /** The script's path as reported in findings about its source. */
  readonly file: string;
  /** The program itself (needs a run bit) rather than an interpreter's argument. */
  readonly direct: boolean;
  /** The interpreter that runs it (`bash`, `node`), when it is not the program itself. */
  readonly interpreter?: string;
  readonly exists: boolean;
  readonly executable: boolean;
  /** The source text, when it exists and is small enough to read. */
  readonly source?: string;
  readonly language: SourceLanguage;
  /** Python: the local modules the script imports, read by the tier (a few levels deep). */
  readonly modules?: readonly { readonly file: string; readonly source: string }[];
  /** Python: top-level names that resolve to a file or package beside the script or above it. */
  readonly localModuleNames?: ReadonlySet<string>;
}

export const hookScriptMissingRule: LintRuleMeta = {
  id: "hook-script-missing",
  severity: "error",
  behaviour:
    "A hook whose script does not exist fails every time it fires: the shell exits 127, an interpreter that " +
    "cannot open it 1 (node) or 2 (python3, perl). Most harnesses count that as a non-blocking error and the action " +
    "it guards proceeds as if allowed; where the harness denies on an error (or on exit 2) every call it guards is " +
    "blocked. The script resolves against the handler's `cwd` where the harness honours one.",
  fix: "Point the command at the script's real path, or add the script.",
  autofix: false,
};

export const hookScriptNotExecutableRule: LintRuleMeta = {
  id: "hook-script-not-executable",
  severity: "error",
  behaviour:
    "A script run as the program itself needs its run bit; without it the shell exits 126, which most harnesses " +
    "count as a non-blocking error (the action proceeds) and one that denies on an error reads as a deny of every " +
    "call the hook guards.",
  fix: "chmod +x the script (and commit the mode), or run it through its interpreter: `bash script.sh`.",
  autofix: false,
};

export const envPayloadRule: LintRuleMeta = {
  id: "env-payload",
  severity: "error",
  behaviour:
    "Claude Code passes the hook payload as JSON on stdin; CLAUDE_TOOL_INPUT, CLAUDE_TOOL_NAME, CLAUDE_FILE_PATHS " +
    "and CLAUDE_TOOL_OUTPUT were never set, so a hook that reads them sees nothing and silently does nothing.",
  fix: "Read the payload from stdin: parse the JSON and take tool_name, tool_input and the other fields from it.",
  autofix: false,
};

export const invalidDecisionRule: LintRuleMeta = {
  id: "invalid-permission-decision",
  severity: "error",
  behaviour:
    "permissionDecision accepts only allow, deny, ask and defer (legacy `decision`: approve or block). Any other " +
    'value ("block" as a permissionDecision, "warn") fails validation, the hook counts as errored, and the tool runs.',
  fix: 'Write "deny" to block (permissionDecision), or the legacy {"decision": "block"}.',
  autofix: false,
};

export const subprocessTimeoutRule: LintRuleMeta = {
  id: "subprocess-timeout",
  severity: "error",
  behaviour:
    "A hook is killed at its registered `timeout` (600 s by default); a subprocess allowed to run as long or longer " +
    "is killed with it before any verdict is printed, and the action proceeds.",
  fix: "Give the subprocess a timeout well inside the hook's budget, or raise the registered `timeout`.",
  autofix: false,
};

export const hookScriptRules: readonly LintRuleMeta[] = [
  hookScriptMissingRule,
  hookScriptNotExecutableRule,
  envPayloadRule,
  invalidDecisionRule,
  subprocessTimeoutRule,
];

/**
 * Interpreters whose exit code on a script they cannot open was checked here (bash 5, Node 20,
 * Python 3.11, perl 5). `sh` differs by system (dash exits 2, bash as sh 127), so it is not listed.
 */
const CANNOT_OPEN_EXIT: Readonly<Record<string, number>> = {
  bash: 127,
  node: 1,
  python: 2,
  python3: 2,
  perl: 2,
};

/** What the harness does with the action when the hook exits `code` with an error on stderr (its dialect's fold). */
export function exitConsequence(reg: HookRegistration, code: number): string {
  const folded = reg.dialect.fold({
    event: reg.event,
    exitCode: code,
    stdout: "",
    stderr: "No such file or directory",
    timedOut: false,
    harness: reg.harness,
  });
  return folded.blocked
    ? `which ${reg.dialect.displayName} reads as a deny: the ${reg.event} hook blocks every time it fires`
    : `a non-blocking error for ${reg.dialect.displayName}: the action proceeds`;
}

/** How a missing script fails, and what the harness then does. */
function cannotOpen(input: HookScriptInput): string {
  const reg = input.registration;
  if (input.direct) return `the shell exits 127, ${exitConsequence(reg, 127)}`;
  const interpreter = input.interpreter ?? "its interpreter";
  const code = input.interpreter !== undefined ? CANNOT_OPEN_EXIT[input.interpreter] : undefined;
  if (code === undefined) return `${interpreter} cannot open it, so the hook fails every time it fires`;
  return `${interpreter} cannot open it and exits ${code}, ${exitConsequence(reg, code)}`;
}

/** Phantom payload variables read in the command string itself (`jq <<< "$CLAUDE_TOOL_INPUT"`). */
export function checkInlineCommand(reg: HookRegistration): LintFinding[] {
  if (reg.command === undefined) return [];
  const out: LintFinding[] = [];
  for (const name of PHANTOM_PAYLOAD_VARS) {
    if (new RegExp(`\\$\\{?${name}\\b`).test(reg.command)) {
      out.push(
        finding(
          envPayloadRule,
          reg.file,
          reg.commandRange,
          `The command reads $${name}, which Claude Code never sets: the payload is JSON on stdin.`,
        ),
      );
    }
  }
  return out;
}

/**
 * Every rule over one hook script. `vocabulary: false` leaves out the checks of Claude Code's answer
 * and payload vocabulary (`CLAUDE_TOOL_*` env reads, permissionDecision and legacy decision values):
 * a harness that reads its hooks files with rules of its own (Gemini CLI's `decision: "deny"` blocks
 * and `"allow"` is its default) is judged on those by its dialect's rules, not these.
 */
export function checkHookScript(input: HookScriptInput, vocabulary = true): LintFinding[] {
  const reg = input.registration;
  const at = reg.commandRange ?? reg.handlerRange;
  if (!input.exists) {
    // A path in one user's home directory in a shared file: `home-path-in-shared-hook` says why.
    if (sharedHomePath(reg) !== undefined) return [];
    return [
      finding(
        hookScriptMissingRule,
        reg.file,
        at,
        `${reg.event} hook script ${input.file} does not exist: ${cannotOpen(input)}.`,
      ),
    ];
  }
  const out: LintFinding[] = [];
  if (input.direct && !input.executable) {
    out.push(
      finding(
        hookScriptNotExecutableRule,
        reg.file,
        at,
        `${reg.event} hook script ${input.file} is run directly but has no run bit: the shell exits 126, ${exitConsequence(reg, 126)}.`,
      ),
    );
  }
  if (input.source === undefined) return out;
  const facts = scanHookSource(input.source, input.language);
  for (const read of vocabulary ? facts.envReads : []) {
    out.push(
      finding(
        envPayloadRule,
        input.file,
        read.at,
        `Reads ${read.name}, which Claude Code never sets: this hook sees no payload and does nothing.`,
      ),
    );
  }
  for (const d of vocabulary ? facts.decisions : []) {
    const allowed = d.key === "permissionDecision" ? PERMISSION_DECISIONS : LEGACY_DECISIONS;
    if (allowed.includes(d.value)) continue;
    const via =
      d.variable !== undefined
        ? ` (assigned to ${d.variable.name} here and printed as ${d.key} on line ${d.variable.usedOnLine})`
        : "";
    // `decision: "defer"` (or allow/deny/ask) is a permissionDecision value under the wrong key:
    // the harness reads `decision` only as the legacy approve/block, so the verdict is lost.
    const wrongKey = d.key === "decision" && PERMISSION_DECISIONS.includes(d.value);
    out.push(
      finding(
        invalidDecisionRule,
        input.file,
        d.at,
        wrongKey
          ? `decision "${d.value}"${via} is a permissionDecision value under the wrong key: \`decision\` takes only ` +
              `${LEGACY_DECISIONS.join(" or ")}, so this verdict is not read and the tool runs.`
          : `${d.key} "${d.value}"${via} is outside the contract (${allowed.join(", ")}): the harness ignores it and the tool runs.`,
        {
          fix: wrongKey
            ? `Write hookSpecificOutput.permissionDecision "${d.value}" (with hookEventName), not decision.`
            : d.key === "permissionDecision"
              ? `Write permissionDecision "deny" to block${d.value === "warn" ? ', or "ask" to ask the user' : ""}.`
              : 'Write decision "block" to block, or leave it out to allow.',
        },
      ),
    );
  }
  const budget = reg.timeoutSeconds ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
  const detached = detachedCode(input.source, input.language);
  for (const t of facts.timeouts) {
    if (t.seconds < budget) continue;
    // A subprocess in a detached child the hook leaves behind is not bounded by the hook's budget.
    if (inDetachedChild(detached, t.at.line)) continue;
    out.push(
      finding(
        subprocessTimeoutRule,
        input.file,
        t.at,
        `A subprocess may run ${t.seconds} s, but the ${reg.event} hook's budget is ${budget} s` +
          `${reg.timeoutSeconds === undefined ? " (the default)" : ` (registered in ${reg.file})`}: ` +
          "the harness kills the hook first and no verdict is given.",
      ),
    );
  }
  return out;
}
