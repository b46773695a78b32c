#!/bin/bash
# Written for Claude Code: Copilot's camelCase preToolUse sends toolArgs, so this reads null.
cmd=$(jq -r '.tool_input.command // ""')
case "$cmd" in
  *"rm -rf"*) echo '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}' ;;
esac
exit 0
