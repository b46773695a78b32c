#!/bin/sh
# Stops a prompt that pastes an API key. The block is written under hookSpecificOutput, where
# Claude Code drops it: the prompt, key and all, goes to the model.
prompt=$(jq -r '.prompt // ""')
case "$prompt" in
  *"sk-"*)
    echo '{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "decision": "block", "reason": "The prompt holds an API key."}}' ;;
esac
exit 0
