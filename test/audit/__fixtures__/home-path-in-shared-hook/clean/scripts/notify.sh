#!/bin/bash
# Logs the end of a session in the project.
cat > /dev/null
echo "session ended" >> "${TMPDIR:-/tmp}/notify.log"
