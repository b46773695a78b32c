#!/bin/bash
# One guard for Claude Code and Copilot. set -e: a failing grep exits 1, which Claude Code lets
# through and Copilot's preToolUse turns into a deny of every call.
set -e
payload=$(cat)
echo "$payload" | grep -q "rm -rf"
echo "no rm -rf" >&2
exit 2
