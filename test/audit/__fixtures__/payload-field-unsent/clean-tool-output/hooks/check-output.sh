#!/bin/sh
# Tells the model when a command printed a secret, reading the result where Claude Code sends it.
out=$(jq -r '.tool_response.stdout // ""')
case "$out" in
  *"BEGIN PRIVATE KEY"*)
    printf '%s\n' '{"decision":"block","reason":"The output holds a private key: do not repeat it."}' ;;
esac
exit 0
