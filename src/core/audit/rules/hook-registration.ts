/**
 * Rules over one hook registration: its event, matcher, `if:` condition and command string.
 */
import { dialectEvent, dialectEventNames } from "../../dialect.js";
import { isToolEventOf, matcherSubjectOf } from "../../hook-config/dialect-matcher.js";
import { matcherMatches, parseMatcher } from "../hook-events.js";
import { findScriptWord, isRelativePath, scanCommand, type CommandWord } from "../command-words.js";
import { finding, subRange } from "../finding.js";
import type { HookRegistration } from "../hooks-config.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export const unknownEventRule: LintRuleMeta = {
  id: "unknown-event",
  severity: "error",
  behaviour:
    "The harness fires hooks only for the events it knows (33 in Claude Code 2.1.328; each harness has its own list); " +
    "a hook under any other name is accepted and never runs.",
  fix: "Use the exact, case-sensitive event name.",
  autofix: false,
};

export const unpinnedEventRule: LintRuleMeta = {
  id: "unpinned-event",
  severity: "warning",
  behaviour:
    "The installed CLI carries this hook event, but vigiles has not pinned what a hook there receives or can " +
    "do: the static audit and explain cannot judge it.",
  fix: "Check the hook in a harness test (runHarnessTest) on this release, or use an event vigiles models.",
  autofix: false,
};

export const matcherIgnoredRule: LintRuleMeta = {
  id: "matcher-ignored",
  severity: "warning",
  behaviour:
    "Events such as UserPromptSubmit, Stop and PostToolBatch take no matcher: the harness ignores it and the " +
    "hook fires on every occurrence, not only the ones the matcher names.",
  fix: "Remove the matcher and filter inside the hook, reading the event's fields from stdin.",
  autofix: false,
};

export const sessionStartForkRule: LintRuleMeta = {
  id: "session-start-fork",
  severity: "warning",
  behaviour:
    'SessionStart gained the source "fork" in 2.1.212: a matcher that lists sources without it silently stops ' +
    "firing for forked sessions.",
  fix:
    'Add "fork" to the matcher; if forks are meant to be skipped, turn the rule off for this project ' +
    '(`audit: { rules: { "session-start-fork": "off" } }` in vigiles.config.*) or accept the finding with ' +
    "`vigiles audit --update-baseline` (a hooks file is JSON: it has no comment to say why).",
  autofix: false,
};

export const taskMatcherRule: LintRuleMeta = {
  id: "task-matcher-without-agent",
  severity: "error",
  behaviour:
    'The subagent tool is named "Agent" since 2.1.63 (it was "Task"); a matcher that names Task but not Agent ' +
    "never fires for subagent calls.",
  fix: 'Match both names: "Agent|Task".',
  autofix: false,
};

export const ifDirGlobRule: LintRuleMeta = {
  id: "if-dir-glob",
  severity: "warning",
  behaviour:
    "Since 2.1.214 a hook `if:` pattern `dir/**` matches only <cwd>/dir, not a `dir` at any depth (permission " +
    "deny/ask rules kept the old any-depth meaning, so copying a pattern between them changes its scope).",
  fix: "Write `**/dir/**` to match at any depth, or `./dir/**` to make the root-only scope explicit.",
  autofix: false,
};

export const unquotedPluginRootRule: LintRuleMeta = {
  id: "unquoted-plugin-root",
  severity: "error",
  behaviour:
    "Claude Code 2.1.328 runs a shell-form hook command under `sh -c` with CLAUDE_PLUGIN_ROOT in the environment " +
    "(it substitutes the value textually only in the exec form, `args`), and a harness that substitutes its own " +
    "placeholder textually before its shell runs the command (the dialect's pluginRootPlaceholders) is the same: " +
    "an unquoted plugin root splits where the install path holds a space. What follows depends on the word: as the program, the shell " +
    "exits 127 (a non-blocking error: the action proceeds); after python3, python exits 2, which blocks every " +
    "matching call on an event where exit 2 blocks (fail closed); after node, node exits 1 (proceeds).",
  fix: 'Wrap the path in double quotes: "${CLAUDE_PLUGIN_ROOT}/hooks/script.sh" (or the harness\'s own placeholder).',
  autofix: true,
};

