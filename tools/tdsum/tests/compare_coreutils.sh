#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# tdsum against coreutils' own md5sum, sha1sum, sha224sum, sha256sum,
# sha384sum and sha512sum: for every case, the stdout bytes and the exit
# status must be the same (and stderr empty in both or in neither).
# Each case runs coreutils' program once and tdsum four ways: through a
# symlink named like the program, the same with -j 1 and with -j 3, and as
# `tdsum -a ALG`. Usage: compare_coreutils.sh /path/to/tdsum
# Exit 0: all equal; 1: differences (printed); 77: coreutils missing.

set -u
TDSUM=${1:?usage: compare_coreutils.sh /path/to/tdsum}
case $TDSUM in /*) ;; *) TDSUM=$(pwd)/$TDSUM ;; esac
ALGS=${TDSUM_TEST_ALGS:-"md5 sha1 sha224 sha256 sha384 sha512"}

for alg in $ALGS; do
    if ! command -v "${alg}sum" >/dev/null 2>&1; then
        echo "SKIP: ${alg}sum (coreutils) not found"
        exit 77
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tdsum-test.XXXXXX") || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT HUP INT TERM
cd "$tmp" || exit 1
mkdir bin out
out=$tmp/out
bin=$tmp/bin
for alg in $ALGS; do
    ln -s "$TDSUM" "bin/${alg}sum"
    # Any name ending in the program's name picks the same default.
    ln -s "$TDSUM" "bin/td-${alg}sum"
done

cases=0
failures=0

show() {    # show LABEL FILE: the first bytes of an output, escaped
    printf '    %s:\n' "$1"
    od -c "$2" | sed -n '1,12s/^/      /p'
}

# check_case MODE ALG INPUT DESC -- ARGS...
# MODE "out": stdout and status must match; "status": status only (--help).
check_case() {
    mode=$1 alg=$2 input=$3 desc=$4
    shift 5
    prog=${alg}sum
    "$prog" "$@" <"$input" >"$out/ref" 2>"$out/ref.err"
    ref_rc=$?
    for variant in link j1 j3 opt; do
        case $variant in
        link) "$bin/$prog" "$@" ;;
        j1)   "$bin/$prog" -j 1 "$@" ;;
        j3)   "$bin/$prog" -j 3 "$@" ;;
        opt)  "$TDSUM" -a "$alg" "$@" ;;
        esac <"$input" >"$out/td" 2>"$out/td.err"
        rc=$?
        cases=$((cases + 1))
        bad=
        [ "$rc" = "$ref_rc" ] || bad="exit status $rc, coreutils $ref_rc"
        if [ "$mode" = out ] && ! cmp -s "$out/ref" "$out/td"; then
            bad="${bad:+$bad; }stdout differs"
        fi
        if { [ -s "$out/ref.err" ] && [ ! -s "$out/td.err" ]; } ||
           { [ ! -s "$out/ref.err" ] && [ -s "$out/td.err" ]; }; then
            bad="${bad:+$bad; }stderr empty in one of them"
        fi
        if [ -n "$bad" ]; then
            failures=$((failures + 1))
            printf 'FAIL [%s, %s] %s: %s\n' "$prog" "$variant" "$desc" "$bad"
            printf '    args:'
            printf ' [%s]' "$@"
            printf '\n'
            show "coreutils stdout" "$out/ref"
            show "tdsum stdout" "$out/td"
            sed 's/^/    coreutils stderr: /' "$out/ref.err" | head -5
            sed 's/^/    tdsum stderr: /' "$out/td.err" | head -5
        fi
    done
}

same() { check_case out "$@"; }
status_only() { check_case status "$@"; }

# ------------------------------------------------------------ shared files

printf 'hello\n' > x
printf 'abc' > 'with space'
: > empty
mkdir dir
printf 'dash' > -dash
# Past 256 KiB so that the read-ahead path runs (several chunks, odd tail).
awk 'BEGIN { for (i = 0; i < 60000; i++) printf "line %d of a larger file\n", i }' > big
printf 'from stdin\n' > stdin.txt
if [ "$(id -u)" != 0 ]; then
    printf 'secret' > unreadable
    chmod 000 unreadable
fi

# Names with spaces, backslashes, newlines, carriage returns, tabs, quotes,
# parentheses, '=', '*', '#' and bytes that are not UTF-8.
mkdir corpus
for n in plain 'with space' ' lead' 'trail ' 'back\slash' '\' 'end\' \
         'tab	name' 'star*' '*lead' 'par(en)s' 'a) = b' '#hash' "quo'te" \
         'dq"uote' 'dollar$x' 'ünïcödé'; do
    printf '%s' "$n" > "corpus/$n"
done
for spec in 'new\nline' 'cr\rname' 'both\\\n\r' '\377\376latin' 'mixed\\\r\303(' \
            'trailing\n' '\n' 'bs\\n-literal'; do
    name=$(printf "${spec}X")
    name=${name%X}
    printf '%s' "$spec" > "corpus/$name"
done

# Many files of assorted sizes for -j: small, chunk-sized, multi-chunk.
mkdir many
i=0
for size in 0 1 55 56 63 64 65 111 112 127 128 129 1000 4096 65536 262143 262144 262145 \
            524288 600001 1 2 3 4096 4096 4096 700000 9 10 11; do
    i=$((i + 1))
    head -c "$size" big > "many/f$(printf %03d $i)"
done
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    printf 'small %s\n' "$k" > "many/s$k"
done

# ----------------------------------------------------------------- by algorithm

for alg in $ALGS; do
    prog=${alg}sum
    tag=$(echo "$alg" | tr a-z A-Z)
    hx=$("$prog" x | cut -d' ' -f1)
    he=$("$prog" empty | cut -d' ' -f1)
    HX=$(echo "$hx" | tr a-f A-F)
    short=$(echo "$hx" | cut -c3-)
    badhex=g$(echo "$hx" | cut -c2-)
    n=/dev/null

    # --------------------------------------------------------- computing
    same "$alg" $n "one file" -- x
    same "$alg" $n "two files" -- x 'with space'
    same "$alg" $n "empty file" -- empty
    same "$alg" $n "large file (read-ahead)" -- big
    same "$alg" big "large pipe on stdin" --
    same "$alg" stdin.txt "no operand: stdin" --
    same "$alg" stdin.txt "- for stdin" -- -
    same "$alg" stdin.txt "stdin twice" -- - -
    same "$alg" stdin.txt "stdin between files" -- x - x -
    same "$alg" $n "/dev/null (a device)" -- /dev/null
    same "$alg" $n "a file named -dash" -- -- -dash
    same "$alg" $n "-b" -- -b x
    same "$alg" $n "--binary" -- --binary x
    same "$alg" $n "-t" -- -t x
    same "$alg" $n "--text" -- --text x
    same "$alg" $n "-b then -t" -- -b -t x
    same "$alg" $n "--tag" -- --tag x 'with space'
    same "$alg" $n "--tag -b" -- --tag -b x
    same "$alg" $n "-t --tag" -- -t --tag x
    same "$alg" $n "--tag -t (refused)" -- --tag -t x
    same "$alg" $n "-z" -- -z x 'with space'
    same "$alg" $n "--zero --tag" -- --zero --tag x
    same "$alg" $n "-z -b" -- -z -b x
    same "$alg" $n "options after operands" -- x --tag
    same "$alg" $n "abbreviated --bin" -- --bin x
    same "$alg" $n "abbreviated --b" -- --b x
    same "$alg" $n "abbreviated --ta" -- --ta x
    same "$alg" $n "abbreviated --z" -- --z x
    same "$alg" $n "ambiguous --t" -- --t x
    same "$alg" $n "ambiguous --s" -- --s x
    same "$alg" $n "missing file" -- nofile
    same "$alg" $n "missing file among others" -- x nofile 'with space'
    same "$alg" $n "directory" -- dir
    same "$alg" $n "directory among others" -- x dir x
    same "$alg" $n "read error (EIO from /proc/self/mem)" -- /proc/self/mem x
    if [ -e unreadable ]; then
        same "$alg" $n "unreadable file" -- x unreadable x
    fi
    same "$alg" $n "corpus of names" -- corpus/*
    same "$alg" $n "corpus of names, --tag" -- --tag corpus/*
    same "$alg" $n "corpus of names, -z" -- -z corpus/*
    same "$alg" $n "corpus of names, -z --tag" -- -z --tag corpus/*
    same "$alg" $n "corpus of names, -b" -- -b corpus/*
    same "$alg" $n "many files, missing ones between" -- many/* nofile many/f001 dir many/*

    # ----------------------------------------------------- option errors
    same "$alg" $n "unknown short option" -- -x x
    same "$alg" $n "unknown long option" -- --foo x
    same "$alg" $n "-c -z" -- -c -z x
    same "$alg" $n "-c --tag" -- -c --tag x
    same "$alg" $n "-c -b" -- -c -b x
    same "$alg" $n "-c -t" -- -c -t x
    same "$alg" $n "--tag -t -c (first conflict wins)" -- --tag -t -c x
    same "$alg" $n "-z --tag -c" -- -z --tag -c x
    for o in --ignore-missing --status --quiet --strict -w --warn; do
        same "$alg" $n "$o without -c" -- "$o" x
    done
    same "$alg" $n "--status -w without -c" -- --status -w x
    status_only "$alg" $n "--help" -- --help
    status_only "$alg" $n "--version" -- --version
    status_only "$alg" $n "--help after a file" -- x --help
    same "$alg" $n "bad option before --help" -- --foo --help

    # ------------------------------------------------------ check files
    "$prog" x 'with space' > good.sums
    "$prog" --tag x 'with space' > tag.sums
    { "$prog" x; printf '%s  with space\n' "$he"; } > bad.sums
    printf '%s  nofile\n%s  x\n' "$hx" "$hx" > missing.sums
    printf '%s  nofile\n%s  gone\n' "$hx" "$hx" > allmissing.sums
    printf '%s  dir\n%s  x\n' "$hx" "$hx" > dir.sums
    printf '%s  /proc/self/mem\n%s  x\n' "$hx" "$hx" > eio.sums
    awk '{ printf "%s\r\n", $0 }' good.sums > crlf.sums
    awk '{ printf "%s\r\n", $0 }' tag.sums > crlftag.sums
    printf '# a comment\n\n   \n\t%s  x\n  %s *with space\n#%s  nofile\n' \
        "$("$prog" x | cut -d' ' -f1)" "$("$prog" 'with space' | cut -d' ' -f1)" "$hx" > comments.sums
    printf '%s\t x\n%s \tx\n%s\t\tx\n' "$hx" "$hx" "$hx" > tabs.sums
    printf '%s  x\n' "$HX" > upper.sums
    printf '%s *x\n' "$hx" > star.sums
    "$prog" -z x > zero.sums
    printf '%s x\n%s with space\n' "$hx" "$("$prog" 'with space' | cut -d' ' -f1)" > rev.sums
    printf '%s x\n%s  x\n%s *x\n' "$hx" "$hx" "$hx" > rev-then-gnu.sums
    printf '%s  x\n%s x\n' "$hx" "$hx" > gnu-then-rev.sums
    printf '%s x\n' "$hx" > rev1.sums
    printf '%s  x\n' "$hx" > gnu1.sums
    {
        printf '%s (x) = %s\n' "$tag" "$hx"
        printf '%s(x) = %s\n' "$tag" "$hx"
        printf '%s (x)= %s\n' "$tag" "$hx"
        printf '%s (x)=%s\n' "$tag" "$hx"
        printf '%s (x)  =  %s\n' "$tag" "$hx"
        printf '%s (x) = %s\n' "$tag" "$HX"
        printf '  %s (x) = %s\n' "$tag" "$hx"
    } > bsdvariants.sums
    {
        printf '%s  (x) = %s\n' "$tag" "$hx"
        printf '%s (x) = %s\n' "$(echo "$alg" | tr A-Z a-z)" "$hx"
        printf '%s (x) = %s00\n' "$tag" "$hx"
        printf '%s (x) = %s\n' "$tag" "$short"
        printf '%s (x = %s\n' "$tag" "$hx"
        printf '%s (x) %s\n' "$tag" "$hx"
        printf '%s (x) = %s trailing\n' "$tag" "$hx"
        printf '%sX (x) = %s\n' "$tag" "$hx"
        printf '%s\n' "$tag"
        printf '%s (\n' "$tag"
        printf '%s ()\n' "$tag"
    } > bsdbad.sums
    printf '%s (() = %s\n%s (a)b) = %s\n' "$tag" "$hx" "$tag" "$hx" > bsdparen.sums
    printf '%s () = %s\n' "$tag" "$he" > bsdempty.sums
    {
        printf 'abc\n'
        printf '%s\n' "$hx"
        printf '%s \n' "$hx"
        printf '%s  \n' "$hx"
        printf '%s  x\n' "$short"
        printf '%s00  x\n' "$hx"
        printf '%s  x\n' "$badhex"
        printf '%sx  x\n' "$hx"
        printf '%s\n' "$hx" | cut -c1-10
        printf 'x  %s\n' "$hx"
    } > malformed.sums
    cat malformed.sums good.sums > mixed.sums
    {
        printf '\\%s  x\n' "$hx"
        printf '\\%s  a\\nb\n' "$hx"
        printf '\\%s  back\\\\slash\n' "$hx"
        printf '\\%s  x\\\n' "$hx"
        printf '\\%s  x\\q\n' "$hx"
        printf '\\%s  x\\r\n' "$hx"
        printf '\\%s (x\\n) = %s\n' "$tag" "$hx"
        printf '\\%s (x) = %s\n' "$tag" "$hx"
        printf '\\%s (x\\) = %s\n' "$tag" "$hx"
        printf '\\\\%s  x\n' "$hx"
        printf '  \\%s  x\n' "$hx"
    } > escapes.sums
    {
        printf '%s  x\000junk\n' "$hx"
        printf '\000%s  x\n' "$hx"
        printf '%s\000 x\n' "$hx"
        printf '\\%s  x\000y\n' "$hx"
        printf '%s (x\000) = %s\n' "$tag" "$hx"
        printf '%s (x) = %s\000\n' "$tag" "$hx"
        printf '%s  \000\n' "$hx"
    } > nul.sums
    { head -c 1048576 /dev/zero | tr '\0' a; printf '\n'; cat good.sums;
      printf '%s  ' "$hx"; head -c 1048576 /dev/zero | tr '\0' b; printf '\n'; } > mega.sums
    printf '%s  x\n%s  x' "$hx" "$hx" > nonl.sums
    printf '%s  -\n' "$hx" > dash.sums
    printf '%s  -\n' "$("$prog" < stdin.txt | cut -d' ' -f1)" > dashgood.sums
    : > empty.sums
    printf '# only\n# comments\n\n' > onlycomments.sums
    "$prog" corpus/* > corpus.sums
    "$prog" --tag corpus/* > corpustag.sums
    (cd corpus && "$prog" -- *) > corpus-rel.sums

    same "$alg" $n "check: all good" -- -c good.sums
    same "$alg" $n "check: --check long form" -- --check good.sums
    same "$alg" $n "check: BSD lines" -- -c tag.sums
    same "$alg" $n "check: BSD spacing variants" -- -c bsdvariants.sums
    same "$alg" $n "check: malformed BSD lines" -- -c bsdbad.sums
    same "$alg" $n "check: malformed BSD lines, -w" -- -c -w bsdbad.sums
    same "$alg" $n "check: BSD names with parentheses" -- -c bsdparen.sums
    same "$alg" $n "check: BSD empty name" -- -c bsdempty.sums
    same "$alg" $n "check: mismatch" -- -c bad.sums
    same "$alg" $n "check: mismatch --quiet" -- -c --quiet bad.sums
    same "$alg" $n "check: mismatch --status" -- -c --status bad.sums
    same "$alg" $n "check: good --quiet" -- -c --quiet good.sums
    same "$alg" $n "check: good --status" -- -c --status good.sums
    same "$alg" $n "check: --status then -w" -- -c --status -w mixed.sums
    same "$alg" $n "check: -w then --quiet" -- -c -w --quiet mixed.sums
    same "$alg" $n "check: --quiet then --status" -- -c --quiet --status bad.sums
    same "$alg" $n "check: missing listed file" -- -c missing.sums
    same "$alg" $n "check: --ignore-missing" -- -c --ignore-missing missing.sums
    same "$alg" $n "check: --ignore-missing, nothing verified" -- -c --ignore-missing allmissing.sums
    same "$alg" $n "check: --ignore-missing --status, nothing verified" -- -c --ignore-missing --status allmissing.sums
    same "$alg" $n "check: --ignore-missing, mismatch" -- -c --ignore-missing bad.sums missing.sums
    same "$alg" $n "check: directory listed" -- -c dir.sums
    same "$alg" $n "check: directory listed, --ignore-missing" -- -c --ignore-missing dir.sums
    same "$alg" $n "check: read error listed" -- -c eio.sums
    same "$alg" $n "check: CRLF" -- -c crlf.sums
    same "$alg" $n "check: CRLF BSD" -- -c crlftag.sums
    same "$alg" $n "check: comments, blank lines, leading blanks" -- -c comments.sums
    same "$alg" $n "check: tabs" -- -c tabs.sums
    same "$alg" $n "check: uppercase hex" -- -c upper.sums
    same "$alg" $n "check: binary marker" -- -c star.sums
    same "$alg" $n "check: NUL-terminated file" -- -c zero.sums
    same "$alg" $n "check: reversed BSD" -- -c rev.sums
    same "$alg" $n "check: reversed then GNU" -- -c rev-then-gnu.sums
    same "$alg" $n "check: GNU then reversed" -- -c gnu-then-rev.sums
    same "$alg" $n "check: GNU then reversed, -w" -- -c -w gnu-then-rev.sums
    same "$alg" $n "check: reversed state across files (1)" -- -c gnu1.sums rev1.sums
    same "$alg" $n "check: reversed state across files (2)" -- -c rev1.sums gnu1.sums
    same "$alg" $n "check: malformed lines only" -- -c malformed.sums
    same "$alg" $n "check: malformed lines only, -w" -- -c -w malformed.sums
    same "$alg" $n "check: malformed and good" -- -c mixed.sums
    same "$alg" $n "check: malformed and good, -w" -- -c -w mixed.sums
    same "$alg" $n "check: malformed and good, --strict" -- -c --strict mixed.sums
    same "$alg" $n "check: good, --strict" -- -c --strict good.sums
    same "$alg" $n "check: escaped names" -- -c escapes.sums
    same "$alg" $n "check: escaped names, -w" -- -c -w escapes.sums
    same "$alg" $n "check: NUL bytes" -- -c nul.sums
    same "$alg" $n "check: NUL bytes, --strict" -- -c --strict nul.sums
    same "$alg" $n "check: megabyte lines" -- -c mega.sums
    same "$alg" $n "check: megabyte lines, --strict -w" -- -c --strict -w mega.sums
    same "$alg" $n "check: no final newline" -- -c nonl.sums
    same "$alg" $n "check: binary garbage (a program)" -- -c "$(command -v "$prog")"
    same "$alg" $n "check: binary garbage, -w" -- -c -w "$(command -v "$prog")"
    same "$alg" $n "check: binary garbage then good" -- -c "$(command -v "$prog")" good.sums
    same "$alg" $n "check: prose, no checksum lines" -- -c many/f020
    same "$alg" $n "check: empty check file" -- -c empty.sums
    same "$alg" $n "check: comments only" -- -c onlycomments.sums
    same "$alg" $n "check: missing check file" -- -c nofile.sums
    same "$alg" $n "check: missing check file, then good" -- -c nofile.sums good.sums
    same "$alg" $n "check: directory as check file" -- -c dir
    same "$alg" $n "check: directory as check file, then good" -- -c dir good.sums
    same "$alg" $n "check: several check files" -- -c good.sums tag.sums bad.sums crlf.sums
    same "$alg" good.sums "check: check file on stdin" -- -c
    same "$alg" good.sums "check: check file on stdin as -" -- -c -
    same "$alg" bad.sums "check: stdin, mismatch" -- -c - good.sums
    same "$alg" dash.sums "check: stdin check file naming -" -- -c -
    same "$alg" stdin.txt "check: check file naming -, data on stdin" -- -c dashgood.sums
    same "$alg" $n "check: corpus" -- -c corpus.sums
    same "$alg" $n "check: corpus, BSD" -- -c corpustag.sums
    same "$alg" $n "check: corpus, -w --quiet" -- -c -w --quiet corpustag.sums
    cd corpus
    same "$alg" /dev/null "check: corpus, relative names" -- -c ../corpus-rel.sums
    cd ..

    # Lines tdsum wrote, read by coreutils, and the other way round.
    "bin/$prog" corpus/* many/* > td.sums
    "bin/$prog" --tag corpus/* many/* > tdtag.sums
    "$prog" corpus/* many/* > cu.sums
    if ! cmp -s td.sums cu.sums; then
        failures=$((failures + 1)); echo "FAIL [$prog] corpus sums differ from coreutils'"
    fi
    same "$alg" $n "check: tdsum's own lines" -- -c td.sums
    same "$alg" $n "check: tdsum's own BSD lines" -- -c tdtag.sums

    # A sums file from the other algorithms: improperly formatted for this one.
    for other in $ALGS; do
        [ "$other" = "$alg" ] && continue
        "${other}sum" x > other.sums
        same "$alg" $n "check: lines of ${other}sum" -- -c other.sums
        "${other}sum" --tag x > othertag.sums
        same "$alg" $n "check: BSD lines of ${other}sum" -- -c -w othertag.sums
    done

    # Through a name that only ends in the program's name.
    "bin/td-$prog" x > out/td-name
    "$prog" x > out/cu-name
    cases=$((cases + 1))
    if ! cmp -s out/td-name out/cu-name; then
        failures=$((failures + 1)); echo "FAIL [td-$prog] default algorithm from the name"
    fi
done

# ------------------------------------------------------- -j: same as -j 1

"$TDSUM" -j 1 many/* corpus/* nofile many/* > out/j1 2>out/j1.err; rc1=$?
for j in 2 3 8 64; do
    "$TDSUM" -j "$j" many/* corpus/* nofile many/* > out/jn 2>out/jn.err; rcn=$?
    cases=$((cases + 1))
    if [ "$rc1" != "$rcn" ] || ! cmp -s out/j1 out/jn || ! cmp -s out/j1.err out/jn.err; then
        failures=$((failures + 1)); echo "FAIL -j $j differs from -j 1"
    fi
done

# ------------------------------------------------------------------ HMAC
# Against openssl when present; and its lines must check with -c.

printf 'key bytes \001\377' > key
if command -v openssl >/dev/null 2>&1; then
    hexkey=$(od -An -v -tx1 key | tr -d ' \n')
    for alg in $ALGS; do
        want=$(openssl dgst "-$alg" -mac HMAC -macopt "hexkey:$hexkey" < x 2>/dev/null | sed 's/.*= *//')
        got=$("$TDSUM" -a "$alg" --hmac-key-file key x | cut -d' ' -f1)
        cases=$((cases + 1))
        if [ -z "$want" ] || [ "$want" != "$got" ]; then
            failures=$((failures + 1)); echo "FAIL HMAC $alg: tdsum $got, openssl $want"
        fi
    done
