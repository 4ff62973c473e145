#!/usr/bin/env bash
# HTTP benchmark of the release binary on loopback, bounded to about 20 s of load:
#   1. GET /healthz                         (baseline: the same binary, routing and middleware, no work)
#   2. POST /v1/translate, one text         (goal: >= 70 % of the baseline's requests/s, p99 < 5 ms)
#   3. POST /v1/translate, a 256-text batch (reported as sentences/s)
# and the server's RSS idle, under load (sampled mid-run) and at peak (VmHWM), from /proc/<pid>/status.
#
# Env: RUST_LOG (server log filter, default info), DURATION (s per run, default 6), CONNECTIONS (32), THREADS (1), TARGET_LANG (ja; also en, protocol),
#      SKIP_BUILD=1 (use the existing target/release/aiwolf-nl), BENCH_ENFORCE=1 (exit 1 when a goal is missed).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${DURATION:-6}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-1}"
TARGET_LANG="${TARGET_LANG:-ja}"

if ! command -v wrk >/dev/null; then
    echo "wrk not found; installing it from Debian" >&2
    if [ "$(id -u)" -eq 0 ]; then apt-get install -y wrk >&2; else sudo apt-get install -y wrk >&2; fi
fi
. benches/support/server.sh
# Default logging (INFO: one access-log line per request), as deployed; RUST_LOG=warn to compare without it.
start_server RUST_LOG="${RUST_LOG:-info}"

# utime + stime of the server in clock ticks: CPU per request is steadier than requests/s on a shared machine.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
ticks_per_second=$(getconf CLK_TCK)

# --- request bodies (Lua scripts for wrk) ---
sentences=("VOTE Agent[03]" "Agent[01] COMINGOUT Agent[01] SEER" "ESTIMATE Agent[05] WEREWOLF"
    "Agent[02] DIVINED Agent[04] HUMAN" "REQUEST ANY (VOTE Agent[07])"
    "BECAUSE (DIVINED Agent[01] WEREWOLF) (REQUEST ANY (VOTE Agent[01]))" "AGREE TALK day2 ID:5" "Over")
python3 - "$work" "$TARGET_LANG" "${sentences[@]}" <<'PY'
import json, sys
work, target, sentences = sys.argv[1], sys.argv[2], sys.argv[3:]
def script(name, texts):
    body = json.dumps({"texts": texts, "source_lang": "protocol", "target_lang": target,
                       "context": {"speaker": "Agent[01]", "day": 2}})
    with open(f"{work}/{name}.lua", "w") as f:
        f.write('wrk.method = "POST"\n')
        f.write('wrk.headers["Content-Type"] = "application/json"\n')
        f.write(f"wrk.body = {json.dumps(body)}\n")
script("single", [sentences[5]])
script("batch", [sentences[i % len(sentences)] for i in range(256)])
PY

# Checks the body translates before measuring it.
curl -fsS -H 'Content-Type: application/json' --data "$(python3 -c "import json,sys; print(json.dumps({'texts': ['VOTE Agent[3]'], 'source_lang': 'protocol', 'target_lang': sys.argv[1]}))" "$TARGET_LANG")" \
    "$url/v1/translate" | grep -q '"text"' || { echo "the translate request does not succeed" >&2; exit 1; }

idle_rss=$(rss_kib "$server_pid" VmRSS)

run() { # name, wrk args...
    local name=$1
    shift
    cpu_ticks "$server_pid" >"$work/$name.cpu0"
    wrk --latency -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$@" >"$work/$name.txt" &
    local wrk_pid=$!
    sleep "$(awk -v d="$DURATION" 'BEGIN { print d / 2 }')"
    rss_kib "$server_pid" VmRSS >"$work/$name.rss"
    wait "$wrk_pid"
    cpu_ticks "$server_pid" >"$work/$name.cpu1"
}
cpu_us() { # server CPU microseconds per request
    awk -v a="$(cat "$work/$1.cpu0")" -v b="$(cat "$work/$1.cpu1")" -v hz="$ticks_per_second" \
        -v n="$(awk '/requests in/ { print $1 }' "$work/$1.txt")" 'BEGIN { printf "%.1f", (b - a) / hz * 1e6 / n }'
}
rps() { awk '/^Requests\/sec:/ { print $2 }' "$work/$1.txt"; }
p99() { awk '$1 == "99%" { print $2 }' "$work/$1.txt"; }
errors() { awk '/Non-2xx|Socket errors/ { print }' "$work/$1.txt"; }
ms() { # wrk latency (e.g. 812.00us, 1.20ms, 2.01s) in milliseconds
    awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /s$/) n *= 1000; print n }'
}

wrk -t1 -c4 -d1s "$url/healthz" >/dev/null # warm-up
run healthz "$url/healthz"
run single -s "$work/single.lua" "$url/v1/translate"
run batch -s "$work/batch.lua" "$url/v1/translate"

peak_rss=$(rss_kib "$server_pid" VmHWM)
base=$(rps healthz)
single=$(rps single)
batch=$(rps batch)
ratio=$(awk -v a="$single" -v b="$base" 'BEGIN { printf "%.1f", 100 * a / b }')
single_p99_ms=$(ms "$(p99 single)")
ratio_ok=$(awk -v r="$ratio" 'BEGIN { print (r >= 70) ? "yes" : "NO" }')
p99_ok=$(awk -v p="$single_p99_ms" 'BEGIN { print (p < 5) ? "yes" : "NO" }')

echo "aiwolf-nl HTTP benchmark: wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s on 127.0.0.1, $(nproc) cores, target_lang=$TARGET_LANG"
printf '%-32s %12s %10s %16s\n' "run" "requests/s" "p99" "server CPU/req"
printf '%-32s %12s %10s %13s us\n' "GET /healthz (baseline)" "$base" "$(p99 healthz)" "$(cpu_us healthz)"
printf '%-32s %12s %10s %13s us\n' "POST /v1/translate, 1 text" "$single" "$(p99 single)" "$(cpu_us single)"
printf '%-32s %12s %10s %13s us\n' "POST /v1/translate, 256 texts" "$batch" "$(p99 batch)" "$(cpu_us batch)"
echo "single-text translate: $ratio % of baseline (goal >= 70 %: $ratio_ok), p99 $single_p99_ms ms (goal < 5 ms: $p99_ok)"
echo "256-text batch: $(awk -v r="$batch" 'BEGIN { printf "%.0f", r * 256 }') sentences/s"
echo "RSS: idle $idle_rss KiB; under load $(cat "$work/healthz.rss") / $(cat "$work/single.rss") / $(cat "$work/batch.rss") KiB (healthz / single / batch); peak $peak_rss KiB"
echo "server log: $(wc -c <"$work/server.log") bytes (RUST_LOG=${RUST_LOG:-info})"
for name in healthz single batch; do
    e=$(errors "$name")
    if [ -n "$e" ]; then echo "$name: $e"; fi
done
if [ "${BENCH_ENFORCE:-0}" = 1 ] && { [ "$ratio_ok" != yes ] || [ "$p99_ok" != yes ]; }; then
    exit 1
fi
