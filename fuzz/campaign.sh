#!/usr/bin/env bash
# The fuzz campaign of issue 12: seeds every target from ../shared (fuzz/seed.py), then runs the targets one
# after another at the lowest CPU priority, each until it reaches its execution goal or its time bound, and
# prints one line per target: executions, rate, coverage, corpus size and the verdict.
# The corpus carries over between runs, so the executions of several runs add up: each line also gives the
# total of every run since fuzz/corpus/<target> was last seeded empty (fuzz/target/campaign/<target>.runs holds
# one line per run; delete it with the corpus).
#
#   fuzz/campaign.sh [TARGET...]        (default: parse understand translate gamelog render_ast)
#
# Env: TIME_SCALE (multiplies every time bound, default 1: 40 minutes of one core in all), NICE (19).
# Needs the nightly toolchain and cargo-fuzz (`cargo install --locked cargo-fuzz`). A finding is saved by
# libFuzzer under fuzz/artifacts/<target>/; the script goes on with the next target and exits 1 at the end.
set -euo pipefail
cd "$(dirname "$0")"
shared=../../shared
[ -f "$shared/README.md" ] || { echo "../shared is missing beside the crate: the seeds come from it" >&2; exit 1; }
command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz not found: cargo install --locked cargo-fuzz" >&2; exit 1; }

# target  executions  seconds  max input bytes
plan=(
    "parse      10000000  300  4096"
    "understand  2000000  480  1024"
    "translate   2000000  900  1024"
    "gamelog     2000000  360  8192"
    "render_ast  2000000  360  4096"
)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse understand translate gamelog render_ast)
scale="${TIME_SCALE:-1}"
nice_level="${NICE:-19}"
logs=target/campaign
mkdir -p "$logs"

# The render_ast seeds are trees printed by the binary itself (any recent build prints the same trees).
[ -x ../target/release/aiwolf-nl ] || (cd .. && cargo build --release --locked --bin aiwolf-nl >&2)
python3 seed.py "$shared" ../target/release/aiwolf-nl

# Release code with debug assertions (so overflow checks too) and no sanitizer: the crate has no unsafe code,
# so AddressSanitizer would only halve the executions.
flags=(--sanitizer none --debug-assertions)
cargo +nightly fuzz build "${flags[@]}" >&2
# The targets run from these binaries rather than through `cargo fuzz run`, which would rebuild them from the
# working tree before each target: an edit made while the campaign runs would change what is fuzzed half-way.
bin_dir="target/$(rustc +nightly -vV | sed -n 's/^host: //p')/release"

failed=0
summary=()
for target in "${targets[@]}"; do
    line=$(printf '%s\n' "${plan[@]}" | awk -v t="$target" '$1 == t')
    [ -n "$line" ] || { echo "unknown target $target" >&2; exit 2; }
    read -r _ runs seconds max_len <<<"$line"
    seconds=$(awk -v s="$seconds" -v k="$scale" 'BEGIN { printf "%d", s * k }')
    log="$logs/$target.log"
    echo "== $target: up to $runs executions or $seconds s" >&2
    status=0
    started=$(date +%s)
    # A 30 s timeout per input: the costliest inputs are bounded by step budgets (the canonical reader's: ~0.7 s
    # in this instrumented build on a free core, see the bounds bench's en_reader_budget), and at nice 19 beside
    # builds a core can be 20x slower; a 10 s timeout reported that contention as a finding.
    mkdir -p "artifacts/$target"
    nice -n "$nice_level" "$bin_dir/$target" -artifact_prefix="$PWD/artifacts/$target/" "corpus/$target" \
        -runs="$runs" -max_total_time="$seconds" -max_len="$max_len" -timeout=30 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    elapsed=$(($(date +%s) - started))
    final_stat() { awk -v key="stat::$1:" '$1 == key { print $2 }' "$log"; }
    execs=$(final_stat number_of_executed_units)
    echo "$(date -u +%FT%TZ) ${execs:-0}" >>"$logs/$target.runs"
    total=$(awk '{ sum += $2 } END { print sum }' "$logs/$target.runs")
    # The last status line names the coverage (edges) and features reached.
    coverage=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
    verdict=ok
    [ "$status" -eq 0 ] || { verdict="FAILED (exit $status; see fuzz/$log and fuzz/artifacts/$target/)"; failed=1; }
    summary+=("$(printf '%-11s %10s execs (%s in %s runs)  %7s/s  %-30s  %4s of %4s s  %s' "$target" "$execs" \
        "$total" "$(wc -l <"$logs/$target.runs")" "$(final_stat average_exec_per_sec)" "$coverage" "$elapsed" "$seconds" "$verdict")")
done
printf '%s\n' "${summary[@]}"
exit "$failed"
