#!/usr/bin/env bash
# Set up Dudo Hub in ./.venv from this checkout: the browser client from the npm registry,
# then the Python package (editable).
#   bash install.sh          the hub
#   bash install.sh --test   the hub and everything the tests need
# Without a checkout, install the wheel instead: pipx install dudo_hub-*.whl (see README).
set -euo pipefail
cd "$(dirname "$0")"
extras=""
[ "${1:-}" = "--test" ] && extras="[test]"
if ! command -v npm >/dev/null 2>&1; then
  echo "npm is not installed: the pages need socket.io-client from the npm registry (apt-get install npm)." >&2
  exit 1
fi
(cd web_display && npm ci --no-audit --no-fund --loglevel=error)
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".${extras}"
for tool in espeak-ng aplay; do
  command -v "$tool" >/dev/null 2>&1 || echo "note: $tool is missing, so the hub will not speak (apt-get install espeak-ng alsa-utils)." >&2
done
