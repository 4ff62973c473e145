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
IDLE_CONNECTIONS="${IDLE_CONNECTIONS:-5000}"
. benches/support/server.sh
ulimit -n "$((IDLE_CONNECTIONS + 1024))" 2>/dev/null || echo "cannot raise the open-file limit; idle step may fail" >&2
start_server RUST_LOG=warn -- --body-limit $((5 * 1024 * 1024)) \
    --heavy-workers "${HEAVY_WORKERS:-1}" --request-timeout-ms 60000 --queue-timeout-ms 60000 \
    --max-connections $((IDLE_CONNECTIONS + 64)) --idle-timeout-ms 120000
echo "idle: RSS $(rss_kib "$server_pid" VmRSS) KiB"

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
echo "8 concurrent 4 MiB logs: statuses $(cat "$work"/log.[0-9]* | awk '{print $1}' | sort | uniq -c | tr -s ' \n' ' ')in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s; peak RSS $(rss_kib "$server_pid" VmHWM) KiB, now $(rss_kib "$server_pid" VmRSS) KiB"

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
