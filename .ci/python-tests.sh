#!/usr/bin/env bash
# The Python package: builds it into its own venv (target/python-venv) with maturin and runs its pytest suite,
# which compares it with the release CLI binary on ../shared (AIWOLF_NL_REQUIRE_SHARED=1 makes absence fail).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-venv
if [ ! -x "$venv/bin/maturin" ] || [ ! -x "$venv/bin/pytest" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "maturin==${MATURIN_VERSION:-1.16.0}" \
        "pytest==${PYTEST_VERSION:-9.2.0}"
fi
# maturin develop installs into the active virtual environment.
export VIRTUAL_ENV="$PWD/$venv" PATH="$PWD/$venv/bin:$PATH"
(cd python && maturin develop --release --locked --quiet)
cargo build --release --locked --bin aiwolf-nl
AIWOLF_NL_BIN="$PWD/target/release/aiwolf-nl" "$venv/bin/python" -m pytest -q python/tests
