#!/usr/bin/env bash
# Adds the branch name to the model's context, at the top level, where Gemini CLI drops it.
branch=$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
echo "{\"additionalContext\": \"On branch $branch\"}"
