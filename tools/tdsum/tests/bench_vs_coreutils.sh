#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# tdsum's figures, measured in one run (not a CTest test):
#  - a 1 GiB file in the page cache: tdsum vs coreutils' XXXsum vs
#    `openssl dgst -XXX`, for md5, sha1, sha256, sha512;
#  - 64 files of 16 MiB (hashed side by side): tdsum -j 1 and -j 2 vs
#    coreutils, for the same algorithms;
#  - 10,000 files of 4 KiB: tdsum -j 1 and -j 2 vs `sha256sum`, with the
#    user and system time of each;
#  - peak RSS of tdsum on the 1 GiB file and on the 64 files (/usr/bin/time).
# Wall time, best of N runs (default 5), so that a busy machine hurts less.
# TDSUM_BEFORE=/path/to/an/older/tdsum adds its times beside.
# Usage: bench_vs_coreutils.sh /path/to/tdsum [WORKDIR]

set -u
TDSUM=${1:?usage: bench_vs_coreutils.sh /path/to/tdsum [WORKDIR]}
# The runs happen in WORKDIR: a relative path to tdsum must not change meaning.
case $TDSUM in /*) ;; *) TDSUM=$(pwd)/$TDSUM ;; esac
[ -x "$TDSUM" ] || { echo "bench_vs_coreutils.sh: $TDSUM is not an executable" >&2; exit 1; }
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
files=$WORK/files
if [ ! -e "$files/f63" ]; then
    mkdir -p "$files"
    (cd "$files" && split -b 16777216 -a 2 -d "$big" f)
fi
cat "$big" "$files"/* > /dev/null
cat "$small"/* > /dev/null
BEFORE=${TDSUM_BEFORE:-}

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
echo "64 files of 16 MiB in the page cache, best of $N (seconds, MB/s; x: coreutils' time over tdsum's):"
printf '%-7s %16s %16s %16s %8s %8s%s\n' alg coreutils "tdsum -j 1" "tdsum -j 2" j1-vs-cu j2-vs-j1 \
    "${BEFORE:+   before -j 1, -j 2}"
cd "$files" || exit 1
for alg in md5 sha1 sha256 sha512; do
    cu=$(best "${alg}sum" -- f*)
    j1=$(best "$TDSUM" -j 1 -a "$alg" -- f*)
    j2=$(best "$TDSUM" -j 2 -a "$alg" -- f*)
    extra=
    if [ -n "$BEFORE" ]; then
        extra="   $(best "$BEFORE" -j 1 -a "$alg" -- f*), $(best "$BEFORE" -j 2 -a "$alg" -- f*)"
    fi
    printf '%-7s %8s (%5s) %8s (%5s) %8s (%5s) %7sx %7sx%s\n' "$alg" \
        "$cu" "$(rate "$cu")" "$j1" "$(rate "$j1")" "$j2" "$(rate "$j2")" \
        "$(ratio "$cu" "$j1")" "$(ratio "$j1" "$j2")" "$extra"
done
echo
cd "$small" || exit 1
cu=$(best sha256sum -- *)
echo "10,000 files of 4 KiB, sha256, best of $N: sha256sum ${cu}s"
for prog in "$TDSUM" $BEFORE; do
    for j in 1 2; do
        t=$(best "$prog" -j "$j" -a sha256 -- *)
        split=
        if [ -x /usr/bin/time ]; then
            split=$(/usr/bin/time -f '(user %U s, system %S s)' "$prog" -j "$j" -- * 2>&1 >/dev/null | tail -1)
        fi
        echo "  $prog -j $j: ${t}s, $(ratio "$cu" "$t")x sha256sum $split"
    done
done
cd "$WORK" || exit 1
if [ -x /usr/bin/time ]; then
    for j in 1 2; do
        rss=$(/usr/bin/time -f %M "$TDSUM" -j "$j" 1gib 2>&1 >/dev/null | tail -1)
        rss64=$(cd "$files" && /usr/bin/time -f %M "$TDSUM" -j "$j" -a md5 -- f* 2>&1 >/dev/null | tail -1)
        echo "peak RSS of tdsum -j $j: ${rss} KiB on the 1 GiB file, ${rss64} KiB on the 64 files (md5, 32 side by side)"
    done
fi
