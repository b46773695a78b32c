#!/usr/bin/env python3
"""Logs each Bash call with a UTC time stamp, then allows it."""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone


def command_of(payload: dict) -> str | None:
    return payload.get("tool_input", {}).get("command")


payload = json.load(sys.stdin)
print(datetime.now(timezone.utc).isoformat(), command_of(payload), file=sys.stderr)
