#!/bin/sh
# Keeps the model going until the tests pass (never looks at stop_hook_active).
cat >/dev/null
if ! test -f .tests-passed; then
  echo "the tests have not passed yet" >&2
  exit 2
fi
exit 0
