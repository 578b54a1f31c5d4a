#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs every libFuzzer target of a TD_FUZZ build (make fuzz) for SECONDS
# each, JOBS at a time, and fails when one of them found something: a crash,
# a sanitizer report, or a wrong digest (the targets abort on a mismatch).
#
# usage: scripts/fuzz.sh BUILD_DIR [SECONDS] [JOBS]
#
# Each target starts from its seed corpus tests/fuzz/corpus/<name> (read
# only) and BUILD_DIR/fuzz/corpus/<name>, where it keeps what it finds, so
# that a later run goes on from there. Logs and the input of a finding go to
# BUILD_DIR/fuzz/: replay a finding with `BUILD_DIR/tests/fuzz/fuzz_<name>
# FILE`, and keep it as tests/fuzz/corpus/<name>/regress-<what> once fixed.
# FUZZ_ARGS adds libFuzzer options (e.g. FUZZ_ARGS=-max_len=16384).
set -eu

build=${1:?usage: scripts/fuzz.sh BUILD_DIR [SECONDS] [JOBS]}
seconds=${2:-60}
jobs=${3:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
list="$build/tests/fuzz/targets.txt"
out="$build/fuzz"
[ -f "$list" ] || { echo "fuzz.sh: $list missing: configure $build with -DTD_FUZZ=ON" >&2; exit 1; }
mkdir -p "$out/corpus" "$out/artifacts"
rm -f "$out"/*.status

echo "fuzz: $(tr '\n' ' ' <"$list")for ${seconds}s each, $jobs at a time (logs in $out)"
start=$(date +%s)
# JOBS targets at a time; each leaves ok or failed in fuzz/<name>.status.
FUZZ_ARGS=${FUZZ_ARGS:-}
export build seconds out root FUZZ_ARGS
status=0
grep -v '^$' "$list" | xargs -P "$jobs" -I{} sh -c '
    name={}
    mkdir -p "$out/corpus/$name"
    if "$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=30 \
        -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$name-" $FUZZ_ARGS \
        "$out/corpus/$name" "$root/tests/fuzz/corpus/$name" >"$out/$name.log" 2>&1
    then echo ok >"$out/$name.status"; else echo failed >"$out/$name.status"; fi
' || status=1

# One line per target: executions, their rate, the corpus it ends with.
for name in $(grep -v '^$' "$list"); do
    log="$out/$name.log"
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    units=$(ls "$out/corpus/$name" | wc -l | tr -d ' ')
    result=$(cat "$out/$name.status" 2>/dev/null || echo failed)
    printf 'fuzz: %-12s %-6s %10s runs %7s/s  %s inputs kept\n' "$name" "$result" \
        "${runs:-?}" "${rate:-?}" "$units"
    if [ "$result" != ok ]; then
        status=1
        echo "---- $log (end) ----"
        tail -n 60 "$log"
        echo "---- input kept in $out/artifacts/$name-* ----"
    fi
done
echo "fuzz: $(($(date +%s) - start))s"
exit $status
