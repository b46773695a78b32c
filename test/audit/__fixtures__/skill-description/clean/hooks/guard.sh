#!/bin/sh
# Reads the PreToolUse payload from stdin and denies rm -rf.
input=$(cat)
case "$input" in
  *"rm -rf"*) printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}' ;;
esac
exit 0
