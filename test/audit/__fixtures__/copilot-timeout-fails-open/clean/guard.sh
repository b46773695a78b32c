#!/bin/bash
# Denies rm -rf with Copilot's own answer shape. Its deny-list names npm and curl as strings it
# compares against, never runs them: nothing waits on the network (issue 35's false alarm).
input=$(cat)
if echo "$input" | grep -q "rm -rf"; then echo '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}'; fi
if echo "$input" | grep -qE 'npm publish|curl .* \| bash'; then echo '{"permissionDecision":"deny","permissionDecisionReason":"not here"}'; fi
if echo "$input" | grep -q "npm run commit"; then exit 0; fi
exit 0
