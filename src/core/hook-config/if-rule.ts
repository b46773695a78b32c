/**
 * `if:` permission rules on hook handlers: `Bash(git push:*)`, `Edit(src/**)`, `WebFetch(domain:x)`.
 * Since Claude Code 2.1.214 a relative `dir/**` in `if:` matches only `<cwd>/dir` (any depth needs
 * `**\/dir/**`), while deny/ask permission rules kept their any-depth reading: this file encodes
 * the `if:` reading.
 */
import { isAbsolute, posix, relative, sep } from "node:path";
import picomatch from "picomatch";

export interface RuleContext {
  /** The session's working directory (the payload's `cwd`). */
  readonly cwd: string;
  /** Where `/path` rules are anchored (the project root). Default: cwd. */
  readonly projectDir?: string;
  /** For `~/path` rules. */
  readonly home?: string;
}

export interface RuleVerdict {
  readonly matches: boolean;
  readonly reason: string;
}

/** `Tool` or `Tool(content)`. */
export function parsePermissionRule(rule: string): { tool: string; content?: string } | undefined {
  const m = /^\s*([^()\s]+)\s*(?:\((.*)\))?\s*$/s.exec(rule);
  if (!m || m[1] === undefined) return undefined;
  return m[2] === undefined ? { tool: m[1] } : { tool: m[1], content: m[2] };
}

const FILE_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit", "Read", "Glob", "Grep"]);

function toolMatches(ruleTool: string, toolName: string): boolean {
  if (ruleTool === toolName) return true;
  if (ruleTool === "Agent" || ruleTool === "Task") return toolName === "Agent" || toolName === "Task";
  // mcp__server matches every tool of that server; `*` is a wildcard.
  if (/^mcp__[^_]+(?:_[^_]+)*$/.test(ruleTool) && !ruleTool.slice(5).includes("__")) {
    return toolName.startsWith(`${ruleTool}__`);
  }
  if (ruleTool.includes("*")) return picomatch.isMatch(toolName, ruleTool);
  return false;
}

