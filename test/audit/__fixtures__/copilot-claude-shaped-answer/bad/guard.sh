#!/bin/bash
# Ported from Claude Code: Copilot ignores this shape on a camelCase event.
if grep -q "rm -rf"; then echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'; fi
exit 0
