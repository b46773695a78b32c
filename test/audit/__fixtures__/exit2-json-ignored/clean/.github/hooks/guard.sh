#!/bin/bash
# Allows a read-only git status in Copilot's answer shape, and exits 0 after the answer.
set -euo pipefail
input=$(cat)
case "$input" in
  *"git status"*)
    echo '{"permissionDecision":"allow"}'
    exit 0
    ;;
esac
exit 0
