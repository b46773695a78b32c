#!/usr/bin/env python3
import json, sys

payload = json.load(sys.stdin)
if "rm -rf" in payload.get("tool_input", {}).get("command", ""):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "block"}}))
