#!/usr/bin/env python3
"""Calls per second from Python: the in-process package (aiwolf_nl) against the same work over HTTP on loopback,
one client thread with a keep-alive connection (the stdlib's http.client), for parse, render and understand.

Run from the repository with the package installed (`pip install ./python` or `maturin develop --release`):
    python benches/python.py [--seconds 2] [--bin target/release/aiwolf-nl]
It starts `aiwolf-nl serve` on 127.0.0.1 (a free port) and stops it at the end; every run is time-bounded.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import subprocess
import time
from pathlib import Path
from typing import Callable, Dict, List

import aiwolf_nl

REPO = Path(__file__).resolve().parents[1]

# Short, typical inputs: a protocol sentence with an operator, and a Japanese utterance with a name.
PROTOCOL = "Agent[01] REQUEST Agent[02] (VOTE Agent[03])"
JAPANESE = "ミナトが人狼だと思うので、ミナトに投票します。"
NAMES = {"Agent[03]": "ミナト"}


def rate(call: Callable[[], object], seconds: float) -> float:
    """Calls per second of `call`, run for about `seconds` after a short warm-up."""
    for _ in range(100):
        call()
    count, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            call()
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_ready(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the server on port {port} did not become ready in {timeout} s")


def http_call(connection: http.client.HTTPConnection, path: str, body: Dict) -> Callable[[], object]:
    payload = json.dumps(body, ensure_ascii=False).encode()
    headers = {"Content-Type": "application/json"}

    def call() -> object:
        connection.request("POST", path, payload, headers)
        response = connection.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"{path}: HTTP {response.status}: {data[:200]!r}")
        return json.loads(data)

    return call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="measuring time per case (default 2)")
    parser.add_argument("--bin", default=str(REPO / "target" / "release" / "aiwolf-nl"))
    args = parser.parse_args()
    seconds = min(max(args.seconds, 0.2), 30.0)

    translator = aiwolf_nl.Translator(names=NAMES)
    context = {"speaker": "Agent[01]", "names": NAMES}
    in_process = {
        "parse": lambda: aiwolf_nl.parse(PROTOCOL),
        "render (protocol → ja)": lambda: translator.render(PROTOCOL, "ja", speaker="Agent[01]"),
        "understand (ja → protocol)": lambda: translator.understand(JAPANESE, "ja", speaker="Agent[01]"),
    }
    port = free_port()
    server = subprocess.Popen([args.bin, "serve", "--bind", f"127.0.0.1:{port}"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env={"RUST_LOG": "warn"})
    try:
        wait_ready(port)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        over_http = {
            "parse": http_call(connection, "/v1/parse", {"texts": [PROTOCOL]}),
            "render (protocol → ja)": http_call(connection, "/v1/translate", {
                "texts": [PROTOCOL], "source_lang": "protocol", "target_lang": "ja", "context": context}),
            "understand (ja → protocol)": http_call(connection, "/v1/translate", {
                "texts": [JAPANESE], "source_lang": "ja", "target_lang": "protocol", "context": context}),
        }
        rows: List[str] = []
        for case, call in in_process.items():
            local = rate(call, seconds)
            remote = rate(over_http[case], seconds)
            rows.append(f"| {case} | {local:,.0f} | {remote:,.0f} | {local / remote:.1f}× |")
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("| call | in-process calls/s | HTTP calls/s (1 client thread, keep-alive) | ratio |")
    print("| --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
