#!/bin/sh
# Keeps the model going until the tests pass: a block alone.
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'*) exit 0 ;;
esac
if [ ! -f .tests-passed ]; then
  printf '%s\n' '{"decision": "block", "reason": "run the tests first"}'
fi
exit 0
