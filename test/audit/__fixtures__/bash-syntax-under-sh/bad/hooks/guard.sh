#!/bin/sh
# Runs under sh (dash): [[ is "not found", the test is false, and rm -rf is never denied.
input=$(cat)
if [[ "$input" == *"rm -rf"* ]]; then
  printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}'
fi
exit 0
