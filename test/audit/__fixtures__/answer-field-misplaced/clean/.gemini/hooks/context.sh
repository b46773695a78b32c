#!/usr/bin/env bash
# Adds the branch name to the model's context, under hookSpecificOutput.
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
echo "{\"hookSpecificOutput\": {\"hookEventName\": \"SessionStart\", \"additionalContext\": \"On branch $branch\"}}"
