#!/usr/bin/env python3
"""Tells the session how many files are modified, as context for the model."""
import json
import subprocess

changed = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True, timeout=5).stdout
print(json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": f"{len(changed.splitlines())} files modified"}}))
