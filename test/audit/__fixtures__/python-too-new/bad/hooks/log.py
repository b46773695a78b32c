#!/usr/bin/env python3
"""Logs each Bash call with a UTC time stamp, then allows it."""
import json
import sys
from datetime import datetime, UTC


def command_of(payload: dict) -> str | None:
    return payload.get("tool_input", {}).get("command")


payload = json.load(sys.stdin)
print(datetime.now(UTC).isoformat(), command_of(payload), file=sys.stderr)
