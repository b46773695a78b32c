#!/bin/sh
# Denies rm -rf, but prints its reason as JSON and then exits 2.
input=$(cat)
case "$input" in
  *"rm -rf"*)
    echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}'
    exit 2
    ;;
esac
exit 0
