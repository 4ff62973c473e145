"""The package gives byte-identical output to the `aiwolf-nl` binary (`normalize`, `translate`, `log`) on the
shared data: the Java oracle rows, 10,000 generated sentences and the labelled dev rows."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, List

import pytest

import aiwolf_nl
from conftest import generated_lines, one_line, run_cli, tsv_rows, unescape_tsv

TRANSLATOR = aiwolf_nl.Translator()


def as_cli_line(call: Callable[[], str]) -> str:
    """What the CLI prints for one line: the result, or its `ERROR <code> <span>: <message>` line."""
    try:
        return one_line(call())
    except aiwolf_nl.ProtocolError as error:
        return "ERROR " + one_line(str(error))
    except RuntimeError as error:
        return "ERROR render_error 0..0: " + one_line(str(error).replace("rendering failed: ", "", 1))


def assert_same(lines: List[str], ours: List[str], theirs: List[str], what: str) -> None:
    mismatches = [(line, a, b) for line, a, b in zip(lines, ours, theirs) if a != b]
    assert not mismatches, f"{len(mismatches)} of {len(lines)} {what} differ, first: {mismatches[:3]}"


def check_protocol_lines(cli: Path, lines: List[str]) -> None:
    """normalize, and translate from protocol into protocol, ja and en."""
    ours = [as_cli_line(lambda: aiwolf_nl.normalize(line)) for line in lines]
    assert_same(lines, ours, run_cli(cli, ["normalize"], lines), "normalize lines")
    for lang in ["protocol", "ja", "en"]:
        ours = [as_cli_line(lambda: TRANSLATOR.render(line, lang)) for line in lines]
        theirs = run_cli(cli, ["translate", "--from", "protocol", "--to", lang], lines)
        assert_same(lines, ours, theirs, f"protocol → {lang} lines")


def single_lines(texts: List[str]) -> List[str]:
    """The texts the line-based CLI can take as one line each."""
    return [text for text in texts if "\n" not in text and "\r" not in text]


def test_java_oracle_rows(shared: Path, cli: Path) -> None:
    rows = tsv_rows(shared / "data" / "reference" / "java-oracle.tsv")
    lines = single_lines([unescape_tsv(row[0]) for row in rows])
    assert len(lines) > 100
    check_protocol_lines(cli, lines)


def test_ten_thousand_generated_sentences(shared: Path, cli: Path) -> None:
    lines = generated_lines(shared, 10_000, seed=13)
    assert len(lines) == 10_000
    check_protocol_lines(cli, lines)


def is_japanese(text: str) -> bool:
    return re.search(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]", text) is not None


def test_labelled_dev_rows(shared: Path, cli: Path) -> None:
    rows = tsv_rows(shared / "nl" / "labelled-dev.tsv")
    utterances = single_lines([row[1] for row in rows])
    assert len(utterances) > 2000
    for lang in ["ja", "en"]:
        lines = [u for u in utterances if is_japanese(u) == (lang == "ja")]
        ours = [as_cli_line(lambda: TRANSLATOR.understand(line, lang).text) for line in lines]
        theirs = run_cli(cli, ["translate", "--from", lang, "--to", "protocol"], lines)
        assert_same(lines, ours, theirs, f"{lang} → protocol lines")
        speaker = ["--speaker", "Agent[01]"]
        ours = [as_cli_line(lambda: TRANSLATOR.understand(line, lang, speaker="Agent[01]").text) for line in lines]
        assert_same(lines, ours, run_cli(cli, ["translate", "--from", lang, "--to", "protocol", *speaker], lines),
                    f"{lang} → protocol lines with a speaker")
    labels = single_lines(sorted({row[3] for row in rows}))
    check_protocol_lines(cli, labels)


@pytest.mark.parametrize("fmt", ["text", "html", "json"])
def test_game_logs(shared: Path, cli: Path, fmt: str) -> None:
    import subprocess

    for log in sorted((shared / "data" / "game-logs").glob("*.log")):
        for lang in ["ja", "en"]:
            theirs = subprocess.run(
                [str(cli), "log", str(log), "--to", lang, "--format", fmt],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True,
            ).stdout.decode()
            ours = TRANSLATOR.render_log(log.read_text(encoding="utf-8"), lang, format=fmt)
            assert ours + ("\n" if fmt == "json" else "") == theirs, f"{log.name} {lang} {fmt}"


def test_expand_any_matches_normalize_expand_any(shared: Path, cli: Path) -> None:
    agents = [f"Agent[{n:02}]" for n in range(1, 6)]
    lines = generated_lines(shared, 2_000, seed=7)
    ours = [as_cli_line(lambda: aiwolf_nl.expand_any(line, agents).canonical) for line in lines]
    theirs = run_cli(cli, ["normalize", "--expand-any", ",".join(agents)], lines)
    assert_same(lines, ours, theirs, "expanded lines")
    assert any(line.startswith("OR (") for line in ours), "the generated lines hold ANY"
