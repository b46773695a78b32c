#!/usr/bin/env python3
"""Tells the session how many files are modified, under a key Claude Code does not read."""
import json
import subprocess

changed = subprocess.run(["git", "status", "--porcelain"], capture_output=True, text=True, timeout=5).stdout
print(json.dumps({"output": f"{len(changed.splitlines())} files modified"}))
