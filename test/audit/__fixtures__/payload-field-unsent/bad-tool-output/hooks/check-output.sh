#!/bin/sh
# Tells the model when a command printed a secret. Claude Code sends the result as tool_response:
# .tool_output is always null here, so the check never fires.
out=$(jq -r '.tool_output.stdout // ""')
case "$out" in
  *"BEGIN PRIVATE KEY"*)
    printf '%s\n' '{"decision":"block","reason":"The output holds a private key: do not repeat it."}' ;;
esac
exit 0
