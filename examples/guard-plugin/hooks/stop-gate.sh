#!/bin/sh
# Stop gate: the agent may not stop until the checks ran (a CHECKS_PASSED file in the project).
# A second stop in a row (stop_hook_active) is let through, so the gate can never loop forever.
payload=$(cat)
if printf '%s' "$payload" | grep -q '"stop_hook_active": *true'; then exit 0; fi
if [ -f CHECKS_PASSED ]; then exit 0; fi
printf '%s\n' '{"decision":"block","reason":"Run the checks (npm test) before you stop."}'
