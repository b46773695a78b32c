#!/bin/sh
# PreToolUse guard for Bash, in plain POSIX sh: reads the event from stdin (Claude Code never puts
# it in env vars) and denies with the JSON the harness understands: "deny", never "block".
# It matches patterns over the raw payload, so it is quick and dependency-free but cannot see through
# every wrapper; programs/guard.hook.mjs does the same job with a real shell parser.
payload=$(cat)
deny() {
  printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"%s"}}\n' "$1"
  exit 0
}
matches() { printf '%s' "$payload" | grep -Eq -- "$1"; }

matches 'git[^"]* push[^"]*( -[a-zA-Z]*f|--force| \+[A-Za-z0-9_/.-]+)' && deny "guard-plugin: force pushes rewrite shared history"
matches 'rm -[a-zA-Z]*(r[a-zA-Z]*f|f[a-zA-Z]*r)[a-zA-Z]* +(/|~|\$HOME|\.\.|\*)' && deny "guard-plugin: rm -rf of a root, home, parent or glob"
matches '(curl|wget)[^"|]*\| *(sudo +)?(ba|z|da)?sh' && deny "guard-plugin: piping the network into a shell"
matches 'git[^"]* reset --hard' && deny "guard-plugin: git reset --hard throws work away"
matches 'DROP DATABASE' && deny "guard-plugin: DROP DATABASE"
exit 0
