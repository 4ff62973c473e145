#!/usr/bin/env bash
# Installs schemathesis (PyPI) into target/ci-venv and prints the path of its `st` binary.
# Usage: ST=$(.ci/install-schemathesis.sh) && SCHEMATHESIS="$ST" cargo test --test schemathesis
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/ci-venv
version="${SCHEMATHESIS_VERSION:-4.32.5}"
if [ ! -x "$venv/bin/st" ]; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version" >&2
fi
echo "$(pwd)/$venv/bin/st"
