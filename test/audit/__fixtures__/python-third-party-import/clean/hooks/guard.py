#!/usr/bin/env python3
"""Denies the commands listed by helpers.rules()."""
import json
import sys

import helpers

payload = json.load(sys.stdin)
command = payload.get("tool_input", {}).get("command", "")
if any(r in command for r in helpers.rules()):
    print("denied by the guard", file=sys.stderr)
    sys.exit(2)
