#!/usr/bin/env python3
"""The load generator of benches/soak.sh: mixed keep-alive HTTP/1.1 traffic against one loopback server, plus a
group of slow clients, and the SIGTERM phase. Standard library only (asyncio and raw sockets), so it runs anywhere
python3 does.

Phases (each bounded):
  1. warm-up: every kind of request 20 times on one connection (RSS "at start": the lazily built tables are
     counted there), then --warm-up s of the load's mixed traffic on all its connections, and 2 s without
     traffic: RSS "before". The second part fills what each thread builds on first use under concurrency
     (the allocator's per-thread heaps, the regex engines' per-thread caches, the blocking pool's threads), so
     that before/after compares like with like: growth under sustained load, not first use. Both figures are
     printed, with the growth from each;
  2. load: DURATION s of mixed traffic from CONNECTIONS keep-alive clients, while SLOW_CLIENTS slow clients send
     one header byte every second (slowloris) or nothing at all (idle);
  3. rest: 2 s without traffic, then RSS "after";
  4. SIGTERM mid-load: traffic resumes with 20 more slow clients, the server gets SIGTERM 2 s later, and the
     clients go on until it exits (or --drain-limit s pass: the run fails, and soak.sh kills it).

Every response is classed against what its request should get: valid requests 2xx, malformed ones 4xx with the
JSON error envelope. 503 with Retry-After (load shedding) and 408 (deadline) are counted on their own; any other
5xx, a 4xx for a valid request, a 2xx for a malformed one or a connection error is unexpected.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import time

VALID_SHARE = 0.8  # the other 20 % are malformed
DRAIN_SLOW_CLIENTS = 20  # slow clients still connected when SIGTERM comes


def rss_kib(pid, key="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


def requests(gamelog):
    """(name, path, body bytes, expects 2xx) for every kind of request, valid ones first."""

    def post(name, path, payload, ok=True):
        body = payload if isinstance(payload, bytes) else json.dumps(payload, ensure_ascii=False).encode()
        return (name, path, body, ok)

    ctx = {"speaker": "Agent[02]", "day": 2, "names": {"Agent[01]": ["ミナト", "Minato"], "Agent[04]": ["シオン", "Shion"]}}
    valid = [
        post("translate protocol→ja", "/v1/translate",
             {"texts": ["BECAUSE (DIVINED Agent[03] WEREWOLF) (REQUEST ANY (VOTE Agent[03]))", "VOTE Agent[01]"],
              "source_lang": "protocol", "target_lang": "ja", "context": ctx}),
        post("translate protocol→en", "/v1/translate",
             {"texts": ["Agent[01] COMINGOUT Agent[01] SEER", "ESTIMATE Agent[04] POSSESSED"], "target_lang": "en"}),
        post("translate ja→protocol", "/v1/translate",
             {"texts": ["占い師COします。ミナトさんを占った結果、人狼でした。", "@シオン 誰に投票する？"],
              "source_lang": "ja", "target_lang": "protocol", "context": ctx}),
        post("translate en→protocol", "/v1/translate",
             {"texts": ["I am the seer. Minato is a werewolf.", "Let's all vote for Shion."],
              "source_lang": "en", "target_lang": "protocol", "context": ctx}),
        post("translate auto→en", "/v1/translate",
             {"texts": ["人狼はシオンだと思う", "VOTE Agent[3]"], "source_lang": "auto", "target_lang": "en",
              "context": ctx}),
        post("parse", "/v1/parse",
             {"texts": ["VOTE Agent[3]", "REQUEST(VOTE Agent[03])", "NOT (VOTE", "DAY 1 (DIVINED Agent[02] HUMAN)"]}),
        post("gamelog", "/v1/gamelog/render", {"log": gamelog, "target_lang": "ja", "format": "html"}),
    ]
    malformed = [
        post("malformed: not JSON", "/v1/translate", b'{"texts": ["VOTE Agent[03]"', ok=False),
        post("malformed: wrong type", "/v1/translate", {"texts": "VOTE Agent[03]", "target_lang": "en"}, ok=False),
        post("malformed: unknown language", "/v1/translate", {"texts": ["VOTE Agent[03]"], "target_lang": "fr"},
             ok=False),
        post("malformed: unknown field", "/v1/parse", {"texts": ["VOTE Agent[03]"], "textz": []}, ok=False),
        post("malformed: batch too large", "/v1/parse", {"texts": ["Over"] * 300}, ok=False),
        post("malformed: bad log field", "/v1/gamelog/render", {"log": 5, "target_lang": "ja"}, ok=False),
        post("malformed: bad sentence", "/v1/render", {"sentence": {"type": "VOTE"}, "targets": ["ja"]}, ok=False),
    ]
    return valid, malformed


class Stats:
    def __init__(self):
        self.latencies = []  # seconds, every answered request
        self.classes = {}  # class name → count
        self.by_request = {}  # (request name, status) → count, for the unexpected ones
        self.sent = 0

    def count(self, cls, name=None, status=None):
        self.classes[cls] = self.classes.get(cls, 0) + 1
        if cls.startswith("unexpected") and name is not None:
            key = f"{name} → {status}"
            self.by_request[key] = self.by_request.get(key, 0) + 1


async def read_response(reader):
    """(status, headers, body) of one HTTP/1.1 response; Content-Length or chunked bodies."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            key, value = line.split(":", 1)
            headers[key.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = bytearray()
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                break
            body += chunk[:-2]
        return status, headers, bytes(body)
    return status, headers, await reader.readexactly(int(headers.get("content-length", "0")))


def classify(status, headers, body, expects_ok):
    if status == 503 and "retry-after" in headers:
        return "shed (503 + Retry-After)"
    if status == 408:
        return "deadline (408)"
    if 200 <= status < 300:
        return "2xx" if expects_ok else "unexpected 2xx for malformed"
    if 400 <= status < 500:
        try:
            enveloped = "error" in json.loads(body)
        except ValueError:
            enveloped = False
        if not enveloped:
            return "unexpected 4xx without JSON envelope"
        return "4xx (expected)" if not expects_ok else "unexpected 4xx for valid"
    return f"unexpected {status // 100}xx"


async def client(host, port, valid, malformed, stats, stop, rng):
    """One keep-alive connection sending requests back to back until `stop` is set."""
    reader = writer = None
    while not stop.is_set():
        if writer is None:
            try:
                reader, writer = await asyncio.open_connection(host, port)
            except OSError:
                stats.count("connection refused")
                await asyncio.sleep(0.05)
                continue
        name, path, body, expects_ok = rng.choice(valid if rng.random() < VALID_SHARE else malformed)
        request = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        started = time.perf_counter()
        try:
            writer.write(request)
            await writer.drain()
            stats.sent += 1
            status, headers, answer = await asyncio.wait_for(read_response(reader), 30)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError) as error:
            stats.count(f"connection error ({type(error).__name__})")
            writer.close()
            reader = writer = None
            continue
        stats.latencies.append(time.perf_counter() - started)
        stats.count(classify(status, headers, answer, expects_ok), name, status)
        if headers.get("connection", "").lower() == "close":
            writer.close()
            reader = writer = None
    if writer is not None:
        writer.close()


