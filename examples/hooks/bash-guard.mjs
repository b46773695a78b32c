#!/usr/bin/env node
// A PreToolUse guard for the Bash tool: denies force pushes, rm -rf of / ~ $HOME .. *, piping the
// network into a shell, raw disk writes, mkfs, chmod -R 777 /, fork bombs, git reset --hard /
// git clean -fdx, and DROP DATABASE, also behind sudo, env, sh -c, ;, &&, subshells, quotes and
// absolute paths. It reads the event from stdin (never from env vars) and answers with the JSON
// the harness understands ("deny", not "block"). No dependencies: copy it into a project as is.
import { readFileSync } from "node:fs";

function readEvent() {
  try {
    return JSON.parse(readFileSync(0, "utf8"));
  } catch {
    return {}; // fail open on a malformed payload: a broken guard must not wedge the session
  }
}

/** The command without quotes, binary paths shortened, split into simple commands. */
function segments(command) {
  const flat = command
    .replace(/["'\\]/g, "")
    .replace(/(^|[\s;&|(`])\/(?:usr\/)?(?:local\/)?s?bin\/(\w)/g, "$1$2");
  return flat
    .split(/\$\(|<\(|`|&&|\|\||[;|()\n]/)
    .map((s) => unwrap(s.trim()))
    .filter(Boolean);
}

/** Strips wrappers that run the rest as a command: sudo, env, command, VAR=value, sh -c. */
function unwrap(segment) {
  let s = segment;
  for (;;) {
    const next = s
      .replace(/^\{\s*/, "")
      .replace(/^(?:sudo|doas|env|command|exec|nohup|time|nice)(?:\s+-\S+)*\s+/, "")
      .replace(/^[A-Za-z_][A-Za-z0-9_]*=\S*\s+/, "")
      .replace(/^(?:ba|z|da|k)?sh\s+-c\s+/, "");
    if (next === s) return s;
    s = next;
  }
}

const words = (s) => s.split(/\s+/);
const DANGEROUS_TARGETS = new Set([
  "/",
  "/*",
  "~",
  "~/",
  "$HOME",
  "${HOME}",
  "$HOME/",
  "..",
  "../",
  "*",
  ".",
  "./",
]);

function checkSegment(s) {
  const w = words(s);
  if (w[0] === "git") {
    let i = 1;
    while (w[i]?.startsWith("-")) i += w[i] === "-C" || w[i] === "-c" ? 2 : 1; // global options
    const sub = w[i];
    const rest = w.slice(i + 1);
    if (sub === "push") {
      if (rest.some((a) => /^--force(-with-lease|-if-includes)?(=|$)/.test(a) || /^-[a-z]*f[a-z]*$/.test(a)))
        return "force push";
      if (rest.some((a) => a.startsWith("+"))) return "force push (+refspec)";
    }
    if (sub === "reset" && rest.includes("--hard")) return "git reset --hard discards work";
    if (sub === "clean" && rest.some((a) => /^-[a-z]*f/.test(a)) && !rest.includes("-n"))
      return "git clean -f deletes untracked files";
  }
  if (w[0] === "rm") {
    const flags = w.slice(1).filter((a) => a.startsWith("-") && a !== "--");
    const recursive = flags.some((f) => f === "--recursive" || /^-[a-zA-Z]*[rR]/.test(f));
    const targets = w.slice(1).filter((a) => !a.startsWith("-"));
    if (flags.includes("--no-preserve-root")) return "rm --no-preserve-root";
    if (recursive && targets.some((t) => DANGEROUS_TARGETS.has(t))) return `rm -r of ${targets.join(" ")}`;
  }
  if (w[0] === "dd" && w.some((a) => /^of=\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk)/.test(a)))
    return "dd onto a block device";
  if (/^mkfs(\.|$)/.test(w[0] ?? "")) return "mkfs formats a device";
  if (w[0] === "chmod") {
    const recursive = w.some((a) => a === "-R" || a === "--recursive" || /^-[a-zA-Z]*R/.test(a));
    if (recursive && w.includes("/") && w.some((a) => /^(0?777|a\+rwx|ugo\+rwx)$/.test(a)))
      return "chmod -R 777 /";
  }
  return undefined;
}

function verdict(command) {
  if (/(\S+)\s*\(\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}/.test(command)) return "fork bomb";
  if (/\bdrop\s+database\b/i.test(command)) return "DROP DATABASE";
  const flat = command.replace(/["']/g, "");
  if (/\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b/.test(flat))
    return "piping a download into a shell";
  if (/(<\(|\$\()\s*(curl|wget)\b/.test(flat)) return "running a download through a shell";
  for (const s of segments(command)) {
    const why = checkSegment(s);
    if (why) return why;
  }
  return undefined;
}

const event = readEvent();
if (event.tool_name === "Bash" && typeof event.tool_input?.command === "string") {
  const why = verdict(event.tool_input.command);
  if (why) {
    process.stdout.write(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: `bash-guard: ${why}. Ask the user to run it themselves if it is really meant.`,
        },
      }),
    );
  }
}
