#!/bin/sh
# Denies rm -rf, but prints its reason as JSON and then exits 0.
input=$(cat)
case "$input" in
  *"rm -rf"*)
    echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}'
    exit 0
    ;;
esac
exit 0
