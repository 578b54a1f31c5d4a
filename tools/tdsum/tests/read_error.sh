#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A read error in the middle of a file (an LD_PRELOAD shim makes read() fail
# with EIO past an offset): tdsum must print no digest for it, say why on
# stderr, go on with the other files and exit 1, with every -j, and report
# "FAILED open or read" in check mode.
# Usage: read_error.sh /path/to/tdsum /path/to/eio_shim.so
set -u
TDSUM=$1 SHIM=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tdsum-eio.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
cd "$tmp" || exit 1
failures=0
fail() { failures=$((failures + 1)); echo "FAIL: $*"; }

awk 'BEGIN { for (i = 0; i < 200000; i++) printf "row %d\n", i }' > big   # ~1.7 MB
printf 'small\n' > small
"$TDSUM" small > small.expected
"$TDSUM" big small > sums

for after in 0 4096 262144 300000 1000000; do
    for j in 1 2 4; do
        LD_PRELOAD=$SHIM TDSUM_EIO_AFTER=$after "$TDSUM" -j "$j" big > out 2> err
        rc=$?
        [ "$rc" = 1 ] || fail "-j $j, EIO after $after: exit $rc"
        [ -s out ] && fail "-j $j, EIO after $after: a digest was printed"
        grep -q 'big: Input/output error' err || fail "-j $j, EIO after $after: message: $(cat err)"

        # The other files still get their lines, in order.
        LD_PRELOAD=$SHIM TDSUM_EIO_AFTER=$after "$TDSUM" -j "$j" big small big > out 2> err
        rc=$?
        [ "$rc" = 1 ] || fail "-j $j, EIO after $after, three files: exit $rc"
        if [ "$after" = 0 ]; then
            # offset 0: even the small file fails
            [ -s out ] && fail "-j $j, EIO at 0: output"
        else
            cmp -s out small.expected || fail "-j $j, EIO after $after: output $(cat out)"
        fi

        LD_PRELOAD=$SHIM TDSUM_EIO_AFTER=$after "$TDSUM" -j "$j" -c sums > out 2> err
        rc=$?
        [ "$rc" = 1 ] || fail "-j $j, -c, EIO after $after: exit $rc"
        grep -qx 'big: FAILED open or read' out || fail "-j $j, -c, EIO after $after: $(cat out)"
    done
done
echo "read errors: $failures failures"
[ "$failures" = 0 ]
