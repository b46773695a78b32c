#!/bin/bash
# Denies rm -rf with Copilot's own answer shape.
if grep -q "rm -rf"; then echo '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}'; fi
exit 0
