#!/bin/sh
# POSIX case instead of [[ ]]: the same test under dash.
input=$(cat)
case "$input" in
  *"rm -rf"*) printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}' ;;
esac
exit 0
