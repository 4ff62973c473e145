#!/usr/bin/env bash
# Installs a PyPI tool into its own virtualenv under target/ (once) and prints the absolute path of its command.
# Usage: .ci/pip-tool.sh VENV PACKAGE==VERSION COMMAND
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 3 ] || { echo "usage: $0 VENV PACKAGE==VERSION COMMAND" >&2; exit 2; }
venv="target/$1"
if [ ! -x "$venv/bin/$3" ]; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$2" >&2
fi
echo "$(pwd)/$venv/bin/$3"