async def slow_client(host, port, idle, stop, outcome):
    """A slowloris client (one header byte a second, never finishing) or an idle one (connects, sends nothing).
    Records how its connection ended: cut by the server, or still open when the phase ended."""
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        outcome["refused"] = outcome.get("refused", 0) + 1
        return
    header = b"POST /v1/translate HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100_000
    position, opened = 0, time.monotonic()
    try:
        while not stop.is_set():
            if not idle:
                writer.write(header[position:position + 1])
                position += 1
                await writer.drain()
            try:
                data = await asyncio.wait_for(reader.read(4096), 1.0)
            except asyncio.TimeoutError:
                continue
            # The server answered (e.g. 408) or closed the connection: it cut the slow client.
            outcome["cut by server"] = outcome.get("cut by server", 0) + 1
            outcome.setdefault("cut after s", []).append(time.monotonic() - opened)
            if data:
                outcome.setdefault("answers", set()).add(data.split(b"\r\n", 1)[0].decode("latin-1"))
            return
        outcome["still open at the end"] = outcome.get("still open at the end", 0) + 1
    except OSError:
        outcome["cut by server"] = outcome.get("cut by server", 0) + 1
        outcome.setdefault("cut after s", []).append(time.monotonic() - opened)
    finally:
        writer.close()


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report_traffic(title, stats, seconds):
    answered = len(stats.latencies)
    print(f"{title}: {answered} answers in {seconds:.1f} s = {answered / seconds:.0f} requests/s; latency p50 "
          f"{percentile(stats.latencies, 0.5) * 1000:.2f} ms, p99 {percentile(stats.latencies, 0.99) * 1000:.2f} ms, "
          f"max {max(stats.latencies, default=0) * 1000:.1f} ms")
    for cls, count in sorted(stats.classes.items()):
        print(f"    {cls:40} {count:>9}")
    for key, count in sorted(stats.by_request.items()):
        print(f"      {key:60} {count:>7}")


