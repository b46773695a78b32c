#!/bin/sh
# Keeps the model going until the tests pass, once: a second stop in a row ends the turn.
input=$(cat)
case "$input" in *'"stop_hook_active":true'*|*'"stop_hook_active": true'*) exit 0 ;; esac
if ! test -f .tests-passed; then
  echo "the tests have not passed yet" >&2
  exit 2
fi
exit 0
