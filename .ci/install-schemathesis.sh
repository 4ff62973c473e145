#!/usr/bin/env bash
# Installs schemathesis (PyPI) into target/ci-venv and prints the path of its `st` binary.
# Usage: ST=$(.ci/install-schemathesis.sh) && SCHEMATHESIS="$ST" cargo test --test schemathesis
set -euo pipefail
exec "$(dirname "$0")/pip-tool.sh" ci-venv "schemathesis==${SCHEMATHESIS_VERSION:-4.32.5}" st
