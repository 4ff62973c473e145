"""Shared fixtures: the ../shared test material and the `aiwolf-nl` binary to compare against."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import List, Optional

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"


def shared_dir() -> Path:
    """../shared beside the repository; skipped when absent, a failure under AIWOLF_NL_REQUIRE_SHARED=1 (CI)."""
    if (SHARED / "README.md").is_file():
        return SHARED
    message = f"../shared not found beside the repository ({SHARED}); this test needs it"
    if os.environ.get("AIWOLF_NL_REQUIRE_SHARED"):
        pytest.fail(f"{message}, and AIWOLF_NL_REQUIRE_SHARED is set")
    pytest.skip(f"SKIPPED: {message}")


@pytest.fixture(scope="session")
def shared() -> Path:
    return shared_dir()


@pytest.fixture(scope="session")
def cli() -> Path:
    """The release `aiwolf-nl` binary: AIWOLF_NL_BIN, else built with cargo (a no-op when up to date)."""
    if os.environ.get("AIWOLF_NL_BIN"):
        return Path(os.environ["AIWOLF_NL_BIN"])
    subprocess.run(
        ["cargo", "build", "--release", "--locked", "--bin", "aiwolf-nl"], cwd=REPO, check=True
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    return target / "release" / "aiwolf-nl"


def run_cli(binary: Path, args: List[str], lines: List[str]) -> List[str]:
    """Runs the CLI over `lines` (one per line) and returns its output lines."""
    stdin = "".join(line + "\n" for line in lines)
    out = subprocess.run(
        [str(binary), *args], input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True
    ).stdout.decode()
    result = out.split("\n")
    assert result[-1] == "", "the CLI output ends with a newline"
    assert len(result) - 1 == len(lines), f"{len(lines)} lines in, {len(result) - 1} out"
    return result[:-1]


def one_line(text: str) -> str:
    """As the CLI keeps every output on one line: control characters become spaces."""
    return "".join(" " if (ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0) else c for c in text)


def unescape_tsv(field: str) -> str:
    """Undoes the escaping of the reference TSV files (\\t, \\r, \\n, \\\\)."""
    out = []
    chars = iter(field)
    for c in chars:
        if c != "\\":
            out.append(c)
            continue
        nxt: Optional[str] = next(chars, None)
        out.append({"t": "\t", "r": "\r", "n": "\n", "\\": "\\"}.get(nxt, "\\" + (nxt or "")) if nxt else "\\")
    return "".join(out)


def tsv_rows(path: Path) -> List[List[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def generated_lines(shared: Path, count: int, seed: int) -> List[str]:
    """`count` random valid protocol sentences from the shared generator."""
    tool = shared / "tools" / "gen_protocol.py"
    out = subprocess.run(
        [sys.executable, str(tool), str(count), "--seed", str(seed)], stdout=subprocess.PIPE, check=True
    ).stdout.decode()
    return out.splitlines()