fi
for alg in $ALGS; do
    "$TDSUM" -a "$alg" --hmac-key-file key x 'with space' > hmac.sums
    "$TDSUM" -a "$alg" --hmac-key-file key --tag x > hmactag.sums
    cases=$((cases + 2))
    "$TDSUM" -a "$alg" --hmac-key-file key -c --quiet hmac.sums hmactag.sums ||
        { failures=$((failures + 1)); echo "FAIL HMAC $alg: own lines do not check"; }
    "$TDSUM" -a "$alg" -c --status hmac.sums &&
        { failures=$((failures + 1)); echo "FAIL HMAC $alg: checks without the key"; }
done

# ------------------------------------------------------- the other options

cases=$((cases + 4))
"$TDSUM" --selftest > /dev/null || { failures=$((failures + 1)); echo "FAIL --selftest"; }
"$TDSUM" --list-backends | grep -q sha256 || { failures=$((failures + 1)); echo "FAIL --list-backends"; }
"$TDSUM" --backend no-such-backend x > /dev/null 2>&1 &&
    { failures=$((failures + 1)); echo "FAIL --backend accepts an unknown name"; }
for b in $("$TDSUM" --list-backends | sed -n 's/^sha256 *single:\(.*\)many:.*/\1/p' | tr -d '*'); do
    cases=$((cases + 1))
    got=$("$TDSUM" --backend "$b" big many/f019)
    [ "$got" = "$(sha256sum big many/f019)" ] ||
        { failures=$((failures + 1)); echo "FAIL --backend $b"; }
done
if [ -w /dev/full ]; then
    "$TDSUM" x > /dev/full 2>/dev/null &&
        { failures=$((failures + 1)); echo "FAIL write error not reported"; }
fi

echo "tdsum vs coreutils: $cases comparisons, $failures failures"
[ "$failures" = 0 ]
