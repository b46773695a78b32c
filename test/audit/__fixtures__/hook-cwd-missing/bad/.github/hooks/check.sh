#!/bin/bash
# Reads the payload and lets every call through.
cat >/dev/null
exit 0
