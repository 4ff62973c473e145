#!/usr/bin/env bash
# Soak and fault bench of the release binary on loopback (issue 12), bounded to about DURATION + 60 s:
#   mixed keep-alive traffic for DURATION s (translate protocol→ja/en, ja→protocol, en→protocol, auto; parse;
#   game-log rendering; 20 % malformed requests), 200 slow clients (half slowloris, half idle) alongside, then
#   SIGTERM while the load and 20 more slow clients continue.
# Reports requests/s, latency p50/p99, answers by class (unexpected ones by request), what happened to the slow
# clients, RSS before/after, how long the server took to exit after SIGTERM and its exit status.
# The client is benches/support/soak.py (python3, standard library only); it shares the machine's cores with
# the server, so requests/s here is a soak figure, not the throughput benchmark (benches/http.sh is).
#
# Env: DURATION (s, default 60), WARM_UP (s of concurrent traffic before RSS "before", default 10; see
#      benches/support/soak.py), CONNECTIONS (16), SLOW_CLIENTS (200), DRAIN_LIMIT (s after SIGTERM before the
#      server is killed, default 45), SKIP_BUILD=1 (use the existing target/release/aiwolf-nl), RUST_LOG
#      (the server's default logging unless set). Exit status 0 only when every goal holds.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${DURATION:-60}"
CONNECTIONS="${CONNECTIONS:-16}"
SLOW_CLIENTS="${SLOW_CLIENTS:-200}"
DRAIN_LIMIT="${DRAIN_LIMIT:-45}"
. benches/support/server.sh
# The 5-player ANAC2020 log when ../shared is beside the crate, else a small log of the same format.
gamelog=$(ls ../shared/data/game-logs/2020_ANAC2020_5p_*.log 2>/dev/null | head -1 || true)
if [ -z "$gamelog" ]; then
    gamelog="$work/game.log"
    printf '%s\n' '0,status,1,SEER,ALIVE,alice' '0,status,2,WEREWOLF,ALIVE,bob' '0,status,3,VILLAGER,ALIVE,carol' \
        '1,talk,0,0,1,COMINGOUT Agent[01] SEER' '1,talk,1,0,2,VOTE Agent[01]' '1,vote,1,2' '1,vote,2,1' \
        '1,execute,2,WEREWOLF' >"$gamelog"
fi

# More descriptors than the slow clients and the load need together.
ulimit -n 4096
start_server

echo "aiwolf-nl soak: ${DURATION} s on 127.0.0.1, $CONNECTIONS connections, $SLOW_CLIENTS slow clients, $(nproc) cores," \
    "RUST_LOG=${RUST_LOG:-<default>}"
client_status=0
python3 benches/support/soak.py --port "$port" --pid "$server_pid" --duration "$DURATION" --warm-up "${WARM_UP:-10}" \
    --connections "$CONNECTIONS" --slow-clients "$SLOW_CLIENTS" --drain-limit "$DRAIN_LIMIT" \
    --gamelog "$gamelog" || client_status=$?

# soak.py sent SIGTERM and waited up to DRAIN_LIMIT s; a server still running now is killed.
if kill -0 "$server_pid" 2>/dev/null && ! grep -q '^State:.*zombie' "/proc/$server_pid/status" 2>/dev/null; then
    echo "server still running after SIGTERM: killed"
    kill -KILL "$server_pid"
fi
server_status=0
wait "$server_pid" || server_status=$?
server_pid=""
echo "server exit status: $server_status; log $(wc -c <"$work/server.log") bytes," \
    "$(grep -ci 'panic' "$work/server.log" || true) panic lines"
[ "$server_status" -eq 0 ] || client_status=1
exit "$client_status"
