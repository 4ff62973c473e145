#!/usr/bin/env bash
# Peak memory of the release server under heavy requests, on loopback, bounded to about a minute:
#   1. 8 concurrent POST /v1/gamelog/render with 4 MiB logs (the reader's limit; body limit raised to 5 MiB),
#      HTML output: the --heavy-workers cap (default 1) bounds how many transcripts are in memory at once.
#   2. IDLE_CONNECTIONS (default 5000) idle connections held open at once.
# Reports the server's RSS idle and its peak (VmHWM) after each step, from /proc/<pid>/status.
#
# Env: SKIP_BUILD=1 (use the existing target/release/aiwolf-nl), IDLE_CONNECTIONS (5000), HEAVY_WORKERS (1).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/aiwolf-nl
IDLE_CONNECTIONS="${IDLE_CONNECTIONS:-5000}"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    cargo build --release --locked >&2
fi
work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
ulimit -n "$((IDLE_CONNECTIONS + 1024))" 2>/dev/null || echo "cannot raise the open-file limit; idle step may fail" >&2

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
RUST_LOG=warn "$BIN" serve --bind "127.0.0.1:$port" --body-limit $((5 * 1024 * 1024)) \
    --heavy-workers "${HEAVY_WORKERS:-1}" --request-timeout-ms 60000 --queue-timeout-ms 60000 \
    --max-connections $((IDLE_CONNECTIONS + 64)) --idle-timeout-ms 120000 >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
    if curl -fsS "$url/healthz" >/dev/null 2>&1; then break; fi
    sleep 0.1
done
rss_kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$server_pid/status"; }
echo "idle: RSS $(rss_kib VmRSS) KiB"

python3 - "$work/log.json" <<'PY'
import json, sys
lines, size, i = [], 0, 0
while True:
    line = f"1,talk,{i},0,{i % 15 + 1},VOTE Agent[{i % 97:02}]\n"
    if size + len(line) > 4 * 1024 * 1024 - 64:
        break
    lines.append(line); size += len(line); i += 1
json.dump({"log": "".join(lines), "target_lang": "ja", "format": "html"}, open(sys.argv[1], "w"))
PY
start=$(date +%s.%N)
for n in $(seq 8); do
    curl -sS -o /dev/null -w "%{http_code} %{size_download}\n" --max-time 120 -H 'Content-Type: application/json' \
        --data-binary @"$work/log.json" "$url/v1/gamelog/render" >"$work/log.$n" &
done
wait $(jobs -p | grep -v "^$server_pid$") 2>/dev/null || true
end=$(date +%s.%N)
echo "8 concurrent 4 MiB logs: statuses $(cat "$work"/log.[0-9]* | awk '{print $1}' | sort | uniq -c | tr -s ' \n' ' ')in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s; peak RSS $(rss_kib VmHWM) KiB, now $(rss_kib VmRSS) KiB"

python3 - "$port" "$IDLE_CONNECTIONS" "$server_pid" <<'PY'
import socket, sys, time
port, count, pid = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
socks = []
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    socks.append(s)
time.sleep(2)
status = dict(l.split(":", 1) for l in open(f"/proc/{pid}/status") if ":" in l)
print(f"{count} idle connections: RSS {status['VmRSS'].strip()}, peak {status['VmHWM'].strip()}")
for s in socks:
    s.close()
PY
