#!/bin/bash
# Reads Copilot's own field (and Claude's, for a script shared by both).
cmd=$(jq -r '(.toolArgs // .tool_input).command // ""')
case "$cmd" in
  *"rm -rf"*) echo '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}' ;;
esac
exit 0
