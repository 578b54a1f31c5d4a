#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The figures of the tdsum issue, measured in one run (not a CTest test):
#  - a 1 GiB file in the page cache: tdsum vs coreutils' XXXsum vs
#    `openssl dgst -XXX`, for md5, sha1, sha256, sha512;
#  - 10,000 files of 4 KiB: `tdsum -j 2` vs `sha256sum`;
#  - peak RSS of `tdsum -j 2` on the 1 GiB file (/usr/bin/time).
# Wall time, best of N runs (default 5), so that a busy machine hurts less.
# Usage: bench_vs_coreutils.sh /path/to/tdsum [WORKDIR]

set -u
TDSUM=${1:?usage: bench_vs_coreutils.sh /path/to/tdsum [WORKDIR]}
WORK=${2:-${TMPDIR:-/tmp}/tdsum-bench}
N=${N:-5}
mkdir -p "$WORK" || exit 1
big=$WORK/1gib
small=$WORK/small
[ -s "$big" ] || head -c 1073741824 /dev/urandom > "$big"
if [ ! -e "$small/f09999" ]; then
    mkdir -p "$small"
    head -c 40960000 "$big" | (cd "$small" && split -b 4096 -a 5 -d - f)
fi
cat "$big" > /dev/null
cat "$small"/* > /dev/null

now() { date +%s%N; }
best() {    # best wall time of N runs, in seconds
    b=
    for i in $(seq "$N"); do
        s=$(now); "$@" > /dev/null 2>&1; e=$(now)
        t=$((e - s))
        if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
    done
    awk -v t="$b" 'BEGIN { printf "%.3f", t / 1e9 }'
}
rate() { awk -v t="$1" 'BEGIN { printf "%.0f", 1073.741824 / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tdsum backends: $("$TDSUM" --list-backends | sed -n 's/^\(md5\|sha1\|sha256\|sha512\) *single: *\([^ ]*\).*/\1=\2/p' | tr '\n' ' ')"
echo
echo "1 GiB file in the page cache, best of $N (seconds, MB/s):"
printf '%-7s %16s %16s %16s %8s %8s\n' alg tdsum coreutils openssl-dgst vs-cu vs-ossl
cd "$WORK" || exit 1
for alg in md5 sha1 sha256 sha512; do
    td=$(best "$TDSUM" -a "$alg" 1gib)
    cu=$(best "${alg}sum" 1gib)
    os=$(best openssl dgst "-$alg" 1gib)
    printf '%-7s %8s (%5s) %8s (%5s) %8s (%5s) %7sx %7sx\n' "$alg" \
        "$td" "$(rate "$td")" "$cu" "$(rate "$cu")" "$os" "$(rate "$os")" \
        "$(ratio "$cu" "$td")" "$(ratio "$os" "$td")"
done
echo
cd "$small" || exit 1
td=$(best "$TDSUM" -j 2 -a sha256 -- *)
cu=$(best sha256sum -- *)
echo "10,000 files of 4 KiB, best of $N: tdsum -j 2 ${td}s, sha256sum ${cu}s: $(ratio "$cu" "$td")x"
cd "$WORK" || exit 1
if [ -x /usr/bin/time ]; then
    rss=$(/usr/bin/time -f %M "$TDSUM" -j 2 1gib 2>&1 >/dev/null | tail -1)
    echo "peak RSS of tdsum -j 2 on the 1 GiB file: ${rss} KiB"
fi
