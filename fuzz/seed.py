#!/usr/bin/env python3
"""Writes each fuzz target's seed corpus into fuzz/corpus/<target>/ from ../shared (never committed: the shared
material has no licence for the repository).

  parse       every distinct string of the protocol talk corpus, the Java oracle's inputs, 2,000 generated lines
  understand  every utterance of the four natural-language files (real, labelled, free-talk, real-talk)
  translate   a tenth of those utterances and of the protocol strings
  gamelog     the five game logs, whole and cut into 40-line pieces (the fuzzer mutates short inputs faster)
  render_ast  the trees (`aiwolf-nl normalize --json`) of 2,000 generated lines and of the corpus's valid strings

Every target but parse reads its settings (languages, context, style) from the input's first byte (see
fuzz_targets/common.rs): each seed gets one, the seeds cycling through them, so that every combination starts
with seeds.

Usage: fuzz/seed.py SHARED_DIR AIWOLF_NL_BINARY
"""

import hashlib
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def unescape_tsv(field):
    """The reference files escape tab, CR, LF and backslash."""
    out, chars = [], iter(field)
    for c in chars:
        if c != "\\":
            out.append(c)
            continue
        nxt = next(chars, None)
        out.append({"t": "\t", "r": "\r", "n": "\n", "\\": "\\"}.get(nxt, "\\" + (nxt or "")))
    return "".join(out)


def column(path, name):
    lines = path.read_text(encoding="utf-8").splitlines()
    index = lines[0].split("\t").index(name)
    return [unescape_tsv(row.split("\t")[index]) for row in lines[1:] if row]


def write_seeds(target, inputs, choices=0):
    """`choices`: how many settings the target picks from the first byte (0: the input is all data)."""
    folder = HERE / "corpus" / target
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for index, data in enumerate(inputs):
        raw = data.encode("utf-8") if isinstance(data, str) else data
        if choices:
            # A printable selector, so a seed still reads as text.
            raw = bytes([ord("A") + index % choices]) + raw
        path = folder / hashlib.sha1(raw).hexdigest()
        if not path.exists():
            path.write_bytes(raw)
            written += 1
    print(f"{target}: {written} new seeds in {folder.relative_to(HERE.parent)}", file=sys.stderr)


def generated(shared, count, seed):
    tool = shared / "tools" / "gen_protocol.py"
    out = subprocess.run([sys.executable, str(tool), str(count), "--seed", str(seed)], check=True,
                         capture_output=True, text=True).stdout
    return out.splitlines()


def trees(binary, lines):
    """The JSON tree of every line the parser accepts, in the form `Sentence` deserialises from."""
    out = subprocess.run([str(binary), "normalize", "--json"], input="\n".join(lines) + "\n", check=True,
                         capture_output=True, text=True).stdout
    return [json.dumps(row["ast"], ensure_ascii=False) for row in map(json.loads, out.splitlines()) if row.get("ok")]


def main():
    shared, binary = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    data, nl = shared / "data", shared / "nl"
    protocol = column(data / "protocol-talk-corpus.tsv", "text")
    oracle = column(data / "reference" / "java-oracle.tsv", "input")
    gen = generated(shared, 2000, 12)
    utterances = (column(nl / "real-utterances.tsv", "utterance") + column(nl / "labelled-dev.tsv", "utterance")
                  + column(nl / "free-talk-dev.tsv", "utterance") + column(nl / "real-talk-dev.tsv", "utterance"))

    write_seeds("parse", protocol + oracle + gen)
    write_seeds("understand", utterances, choices=4)
    write_seeds("translate", utterances[::10] + protocol[::10] + oracle, choices=12)
    logs = sorted((data / "game-logs").glob("*.log"))
    pieces = []
    for log in logs:
        lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
        pieces.append("".join(lines))
        pieces += ["".join(lines[i:i + 40]) for i in range(0, len(lines), 40)]
    write_seeds("gamelog", pieces, choices=2)
    write_seeds("render_ast", trees(binary, gen + protocol), choices=12)


if __name__ == "__main__":
    main()
