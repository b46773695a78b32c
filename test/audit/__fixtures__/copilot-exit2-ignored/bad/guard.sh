#!/bin/bash
# Claude-style prompt guard: exit 2 blocks in Claude Code, not in Copilot.
if grep -q "secret"; then echo "no secrets" >&2; exit 2; fi
exit 0