/** Splits a shell command into its simple commands at `&&`, `||`, `;`, `|` and newlines, outside quotes. */
export function splitCommand(command: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (quote) {
      current += c;
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < command.length) current += command[++i];
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      current += c;
    } else if (c === "\\" && i + 1 < command.length) {
      current += c + command[++i];
    } else if (c === ";" || c === "\n" || c === "|" || (c === "&" && command[i + 1] === "&")) {
      if (c === "&" || (c === "|" && command[i + 1] === "|")) i++;
      parts.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts
    .map((p) =>
      p
        .trim()
        .replace(/^[({]\s*/, "")
        .replace(/\s*[)}]$/, ""),
    )
    .filter((p) => p !== "");
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Bash rule content: `git push:*` (prefix), `git push *` (prefix at a word boundary), `a*b` (wildcards), or exact. */
function bashPatternMatches(pattern: string, command: string): boolean {
  const prefix = pattern.endsWith(":*")
    ? pattern.slice(0, -2)
    : pattern.endsWith(" *")
      ? pattern.slice(0, -2)
      : undefined;
  if (prefix !== undefined && !prefix.includes("*")) {
    return (
      command === prefix ||
      command.startsWith(`${prefix} `) ||
      (pattern.endsWith(":*") && command.startsWith(prefix))
    );
  }
  if (pattern.includes("*")) {
    const re = new RegExp(`^${pattern.split("*").map(escapeRegex).join(".*")}$`, "s");
    return re.test(command);
  }
  return command === pattern;
}

function filePathOf(toolInput: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of ["file_path", "notebook_path", "path"]) {
    const v = toolInput[key];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
}

const toPosix = (p: string): string => p.split(sep).join("/");

function pathRuleMatches(pattern: string, target: string, ctx: RuleContext): RuleVerdict {
  const abs = isAbsolute(target) ? target : posix.join(toPosix(ctx.cwd), toPosix(target));
  const opts = { dot: true };
  if (pattern.startsWith("//")) {
    const ok = picomatch.isMatch(abs, pattern.slice(1), opts);
    return {
      matches: ok,
      reason: `absolute pattern ${pattern.slice(1)} ${ok ? "matches" : "does not match"} ${abs}`,
    };
  }
  let base = ctx.cwd;
  let rest = pattern;
  if (pattern.startsWith("~/")) {
    if (!ctx.home) return { matches: false, reason: `${pattern} needs a home directory, and none is known` };
    base = ctx.home;
    rest = pattern.slice(2);
  } else if (pattern.startsWith("/")) {
    base = ctx.projectDir ?? ctx.cwd;
    rest = pattern.slice(1);
  } else if (pattern.startsWith("./")) {
    rest = pattern.slice(2);
  }
  const rel = toPosix(relative(base, abs));
  if (rel.startsWith("..") || isAbsolute(rel)) {
    return { matches: false, reason: `${abs} is outside ${base}, where ${pattern} is anchored` };
  }
  // A pattern without a slash (`*.ts`) matches a file name at any depth; one with a slash is
  // anchored where it starts (since 2.1.214 `dir/**` means only <cwd>/dir).
  const anchored = rest.replace(/\/$/, "").includes("/");
  const ok = anchored ? picomatch.isMatch(rel, rest, opts) : picomatch.isMatch(rel, `**/${rest}`, opts);
  return {
    matches: ok,
    reason: `${anchored ? "anchored" : "any-depth"} pattern ${JSON.stringify(pattern)} ${ok ? "matches" : "does not match"} ${JSON.stringify(rel)} (relative to ${base})`,
  };
}

/**
 * Whether an `if:` permission rule selects a tool call. Contents vigiles does not know how to read
 * are reported as not matching, with a reason, rather than guessed.
 *
 * @example
 * permissionRuleMatches("Bash(git push:*)", "Bash", { command: "git push -f" }, { cwd: "/repo" }).matches; // true
 */
export function permissionRuleMatches(
  rule: string,
  toolName: string,
  toolInput: Readonly<Record<string, unknown>>,
  ctx: RuleContext,
): RuleVerdict {
  const parsed = parsePermissionRule(rule);
  if (!parsed)
    return {
      matches: false,
      reason: `${JSON.stringify(rule)} is not a permission rule (Tool or Tool(content))`,
    };
  const { tool, content } = parsed;
  if (!toolMatches(tool, toolName))
    return { matches: false, reason: `rule is for ${tool}, the tool is ${toolName}` };
  if (content === undefined || content === "" || content === "*") {
    return { matches: true, reason: `rule ${JSON.stringify(rule)} matches every ${toolName} call` };
  }
  if (tool === "Bash") {
    const command = typeof toolInput.command === "string" ? toolInput.command : "";
    const parts = [command.trim(), ...splitCommand(command)];
    const hit = parts.find((p) => bashPatternMatches(content, p));
    return hit !== undefined
      ? { matches: true, reason: `Bash(${content}) matches ${JSON.stringify(hit)}` }
      : { matches: false, reason: `Bash(${content}) matches no part of ${JSON.stringify(command)}` };
  }
  if (FILE_TOOLS.has(tool)) {
    const target = filePathOf(toolInput) ?? ".";
    return pathRuleMatches(content, target, ctx);
  }
  if (tool === "WebFetch" && content.startsWith("domain:")) {
    const domain = content.slice("domain:".length);
    let host = "";
    try {
      host = new URL(String(toolInput.url ?? "")).hostname;
    } catch {
      return { matches: false, reason: `WebFetch url ${JSON.stringify(toolInput.url)} is not a URL` };
    }
    const ok = host === domain || host.endsWith(`.${domain}`);
    return { matches: ok, reason: `host ${host} ${ok ? "is" : "is not"} ${domain}` };
  }
  const named =
    tool === "Skill"
      ? (toolInput.skill ?? toolInput.command)
      : tool === "Agent" || tool === "Task"
        ? toolInput.subagent_type
        : undefined;
  if (typeof named === "string") {
    const ok = bashPatternMatches(content, named);
    return {
      matches: ok,
      reason: `${tool}(${content}) ${ok ? "matches" : "does not match"} ${JSON.stringify(named)}`,
    };
  }
  return {
    matches: false,
    reason: `vigiles does not know how ${tool}(${content}) rules read a ${toolName} input; not selected`,
  };
}
