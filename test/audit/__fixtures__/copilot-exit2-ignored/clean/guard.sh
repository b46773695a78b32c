#!/bin/bash
# On preToolUse exit 2 does deny (measured on 1.0.102).
if grep -q "rm -rf"; then echo "no rm -rf" >&2; exit 2; fi
exit 0
