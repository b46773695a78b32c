#!/bin/sh
# The README's first command on a fresh machine: installs what vigiles and its confinement need
# (bubblewrap, through apt-get as root or with sudo), then the packages, builds, and runs the quick
# start. Where it cannot install bubblewrap it says in one line what to run, and stops.
set -eu
cd "$(dirname "$0")/.."

have() { command -v "$1" >/dev/null 2>&1; }

if ! have bwrap; then
  if have apt-get && [ "$(id -u)" = 0 ]; then
    echo "setup: installing bubblewrap (apt-get)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null
  elif have apt-get && have sudo && sudo -n true 2>/dev/null; then
    echo "setup: installing bubblewrap (sudo apt-get)"
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null
  else
    echo "setup: confinement needs bubblewrap, and it cannot be installed from here: run \`sudo apt-get install -y bubblewrap\` (Fedora: \`sudo dnf install bubblewrap\`), then \`sh scripts/setup.sh\` again." >&2
    exit 1
  fi
fi

npm ci --no-audit --no-fund
npm run build
npm run quickstart