export const unquotedProjectDirRule: LintRuleMeta = {
  id: "unquoted-project-dir",
  severity: "error",
  behaviour:
    "CLAUDE_PROJECT_DIR is the project's absolute path, set in every hook's environment; a project under a " +
    'directory with a space ("My Projects") splits an unquoted $CLAUDE_PROJECT_DIR into several words, and the ' +
    "hook fails the way an unquoted plugin root does (exit 127 and the action proceeds, or python's exit 2 blocks).",
  fix: 'Wrap the path in double quotes: "$CLAUDE_PROJECT_DIR/.claude/hooks/script.sh".',
  autofix: true,
};

export const relativeHookPathRule: LintRuleMeta = {
  id: "relative-hook-path",
  severity: "error",
  behaviour:
    "Hook commands run from the session's current directory (which moves when the agent cd's), and installed " +
    "plugins run from the plugin cache: a relative script path misses and the hook fails open.",
  fix: 'Anchor the path: "${CLAUDE_PLUGIN_ROOT}/…" in a plugin, "$CLAUDE_PROJECT_DIR/…" in project settings.',
  autofix: false,
};

export const hookRegistrationRules: readonly LintRuleMeta[] = [
  unknownEventRule,
  unpinnedEventRule,
  matcherIgnoredRule,
  sessionStartForkRule,
  taskMatcherRule,
  ifDirGlobRule,
  unquotedPluginRootRule,
  unquotedProjectDirRule,
  relativeHookPathRule,
];

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      prev = tmp;
    }
  }
  return row[b.length] as number;
}