async def sample_rss(pid, seconds, samples=6):
    """RSS and thread count at even steps through the load: a plateau is warm-up, a climb is growth."""
    timeline, started = [], time.perf_counter()
    for step in range(1, samples + 1):
        await asyncio.sleep(max(0.0, started + seconds * step / samples - time.perf_counter() - 0.5))
        timeline.append((time.perf_counter() - started, rss_kib(pid), rss_kib(pid, "Threads")))
    return timeline


async def traffic(args, valid, malformed, seconds, stats, until=None):
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    tasks = [asyncio.create_task(client(args.host, args.port, valid, malformed, stats, stop,
                                        random.Random(rng.random()))) for _ in range(args.connections)]
    if until is None:
        await asyncio.sleep(seconds)
    else:
        await until
    stop.set()
    await asyncio.gather(*tasks)


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--pid", type=int, required=True, help="the server's process id (RSS, SIGTERM)")
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--slow-clients", type=int, default=200)
    parser.add_argument("--drain-limit", type=float, default=45)
    parser.add_argument("--warm-up", type=float, default=10, help="seconds of concurrent traffic before 'before'")
    parser.add_argument("--gamelog", required=True, help="a game log file to render")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    with open(args.gamelog, encoding="utf-8") as log:
        valid, malformed = requests(log.read())
    failures = []

    warm = Stats()
    for name, path, body, expects_ok in valid + malformed:
        for _ in range(20):
            reader, writer = await asyncio.open_connection(args.host, args.port)
            writer.write((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(body)}\r\n\r\n").encode() + body)
            status, headers, answer = await read_response(reader)
            warm.count(classify(status, headers, answer, expects_ok), name, status)
            writer.close()
    rss_start = rss_kib(args.pid)
    print(f"RSS at start (every request once served): {rss_start} KiB")
    await traffic(args, valid, malformed, args.warm_up, warm)
    if warm.by_request:
        print(f"warm-up: unexpected answers {warm.by_request}")
        failures.append("warm-up answers")
    await asyncio.sleep(2)
    rss_before = rss_kib(args.pid)
    print(f"RSS before load (after {args.warm_up:.0f} s of concurrent warm-up and 2 s idle): {rss_before} KiB")

    load = Stats()
    slow_stop = asyncio.Event()
    slow_outcome = {}
    slow = [asyncio.create_task(slow_client(args.host, args.port, i % 2 == 1, slow_stop, slow_outcome))
            for i in range(args.slow_clients)]
    started = time.perf_counter()
    timeline = asyncio.create_task(sample_rss(args.pid, args.duration))
    await traffic(args, valid, malformed, args.duration, load)
    elapsed = time.perf_counter() - started
    print("RSS during load (s: KiB, threads): " + ", ".join(f"{t:.0f}: {rss} {threads}" for t, rss, threads in
                                                          await timeline))
    rss_loaded = rss_kib(args.pid)
    slow_stop.set()
    await asyncio.gather(*slow)
    report_traffic(f"mixed load ({args.connections} connections, 20 % malformed)", load, elapsed)
    cut = slow_outcome.get("cut after s", [])
    print(f"slow clients ({args.slow_clients}: half slowloris, half idle): "
          + ", ".join(f"{k} {v}" for k, v in sorted(slow_outcome.items()) if isinstance(v, int))
          + (f"; cut after {min(cut):.1f}–{max(cut):.1f} s" if cut else "")
          + (f"; answers {sorted(slow_outcome['answers'])}" if slow_outcome.get("answers") else ""))
    await asyncio.sleep(2)
    rss_after = rss_kib(args.pid)
    growth = 100 * (rss_after - rss_before) / rss_before
    print(f"RSS: before {rss_before} KiB, under load {rss_loaded} KiB, after (2 s idle) {rss_after} KiB "
          f"({growth:+.1f} %, goal within ±20 %; {100 * (rss_after - rss_start) / rss_start:+.1f} % from the "
          f"{rss_start} KiB at start); peak {rss_kib(args.pid, 'VmHWM')} KiB")
    if abs(growth) > 20:
        failures.append("RSS growth")
    if any(cls.startswith(("unexpected", "connection")) for cls in load.classes):
        failures.append("unexpected answers under load")

    # SIGTERM mid-load: clients keep going while the server drains; new connections are then refused.
    drain = Stats()
    loop = asyncio.get_running_loop()
    exited = loop.create_future()

    async def watch_exit():
        await asyncio.sleep(2)
        os.kill(args.pid, signal.SIGTERM)
        sent = time.perf_counter()
        while time.perf_counter() - sent < args.drain_limit:
            if not os.path.exists(f"/proc/{args.pid}") or open(f"/proc/{args.pid}/stat").read().split()[2] == "Z":
                exited.set_result(time.perf_counter() - sent)
                return
            await asyncio.sleep(0.05)
        exited.set_result(None)

    watcher = asyncio.create_task(watch_exit())
    # Slow clients connected through the drain: the server must still exit (issue 12: one used to block it).
    drain_slow_stop, drain_slow_outcome = asyncio.Event(), {}
    drain_slow = [asyncio.create_task(slow_client(args.host, args.port, i % 2 == 1, drain_slow_stop,
                                                  drain_slow_outcome)) for i in range(DRAIN_SLOW_CLIENTS)]
    started = time.perf_counter()
    await traffic(args, valid, malformed, None, drain, until=exited)
    await watcher
    drain_slow_stop.set()
    await asyncio.gather(*drain_slow)
    exit_after = exited.result()
    report_traffic("SIGTERM phase (2 s of load, then SIGTERM; load continues until exit)", drain,
                   time.perf_counter() - started)
    print(f"slow clients during the drain ({DRAIN_SLOW_CLIENTS}): "
          + ", ".join(f"{k} {v}" for k, v in sorted(drain_slow_outcome.items()) if isinstance(v, int)))
    if exit_after is None:
        print(f"server did NOT exit within {args.drain_limit:.0f} s of SIGTERM")
        failures.append("no exit after SIGTERM")
    else:
        print(f"server exited {exit_after:.2f} s after SIGTERM")
    if any(cls.startswith("unexpected") for cls in drain.classes):
        failures.append("unexpected answers while draining")
    print("verdict: " + ("PASS" if not failures else "FAIL (" + ", ".join(failures) + ")"))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
