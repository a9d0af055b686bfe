#!/usr/bin/env bash
# Create (or reuse) the project's virtual environment and install Stockade into it.
# Usage: scripts/bootstrap.sh EXTRAS   (e.g. "server" or "dev")
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-server}"
venv="${STOCKADE_VENV:-.venv}"
python="${PYTHON:-}"
if [ -z "$python" ]; then
  for candidate in python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      python="$candidate"; break
    fi
  done
fi
[ -n "$python" ] || { echo "Stockade needs Python 3.11 or newer" >&2; exit 2; }
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet -e ".[$extras]"
# The dev extra's SSO tests run a real OpenID provider with node (tests/sso/oidc_provider).
if [[ ",$extras," == *",dev,"* ]] && command -v npm >/dev/null 2>&1; then
  npm ci --silent --no-audit --no-fund --prefix tests/sso/oidc_provider
fi
