#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Everything worth knowing about turbodigest on a CPU not measured before, in
# one run of about ten minutes on a bare Debian or Ubuntu machine with a C
# compiler and CMake (OpenSSL's headers optional: its rows are left out
# without them). Builds the project in Release, runs the self-test and the
# quick test suite, then tdbench for every family on both paths (64 B to
# 16 KiB, batches 1 to 1024), the Merkle level and the streams workload, and
# writes everything under one folder: the CPU's identity, each command's
# output, and a summary.
# Usage: scripts/cpu-survey.sh [OUTDIR]      (default: cpu-survey-HOST-DATE)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$PWD/cpu-survey-$(hostname 2>/dev/null || echo host)-$(date -u +%Y%m%dT%H%M)}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
build=$out/build
jobs=$(nproc 2>/dev/null || echo 2)
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$out/summary.txt"; }
# step NAME SECONDS COMMAND...: output to NAME.txt, a time limit, the status
# in the summary; a step that fails does not stop the survey.
step() {
    name=$1 limit=$2
    shift 2
    log "start $name"
    timeout "$limit" "$@" > "$out/$name.txt" 2>&1
    rc=$?
    log "end $name: exit $rc"
    return $rc
}

{
    echo "date: $(date -u)"
    echo "kernel: $(uname -srm)"
    echo "compiler: $(${CC:-cc} --version 2>/dev/null | head -1)"
    echo "cmake: $(cmake --version 2>/dev/null | head -1)"
    grep -m1 'model name' /proc/cpuinfo 2>/dev/null
    grep -m1 '^cpu family' /proc/cpuinfo 2>/dev/null
    grep -m1 '^model[[:space:]]' /proc/cpuinfo 2>/dev/null
    grep -m1 '^stepping' /proc/cpuinfo 2>/dev/null
    grep -m1 '^flags' /proc/cpuinfo 2>/dev/null
    command -v lscpu >/dev/null && lscpu
} > "$out/cpu.txt" 2>&1
log "survey of $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2) into $out"

step configure 120 cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release || exit 1
step build 300 cmake --build "$build" -j "$jobs" || exit 1
tdsum=$build/tools/tdsum/tdsum
tdbench=$build/tools/tdbench/tdbench
step backends 30 "$tdsum" --list-backends
step selftest 60 "$tdsum" --selftest
step tests 240 env TD_TEST_SHORT=1 ctest --test-dir "$build" -L quick -j "$jobs" --output-on-failure

families=md5,sha1,sha256,sha512
step bench-single 120 "$tdbench" -a "$families" -p single --sizes 64,256,1K,4K,16K --format markdown
step bench-multi 180 "$tdbench" -a "$families" -p multi,fixed -b auto,td-loop,openssl \
    --batch 1,2,3,4,8,16,32,64,256,1024 --sizes 64,1K,4K --quick --format csv
step bench-multi-backends 120 "$tdbench" -a "$families" -p multi --batch 64 --sizes 64,1K,4K,16K \
    --format markdown
step bench-merkle 60 "$tdbench" --merkle
step bench-streams 90 "$tdbench" -a "$families" --streams 2,16,64 --chunk 64,4K,64K \
    -b auto,td-loop,openssl --quick --format markdown
log "done: $(ls "$out" | tr '\n' ' ')"
