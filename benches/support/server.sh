# Sourced by the HTTP benches (http.sh, soak.sh, gamelog_rss.sh) from the crate root: builds the release binary
# unless SKIP_BUILD=1, makes a scratch folder ($work) and removes it on exit, stopping the server if it still runs.
#   start_server [VAR=VALUE...] [-- SERVE_ARG...]
#                                 serves on a free loopback port ($port, $url, $server_pid; log $work/server.log)
#                                 with those variables set and those `serve` arguments, and returns once /readyz
#                                 answers
#   BIN (env)                     the binary to serve (default target/release/aiwolf-nl; with SKIP_BUILD=1)
#   rss_kib PID KEY               a /proc/PID/status figure in KiB (VmRSS, VmHWM)
BIN="${BIN:-target/release/aiwolf-nl}"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    cargo build --release --locked >&2
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid"
        # A server that does not drain in 5 s is not waited for.
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

start_server() {
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    url="http://127.0.0.1:$port"
    local vars=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do vars+=("$1"); shift; done
    [ $# -eq 0 ] || shift
    env "${vars[@]}" "$BIN" serve --bind "127.0.0.1:$port" "$@" >"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 100); do
        if curl -fsS "$url/readyz" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
    done
    echo "the server did not become ready in 10 s: $(tail -5 "$work/server.log")" >&2
    exit 1
}

rss_kib() { awk -v key="$2:" '$1 == key { print $2 }' "/proc/$1/status"; }
