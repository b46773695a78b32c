#!/usr/bin/env python3
"""Asks the model to finish the checklist before it stops."""
import json
import sys

payload = json.load(sys.stdin)
if payload.get("stop_hook_active"):
    sys.exit(0)
print(json.dumps({"continue": True, "reason": "Finish the checklist first."}))
