#!/bin/sh
# The payload is supposed to be in the environment (it is not).
case "$CLAUDE_TOOL_INPUT" in
  *"rm -rf"*) echo "blocked" >&2; exit 2 ;;
esac
exit 0
