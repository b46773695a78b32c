#!/bin/bash
# Allows a read-only git status in Copilot's answer shape, but exits 1 after the answer.
set -euo pipefail
input=$(cat)
case "$input" in
  *"git status"*)
    echo '{"permissionDecision":"allow"}'
    exit 1
    ;;
esac
exit 0
