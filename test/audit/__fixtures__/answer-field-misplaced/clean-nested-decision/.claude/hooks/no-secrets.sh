#!/bin/sh
# Stops a prompt that pastes an API key, with the block at the top level where Claude Code reads it.
prompt=$(jq -r '.prompt // ""')
case "$prompt" in
  *"sk-"*)
    echo '{"decision": "block", "reason": "The prompt holds an API key."}' ;;
esac
exit 0
