#!/usr/bin/env bash
# Set up Dudo Hub in ./.venv: the Python package, and the browser client from the npm registry.
#   bash install.sh          the hub
#   bash install.sh --test   the hub and everything the tests need
set -euo pipefail
cd "$(dirname "$0")"
extras=""
[ "${1:-}" = "--test" ] && extras="[test]"
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".${extras}"
if command -v npm >/dev/null 2>&1; then
  (cd web_display && npm ci --no-audit --no-fund --loglevel=error)
else
  echo "npm is not installed: the pages need socket.io-client from the npm registry (apt-get install npm)." >&2
  exit 1
fi
for tool in espeak-ng; do
  command -v "$tool" >/dev/null 2>&1 || echo "note: $tool is missing, so the hub will not speak (apt-get install espeak-ng)." >&2
done
