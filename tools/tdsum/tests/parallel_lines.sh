#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Several tdsum processes writing into one pipe, as under `xargs -P`, GNU
# parallel or `make -j` (coreutils' tests/cksum/md5sum-parallel.sh): every
# line must arrive whole, so the sorted output of each run must equal the
# sorted lines of one process. Compute and check mode, -z, --tag, and error
# lines on stderr, with 2 and 4 processes, many times over.
# Usage: parallel_lines.sh /path/to/tdsum [rounds]
set -u
TDSUM=$1 ROUNDS=${2:-8}
case $TDSUM in /*) ;; *) TDSUM=$PWD/$TDSUM ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tdsum-par.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
cd "$tmp" || exit 1
failures=0
fail() { failures=$((failures + 1)); echo "FAIL: $*"; }

# 1500 files: empty, or one to a few hundred bytes, under names of many
# lengths, so that lines vary and a block of output rarely ends on a line.
mkdir d
i=0
while [ "$i" -lt 1500 ]; do
    name=d/$i$(printf '%*s' $((i % 97)) '' | tr ' ' x)
    if [ $((i % 3)) = 0 ]; then : > "$name"; else printf '%*d\n' $((i % 300)) "$i" > "$name"; fi
    i=$((i + 1))
done
find d -type f | sort > names                     # each name once
cat names names names > args                      # and three times, as the coreutils test does
tr '\n' '\0' < args > args0
while read -r name; do printf '%s\n' "$name"; done < args | sed 's|^d/|missing/|' > missing

# What one process prints, sorted: the reference for every run.
xargs "$TDSUM" -a md5 < args | sort > want.md5
xargs "$TDSUM" -a sha512 --tag < args | sort > want.tag
xargs -0 "$TDSUM" -a sha1 -z < args0 | tr '\0' '\n' | sort > want.z
"$TDSUM" -a md5 names > sums
split -l 100 sums part.
xargs "$TDSUM" -a md5 -c part.* | sort > want.check
xargs "$TDSUM" < missing 2> unsorted.err > /dev/null
sort unsorted.err > want.err
[ "$(wc -l < want.md5)" = 4500 ] || fail "reference run: $(wc -l < want.md5) lines"
[ "$(wc -l < want.err)" = 4500 ] || fail "reference errors: $(wc -l < want.err) lines"

same() {    # same WANT GOT WHAT
    cmp -s "$1" "$2" && return 0
    fail "$3: $(diff "$1" "$2" | grep -c '^>') lines differ, for example: $(diff "$1" "$2" | grep '^>' | head -2)"
}

round=1
while [ "$round" -le "$ROUNDS" ]; do
    for p in 2 4; do
        xargs -n 300 -P "$p" "$TDSUM" -a md5 < args | sort > got
        same want.md5 got "compute, $p processes, round $round"
        xargs -n 300 -P "$p" "$TDSUM" -a sha512 --tag < args | sort > got
        same want.tag got "--tag, $p processes, round $round"
        xargs -0 -n 300 -P "$p" "$TDSUM" -a sha1 -z < args0 | tr '\0' '\n' | sort > got
        same want.z got "-z, $p processes, round $round"
        xargs -n 3 -P "$p" "$TDSUM" -a md5 -c part.* | sort > got
        same want.check got "--check, $p processes, round $round"
        xargs -n 300 -P "$p" "$TDSUM" < missing 2>&1 > /dev/null | sort > got
        same want.err got "stderr, $p processes, round $round"
    done
    round=$((round + 1))
done

[ "$failures" = 0 ] && echo "parallel_lines: every line whole in $ROUNDS rounds" && exit 0
echo "parallel_lines: $failures failures"
exit 1
