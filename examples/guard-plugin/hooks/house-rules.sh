#!/bin/sh
# UserPromptSubmit: adds the house rules to the model's context with every prompt.
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"House rules: run npm test before you finish; never force-push."}}'
