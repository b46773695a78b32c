#!/bin/bash
# One guard for Claude Code and Copilot: exit 2 denies on both PreToolUse events, exit 0 allows on both.
if grep -q "rm -rf"; then
  echo "no rm -rf" >&2
  exit 2
fi
exit 0
