#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Many files of mixed sizes hashed side by side (td_update_many): sizes around
# block and read-chunk boundaries, empty files, a large file among small
# ones, a directory and a missing file among them, given in several orders.
# Compute and check mode must print what coreutils prints, byte for byte,
# with the same exit status, at -j 1, 2 and 3; HMACs must equal those of
# each file hashed alone. Usage: many_files.sh /path/to/tdsum
# Exit 0: all equal; 1: differences (printed); 77: coreutils missing.
set -u
TDSUM=${1:?usage: many_files.sh /path/to/tdsum}
case $TDSUM in /*) ;; *) TDSUM=$PWD/$TDSUM ;; esac
for alg in md5 sha1 sha224 sha256 sha384 sha512; do
    command -v "${alg}sum" >/dev/null 2>&1 || { echo "SKIP: ${alg}sum not found"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tdsum-many.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
cd "$tmp" || exit 1
failures=0
fail() { failures=$((failures + 1)); echo "FAIL: $*"; }

# Sizes at the edges of 64- and 128-byte blocks, of the 64 KiB reads of files
# side by side and the 256 KiB reads of a file alone, and a few larger ones.
mkdir f
i=0
for size in 0 1 55 56 63 64 65 111 112 127 128 129 1000 4096 \
            65535 65536 65537 131072 262143 262144 262145 300000 1048579 3000000; do
    head -c "$size" /dev/urandom > "f/$i-$size"
    i=$((i + 1))
done
awk 'BEGIN { srand(7); for (i = 0; i < 60; i++) print int(rand() * 200000) }' |
while read -r size; do
    head -c "$size" /dev/urandom > "f/r$size"
done
mkdir f/dir
ls f/* > list.sorted                          # files, and the directory
sort -r list.sorted > list.reversed
{ echo missing; grep -v dir list.sorted; echo f/dir; } > list.errors
head -c 5000000 /dev/urandom > big; { echo big; grep -v dir list.sorted; } > list.big-first

compare() {    # compare DESC -- COMMAND...: stdout and status, tdsum against coreutils
    desc=$1
    shift 2
    prog=$1
    shift
    "$prog" "$@" > ref 2> /dev/null
    ref_rc=$?
    for j in 1 2 3; do
        "$TDSUM" -a "${prog%sum}" -j "$j" "$@" > got 2> /dev/null
        rc=$?
        [ "$rc" = "$ref_rc" ] || fail "$desc, -j $j: exit $rc, coreutils $ref_rc"
        cmp -s ref got || fail "$desc, -j $j: output differs: $(diff ref got | head -3)"
    done
}

for alg in md5 sha1 sha224 sha256 sha384 sha512; do
    for list in list.sorted list.reversed list.errors list.big-first; do
        # shellcheck disable=SC2046
        compare "$alg, $list" -- "${alg}sum" $(cat "$list")
    done
    "${alg}sum" $(grep -v dir list.sorted) big > sums 2> /dev/null
    compare "$alg --check" -- "${alg}sum" -c sums
    # A file that changed since: FAILED among OK lines.
    sed '3s/^\(.\)./\1x/' sums > sums.bad
    compare "$alg --check, a bad line" -- "${alg}sum" -c sums.bad
done

# Every many-path backend of this machine pinned in turn (--backend).
for alg in md5 sha1 sha256 sha512; do
    "${alg}sum" $(cat list.sorted) > ref 2> /dev/null
    for name in $("$TDSUM" --list-backends | sed -n "s/^$alg .*many: //p" | tr -d '*'); do
        "$TDSUM" -a "$alg" --backend "$name" -j 1 $(cat list.sorted) > got 2> /dev/null
        cmp -s ref got || fail "$alg, --backend $name: output differs: $(diff ref got | head -3)"
    done
done

# HMACs of files side by side against each file's HMAC alone.
head -c 100 /dev/urandom > key
for alg in sha1 sha256 sha512; do
    "$TDSUM" -a "$alg" --hmac-key-file key -j 1 $(grep -v dir list.big-first) > together
    : > alone
    for file in $(grep -v dir list.big-first); do
        "$TDSUM" -a "$alg" --hmac-key-file key "$file" >> alone
    done
    cmp -s together alone || fail "HMAC-$alg: side by side differs from alone: $(diff together alone | head -3)"
done

[ "$failures" = 0 ] && echo "many_files: all equal" && exit 0
echo "many_files: $failures failures"
exit 1
