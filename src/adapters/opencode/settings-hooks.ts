/**
 * The spec's `settings.hooks` (Claude Code's shape, so one spec reads every harness) as an OpenCode
 * plugin: OpenCode runs no command hooks, only in-process plugins, so vigiles writes a plugin whose
 * `tool.execute.before` runs each matching PreToolUse command and `tool.execute.after` each
 * PostToolUse command, with Claude Code's payload on stdin (`tool_name` in Claude Code's names, the
 * arguments as OpenCode passed them). A PreToolUse exit 2, or a `deny` / `block` answer, throws with
 * the reason (OpenCode's way to block a call). The plugin is a project plugin like any other, so it
 * is recorded by the same wrapper. Other events have no OpenCode counterpart and are refused.
 */
import { isRecord } from "../../core/is-record.js";
import { OpenCodeUnsupportedError } from "./errors.js";
import { CLAUDE_TO_OPENCODE_TOOL } from "./mock/tool-names.js";

/** Where the translated hooks are written in the work dir (a project plugin OpenCode loads). */
export const SETTINGS_HOOKS_PLUGIN = ".opencode/plugin/vigiles-settings-hooks.js";

interface CommandHook {
  readonly matcher?: string;
  readonly command: string;
  readonly timeoutSeconds: number;
}

const EVENTS = ["PreToolUse", "PostToolUse"] as const;

/** The command hooks of `settings.hooks`, by event; throws for what does not carry over. */
export function readClaudeCommandHooks(hooks: unknown): Record<string, CommandHook[]> {
  if (!isRecord(hooks))
    throw new OpenCodeUnsupportedError("take settings.hooks", "it must be an object keyed by event");
  const out: Record<string, CommandHook[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!(EVENTS as readonly string[]).includes(event))
      throw new OpenCodeUnsupportedError(
        `run a ${event} hook from settings.hooks`,
        "only PreToolUse and PostToolUse have plugin counterparts (tool.execute.before / after); write a plugin under .opencode/plugin",
      );
    if (!Array.isArray(groups))
      throw new OpenCodeUnsupportedError(`take settings.hooks.${event}`, "it must be a list");
    out[event] = groups.flatMap((group: unknown) => {
      if (!isRecord(group) || !Array.isArray(group["hooks"])) return [];
      const matcher = typeof group["matcher"] === "string" ? group["matcher"] : undefined;
      return group["hooks"].map((handler: unknown): CommandHook => {
        if (!isRecord(handler) || handler["type"] !== "command" || typeof handler["command"] !== "string")
          throw new OpenCodeUnsupportedError(`run a ${event} handler`, "only command hooks carry over");
        const timeout = typeof handler["timeout"] === "number" ? handler["timeout"] : 60;
        return {
          ...(matcher !== undefined ? { matcher } : {}),
          command: handler["command"],
          timeoutSeconds: timeout,
        };
      });
    });
  }
  return out;
}

/** The plugin's source: the hooks as data and a runner that speaks Claude Code's hook protocol. */
export function settingsHooksPluginSource(hooks: Record<string, CommandHook[]>): string {
  const claudeNames = Object.fromEntries(Object.entries(CLAUDE_TO_OPENCODE_TOOL).map(([c, o]) => [o, c]));
  return `// vigiles: the spec's settings.hooks (Claude Code's shape) run as an OpenCode plugin.
import { spawn } from "node:child_process";
const HOOKS = ${JSON.stringify(hooks)};
const CLAUDE_NAMES = ${JSON.stringify(claudeNames)};
function matches(matcher, name) {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  if (/^[A-Za-z0-9_|]+$/.test(matcher)) return matcher.split("|").includes(name);
  try { return new RegExp(matcher).test(name); } catch { return false; }
}
function runCommand(hook, payload, dir) {
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", hook.command], { cwd: dir, env: { ...process.env, CLAUDE_PROJECT_DIR: dir }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), hook.timeoutSeconds * 1000);
    child.on("error", (e) => { clearTimeout(timer); resolve({ code: 127, stdout, stderr: stderr + String(e) }); });
    child.on("close", (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}
function denial(stdout) {
  try {
    const answer = JSON.parse(stdout);
    const specific = answer?.hookSpecificOutput;
    if (specific?.permissionDecision === "deny") return specific.permissionDecisionReason || "denied by hook";
    if (answer?.decision === "block") return answer.reason || "blocked by hook";
  } catch {}
  return undefined;
}
async function run(event, tool, args, sessionID, dir, extra) {
  const name = CLAUDE_NAMES[tool] ?? tool;
  for (const hook of HOOKS[event] ?? []) {
    if (!matches(hook.matcher, name)) continue;
    const payload = { hook_event_name: event, session_id: sessionID, cwd: dir, tool_name: name, tool_input: args, ...extra };
    const r = await runCommand(hook, payload, dir);
    if (event !== "PreToolUse") continue;
    if (r.code === 2) throw new Error(r.stderr.trim() || "blocked by hook");
    const reason = r.code === 0 ? denial(r.stdout) : undefined;
    if (reason !== undefined) throw new Error(reason);
  }
}
export const VigilesSettingsHooks = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => run("PreToolUse", input.tool, output.args, input.sessionID, directory, {}),
  "tool.execute.after": async (input, output) =>
    run("PostToolUse", input.tool, input.args, input.sessionID, directory, { tool_response: output?.output }),
});
`;
}