function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = levenshtein(name.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function checkEvent(reg: HookRegistration): LintFinding[] {
  const events = dialectEventNames(reg.dialect);
  if (events.includes(reg.event)) return [];
  if (reg.dialect.unpinnedEvents?.includes(reg.event) === true)
    return [
      finding(
        unpinnedEventRule,
        reg.file,
        reg.eventRange,
        `"${reg.event}" is in ${reg.dialect.displayName}'s CLI, but vigiles has not pinned what a hook on it receives or can do; the audit cannot judge this hook.`,
      ),
    ];
  const suggestion = closest(reg.event, events);
  const harness = reg.dialect.displayName;
  return [
    finding(
      unknownEventRule,
      reg.file,
      reg.eventRange,
      `"${reg.event}" is not a ${harness} hook event: this hook never runs.` +
        (suggestion !== undefined ? ` Did you mean "${suggestion}"?` : ""),
      suggestion !== undefined ? { fix: `Rename the event to "${suggestion}".` } : undefined,
    ),
  ];
}

function checkMatcher(reg: HookRegistration): LintFinding[] {
  if (reg.matcher === undefined || reg.matcherRange === undefined) return [];
  const out: LintFinding[] = [];
  const event = dialectEvent(reg.dialect, reg.event);
  const known = event !== undefined;
  const takesMatcher = matcherSubjectOf(reg.dialect, reg.event) !== undefined;
  const form = parseMatcher(reg.matcher);
  if (known && !takesMatcher && form.kind !== "all") {
    out.push(
      finding(
        matcherIgnoredRule,
        reg.file,
        reg.matcherRange,
        `${reg.event} takes no matcher: "${reg.matcher}" is ignored and the hook fires on every ${reg.event}.`,
      ),
    );
  }
  const sources = reg.event === "SessionStart" ? (event?.matcherValues ?? []) : [];
  if (sources.includes("fork") && form.kind === "names") {
    const listed = form.names.filter((n) => sources.includes(n));
    // A fork continues a conversation in a new session, as resume continues one: a matcher that
    // lists resume wants continued conversations and misses forks by oversight. One that leaves
    // resume out ("startup|clear", "startup|clear|compact") runs on fresh starts or moments only
    // and is right to skip forks (two false alarms on public hooks before this).
    if (listed.includes("resume") && !form.names.includes("fork")) {
      out.push(
        finding(
          sessionStartForkRule,
          reg.file,
          reg.matcherRange,
          `SessionStart matcher "${reg.matcher}" lists ${listed.join(", ")} but not "fork": the hook never runs for forked sessions.`,
        ),
      );
    }
  }
  if (isToolEventOf(reg.dialect, reg.event) && form.kind !== "all") {
    if (matcherMatches(reg.matcher, "Task") && !matcherMatches(reg.matcher, "Agent")) {
      out.push(
        finding(
          taskMatcherRule,
          reg.file,
          reg.matcherRange,
          `Matcher "${reg.matcher}" matches the old tool name "Task" but not "Agent": subagent calls pass unhooked.`,
        ),
      );
    }
  }
  return out;
}

/** Path patterns inside a permission-rule condition such as `Edit(src/**)` or `Bash(rm -rf build/**)`. */
function dirGlobs(condition: string): { pattern: string; start: number }[] {
  const out: { pattern: string; start: number }[] = [];
  const open = condition.indexOf("(");
  const close = condition.lastIndexOf(")");
  if (open === -1 || close <= open) return out;
  const inner = condition.slice(open + 1, close);
  const re = /\S+/g;
  for (let m = re.exec(inner); m !== null; m = re.exec(inner)) {
    if (/^[^/*\s~.$][^/*\s]*\/\*\*$/.test(m[0])) out.push({ pattern: m[0], start: open + 1 + m.index });
  }
  return out;
}

function checkCondition(reg: HookRegistration): LintFinding[] {
  if (reg.condition === undefined || reg.conditionRange === undefined) return [];
  const range = reg.conditionRange;
  return dirGlobs(reg.condition).map(({ pattern, start }) =>
    finding(
      ifDirGlobRule,
      reg.file,
      subRange(range, start, start + pattern.length),
      `\`if:\` pattern "${pattern}" matches only <cwd>/${pattern.slice(0, -3)} since 2.1.214, not that directory at any depth.`,
      {
        fix: `Write "**/${pattern}" to match at any depth, or "./${pattern}" to keep the root-only scope explicit.`,
      },
    ),
  );
}

/**
 * The dialect's plugin-root placeholders as one pattern: `${CLAUDE_PLUGIN_ROOT}` (also `$NAME`, an
 * environment variable under Claude Code and Codex) or Gemini CLI's `${extensionPath}`, which it
 * substitutes textually before bash runs the command: unquoted, both split on a space.
 */
function pluginRootPattern(dialect: HookRegistration["dialect"]): RegExp | undefined {
  const parts = dialect.pluginRootPlaceholders.flatMap((p) => {
    const name = /^\$\{(\w+)\}$/.exec(p)?.[1];
    if (name === undefined) return [];
    return /^[A-Z_][A-Z0-9_]*$/.test(name) ? [`\\$\\{${name}\\}`, `\\$${name}\\b`] : [`\\$\\{${name}\\}`];
  });
  return parts.length === 0 ? undefined : new RegExp(parts.join("|"), "g");
}
const PROJECT_DIR = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b/g;

/**
 * Interpreters whose "cannot open the script" exit code was checked here (Python 3.11, Node 20,
 * bash 5, perl 5). `sh` differs by system: dash exits 2, bash-as-sh (macOS) 127.
 */
const INTERPRETER_EXIT: Readonly<Record<string, number>> = {
  python3: 2,
  node: 1,
  bash: 127,
  perl: 2,
};

/** What happens when `word` splits: which program sees the broken path, and the hook's fate. */
function splitConsequence(reg: HookRegistration, words: readonly CommandWord[], word: CommandWord): string {
  const plain = words.filter((w) => !w.operator);
  const index = plain.indexOf(word);
  const program = plain.slice(0, index).find((w) => !/^[A-Za-z_]\w*=/.test(w.value));
  const blocks = dialectEvent(reg.dialect, reg.event)?.rules.exit2Blocks === true;
  if (program === undefined)
    return "the shell cannot find the program (exit 127, a non-blocking error) and the action proceeds";
  const name = program.value.split("/").pop() ?? program.value;
  if (name === "sh")
    return `sh cannot open the script: dash exits 2 (${blocks ? `on ${reg.event} that blocks every time the hook fires` : "a non-blocking error here"}), bash as sh exits 127 (the action proceeds)`;
  const code = INTERPRETER_EXIT[name.replace(/\d+(?:\.\d+)?$/, "") === "python" ? "python3" : name];
  if (code === 2)
    return blocks
      ? `${name} cannot open the script and exits 2, which on ${reg.event} blocks every time the hook fires (fail closed)`
      : `${name} cannot open the script and exits 2 (on ${reg.event} a non-blocking error)`;
  if (code !== undefined)
    return `${name} cannot open the script and exits ${code}, a non-blocking error: the action proceeds`;
  return `${name} gets a broken path (its exit code, and so whether the action proceeds, is unverified)`;
}

function checkQuoting(
  reg: HookRegistration,
  pattern: RegExp,
  rule: LintRuleMeta,
  what: string,
): LintFinding[] {
  if (reg.command === undefined || reg.commandRange === undefined) return [];
  const command = reg.command;
  const { words, quoteAt } = scanCommand(command);
  const flagged: CommandWord[] = [];
  for (let m = pattern.exec(command); m !== null; m = pattern.exec(command)) {
    if (quoteAt[m.index] !== "none") continue;
    const at = m.index;
    const word = words.find((w) => !w.operator && w.start <= at && at < w.end);
    if (word !== undefined && !flagged.includes(word)) flagged.push(word);
  }
  pattern.lastIndex = 0;
  // One edit rewrites the whole command string, quoting every word that can be quoted safely
  // (no quotes or escapes inside it already); it rides on the first finding.
  const fixable = flagged.filter((w) => !w.quoted && !w.raw.includes("\\"));
  let fixed = command;
  for (const w of [...fixable].reverse()) fixed = `${fixed.slice(0, w.start)}"${w.raw}"${fixed.slice(w.end)}`;
  const range = reg.commandRange;
  return flagged.map((word, index) =>
    finding(
      rule,
      reg.file,
      subRange(range, word.start, word.end),
      `${word.raw} is not inside double quotes: ${what} with a space splits it, and ${splitConsequence(reg, words, word)}.`,
      {
        fix: `Write "${word.raw}" (in double quotes).`,
        ...(index === 0 &&
          fixable.length > 0 &&
          reg.commandOffsets !== undefined && {
            edits: [
              {
                file: reg.file,
                start: reg.commandOffsets[0],
                end: reg.commandOffsets[1],
                text: JSON.stringify(fixed),
              },
            ],
          }),
      },
    ),
  );
}

/** `unquoted-plugin-root` alone, for hook files whose harness reads them with rules of its own. */
export function checkPluginRootQuoting(reg: HookRegistration): LintFinding[] {
  const pattern = pluginRootPattern(reg.dialect);
  return pattern === undefined ? [] : checkQuoting(reg, pattern, unquotedPluginRootRule, "an install path");
}

function checkRelativePath(reg: HookRegistration): LintFinding[] {
  const script =
    reg.command !== undefined
      ? findScriptWord(reg.command)
      : reg.args !== undefined && reg.args[0] !== undefined
        ? findScriptWord(reg.args.map((a) => JSON.stringify(a)).join(" "))
        : undefined;
  if (script === undefined || !isRelativePath(script.word.value)) return [];
  const anchor = reg.pluginRoot !== undefined ? '"${CLAUDE_PLUGIN_ROOT}/' : '"$CLAUDE_PROJECT_DIR/';
  const cleaned = script.word.value.replace(/^\.\//, "");
  const range =
    reg.command !== undefined && reg.commandRange !== undefined
      ? subRange(reg.commandRange, script.word.start, script.word.end)
      : reg.handlerRange;
  return [
    finding(
      relativeHookPathRule,
      reg.file,
      range,
      `Hook script path "${script.word.value}" is relative: it resolves against whatever directory the session is in.`,
      { fix: `Write ${anchor}${cleaned}" instead.` },
    ),
  ];
}

/** Every registration rule over one registration. */
export function checkHookRegistration(reg: HookRegistration): LintFinding[] {
  return [
    ...checkEvent(reg),
    ...checkMatcher(reg),
    ...checkCondition(reg),
    ...checkPluginRootQuoting(reg),
    ...checkQuoting(reg, PROJECT_DIR, unquotedProjectDirRule, "a project path"),
    ...checkRelativePath(reg),
  ];
}
