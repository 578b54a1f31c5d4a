#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Executed AArch64 instructions per block for each backend, under
# qemu-aarch64 -cpu max: qemu runs one instruction per translation block
# (-singlestep) and logs every block it executes (-d exec,nochain), so the
# log has one line per instruction. Two runs, 1 and 1 + N blocks; the
# difference over N is one block's cost. No timing: emulated speed says
# nothing about hardware.
#
# usage: scripts/cross/insn-count.sh BUILD_DIR    (an aarch64 build of the library)
set -eu
cd "$(dirname "$0")/../.."
dir=$1
N=${N:-40}
exe=$dir/insn_count
aarch64-linux-gnu-gcc -std=c11 -O2 -Iinclude -DTD_STATIC_DEFINE scripts/cross/insn_count.c \
    "$dir/libturbodigest.a" -o "$exe"

count() { # alg backend nblocks
    local log
    log=$(mktemp)
    QEMU_CPU=max qemu-aarch64 -L /usr/aarch64-linux-gnu -singlestep -d exec,nochain -D "$log" \
        "$exe" "$@" >/dev/null
    grep -c '^Trace' "$log"
    rm -f "$log"
}

printf '%-8s %-14s %10s\n' family backend insn/block
for pair in sha1:armv8 sha1:portable sha256:armv8 sha256:portable \
            sha512:armv8-sha512 sha512:portable sha3-256:armv8-sha3 sha3-256:portable \
            md5:portable; do
    alg=${pair%%:*} be=${pair#*:}
    one=$(count "$alg" "$be" 1)
    many=$(count "$alg" "$be" $((1 + N)))
    awk -v a="$alg" -v b="$be" -v m="$many" -v o="$one" -v n="$N" \
        'BEGIN { printf "%-8s %-14s %10.1f\n", a, b, (m - o) / n }'
done
