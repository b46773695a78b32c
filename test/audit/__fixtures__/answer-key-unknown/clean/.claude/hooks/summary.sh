#!/usr/bin/env bash
# Plain-text context for the model: the ${…:-…} defaults are shell expansions, not JSON keys.
branch="$(git rev-parse --abbrev-ref HEAD 2>/dev/null)"
count="$(git status --porcelain 2>/dev/null | wc -l)"
echo "branch: ${branch:-unknown}, modified: ${count:-0}${branch:+ (on a branch)}"
