#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# tdsum.exe, the Windows build, run by an emulator (Wine) beside coreutils on
# the build machine: stdout bytes and exit status must be what coreutils'
# md5sum ... sha512sum print in Git for Windows / MSYS2, and stderr empty in
# both or in neither. Expected outputs come from the local coreutils, given
# the option that Windows implies: binary ('*') is the default for files and
# piped standard input, -t marks lines ' ' but hashes the same bytes. Names
# with a backslash (a directory separator on Windows) are hashed by coreutils
# from files so named in a mirror directory, so the escaping is coreutils'.
#
# usage: windows_sums.sh /path/to/tdsum.exe [EMULATOR ARGS...]
#   (the emulator's words must hold no blanks; none under MSYS2 or Cygwin)
# Exit 0: all equal; 1: differences (printed); 77: coreutils or the
# emulator missing.

set -u
TDSUM=${1:?usage: windows_sums.sh /path/to/tdsum.exe [EMULATOR...]}
shift
case $TDSUM in /*) ;; *) TDSUM=$(pwd)/$TDSUM ;; esac
EMU="$*"
case $(uname -s) in
MINGW* | MSYS* | CYGWIN*) ;;
*)
    if [ -z "$EMU" ]; then
        echo "SKIP: no emulator to run $TDSUM"
        exit 77
    fi
    command -v "${EMU##* }" >/dev/null 2>&1 || { echo "SKIP: ${EMU##* } not found"; exit 77; }
    ;;
esac
for alg in md5 sha1 sha224 sha256 sha384 sha512; do
    command -v "${alg}sum" >/dev/null 2>&1 || { echo "SKIP: ${alg}sum (coreutils) not found"; exit 77; }
done
# Wine turns the command line into UTF-16 with the locale's character set.
if locale -a 2>/dev/null | grep -qi '^c\.utf-\{0,1\}8$'; then
    LC_ALL=C.UTF-8
    export LC_ALL
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tdsum-windows.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
win=$tmp/win    # the files tdsum.exe sees
ref=$tmp/ref    # the same, and names with a backslash as real file names
out=$tmp/out
bin=$tmp/bin
mkdir "$win" "$out" "$bin"

# ------------------------------------------------------------------- files

cd "$win" || exit 1
printf 'hello\n' > x
printf 'abc' > 'with space'
: > empty
# CRLF line ends and a ^Z (0x1a): text mode would turn the first into LF and
# stop at the second.
printf 'a\r\nb\032\r\nc' > crlf.txt
# Several 256 KiB chunks (the read-ahead path with -j 2 and more), CRLF
# throughout, a ^Z in every line.
awk 'BEGIN { for (i = 0; i < 40000; i++) printf "line %d\032 of a larger file\r\n", i }' > big
printf 'key\r\n\032bytes\377' > key
printf 'u' > 'ünï cödé.txt'
mkdir d many
printf 'in a directory\r\n' > d/y
i=0
for size in 0 1 63 64 65 1000 262143 262144 262145 600001 9 10; do
    i=$((i + 1))
    head -c "$size" big > "many/f$i"
done
cp -R "$win" "$ref"
# What Windows reaches through a backslash, coreutils hashes from a file of
# that very name.
cp d/y "$ref/d\\y"
cp x "$ref/.\\x"
cp x "$ref/d\\..\\x"

cp "$TDSUM" "$bin/tdsum.exe"
for alg in md5 sha1 sha224 sha256 sha384 sha512; do
    cp "$TDSUM" "$bin/${alg}sum.exe"
done
cp "$TDSUM" "$bin/SHA1SUM.EXE"
cp "$TDSUM" "$bin/td-sha512sum.exe"

# One run first: Wine may have its prefix to make.
$EMU "$bin/tdsum.exe" --version >/dev/null 2>&1

cases=0
failures=0

show() {    # show LABEL FILE: the first bytes of an output, escaped
    printf '    %s:\n' "$1"
    od -c "$2" | sed -n '1,10s/^/      /p'
}

# same DESC STDIN EXE WINARGS REFARGS: tdsum.exe copied to EXE, with WINARGS
# in win/; coreutils' program of that name (sha256sum for tdsum.exe) with
# REFARGS in ref/. Both lists are split by the shell: quote names in them.
same() {
    desc=$1 input=$2 prog=$3 wargs=$4 rargs=$5
    case $prog in
    tdsum.exe) cu=sha256sum ;;
    *) cu=$(echo "$prog" | tr '[:upper:]' '[:lower:]' | sed 's/^td-//; s/\.exe$//') ;;
    esac
    (cd "$ref" && eval "\"$cu\" $rargs") <"$input" >"$out/ref" 2>"$out/ref.err"
    ref_rc=$?
    (cd "$win" && eval "$EMU \"$bin/$prog\" $wargs") <"$input" >"$out/td" 2>"$out/td.err"
    rc=$?
    cases=$((cases + 1))
    bad=
    [ "$rc" = "$ref_rc" ] || bad="exit status $rc, coreutils $ref_rc"
    cmp -s "$out/ref" "$out/td" || bad="${bad:+$bad; }stdout differs"
    if { [ -s "$out/ref.err" ] && [ ! -s "$out/td.err" ]; } ||
       { [ ! -s "$out/ref.err" ] && [ -s "$out/td.err" ]; }; then
        bad="${bad:+$bad; }stderr empty in one of them"
    fi
    if [ -n "$bad" ]; then
        failures=$((failures + 1))
        printf 'FAIL [%s %s] %s: %s\n' "$prog" "$wargs" "$desc" "$bad"
        printf '    coreutils: %s %s\n' "$cu" "$rargs"
        show "coreutils stdout" "$out/ref"
        show "tdsum.exe stdout" "$out/td"
        sed 's/^/    coreutils stderr: /' "$out/ref.err" | head -5
        sed 's/^/    tdsum.exe stderr: /' "$out/td.err" | head -5
    fi
}

n=/dev/null
s=$win/crlf.txt

# ----------------------------------------------------------- computing

same "binary is the default" $n tdsum.exe "x 'with space' crlf.txt big empty" "-b x 'with space' crlf.txt big empty"
same "-b" $n tdsum.exe "-b x crlf.txt" "-b x crlf.txt"
same "-t: marked text, the same bytes" $n tdsum.exe "-t x crlf.txt big" "-t x crlf.txt big"
same "--tag" $n tdsum.exe "--tag x crlf.txt" "--tag x crlf.txt"
same "-z" $n tdsum.exe "-z x crlf.txt 'd\\y'" "-z -b x crlf.txt 'd\\y'"
same "piped stdin, no operand" "$s" tdsum.exe "" "-b"
same "piped stdin as -" "$s" tdsum.exe "-" "-b -"
same "stdin between files" "$s" tdsum.exe "x - crlf.txt -" "-b x - crlf.txt -"
same "piped stdin, -t" "$s" tdsum.exe "-t -" "-t -"
same "large file on stdin" "$win/big" tdsum.exe "" "-b"
same "backslashes in names" $n tdsum.exe "'d\\y' '.\\x' 'd\\..\\x' d/y" "-b 'd\\y' '.\\x' 'd\\..\\x' d/y"
same "backslashes in names, --tag" $n tdsum.exe "--tag 'd\\y' '.\\x'" "--tag 'd\\y' '.\\x'"
same "backslashes in names, -t" $n tdsum.exe "-t 'd\\y'" "-t 'd\\y'"
same "UTF-8 name" $n tdsum.exe "'ünï cödé.txt'" "-b 'ünï cödé.txt'"
same "missing file and a directory" $n tdsum.exe "x nofile d crlf.txt" "-b x nofile d crlf.txt"
same "-j 1" $n tdsum.exe "-j 1 many/* big x" "-b many/* big x"
same "-j 3" $n tdsum.exe "-j 3 many/* big nofile x many/*" "-b many/* big nofile x many/*"
same "-j 8, stdin among files" "$win/big" tdsum.exe "-j 8 many/* - x" "-b many/* - x"
for alg in md5 sha1 sha224 sha256 sha384 sha512; do
    same "program name ${alg}sum.exe" $n "${alg}sum.exe" "x crlf.txt" "-b x crlf.txt"
done
same "program name in capitals" $n SHA1SUM.EXE "x" "-b x"
same "program name ending in sha512sum.exe" $n td-sha512sum.exe "x" "-b x"

# --------------------------------------------------------------- checking

(cd "$ref" && sha256sum -b x 'with space' crlf.txt big) > "$out/good"
awk '{ printf "%s\r\n", $0 }' "$out/good" > "$win/crlf.sums"
(cd "$ref" && sha256sum --tag x crlf.txt) | awk '{ printf "%s\r\n", $0 }' > "$win/crlftag.sums"
(cd "$ref" && sha256sum -t x; sha256sum -b 'd\y' '.\x') | awk '{ printf "%s\r\n", $0 }' > "$win/mixed.sums"
{ printf '# a comment with a ^Z: \032 and more\r\n'; cat "$win/crlf.sums"; } > "$win/ctrlz.sums"
{ sed -n 1p "$win/crlf.sums"; printf '%s  crlf.txt\r\n' "$(sha256sum < "$win/x" | cut -d' ' -f1)"; } > "$win/bad.sums"
printf '%s  nofile\r\n%s *x\r\n' "$(sha256sum < "$win/x" | cut -d' ' -f1)" \
    "$(sha256sum < "$win/x" | cut -d' ' -f1)" > "$win/missing.sums"
printf '%s *-\r\n' "$(sha256sum < "$s" | cut -d' ' -f1)" > "$win/dash.sums"
(cd "$ref" && md5sum -b x crlf.txt) | awk '{ printf "%s\r\n", $0 }' > "$win/md5.sums"
for f in crlf.sums crlftag.sums mixed.sums ctrlz.sums bad.sums missing.sums dash.sums md5.sums; do
    cp "$win/$f" "$ref/$f"
done

same "check: CRLF lines" $n tdsum.exe "-c crlf.sums" "-c crlf.sums"
same "check: CRLF BSD lines" $n tdsum.exe "-c crlftag.sums" "-c crlftag.sums"
same "check: text and binary markers, backslashes" $n tdsum.exe "-c mixed.sums" "-c mixed.sums"
same "check: a ^Z does not end the file" $n tdsum.exe "-c ctrlz.sums" "-c ctrlz.sums"
same "check: mismatch" $n tdsum.exe "-c bad.sums" "-c bad.sums"
same "check: mismatch, --quiet" $n tdsum.exe "-c --quiet bad.sums" "-c --quiet bad.sums"
same "check: mismatch, --status" $n tdsum.exe "-c --status bad.sums" "-c --status bad.sums"
same "check: missing file" $n tdsum.exe "-c missing.sums" "-c missing.sums"
same "check: --ignore-missing" $n tdsum.exe "-c --ignore-missing missing.sums" "-c --ignore-missing missing.sums"
same "check: check file on piped stdin" "$win/crlf.sums" tdsum.exe "-c" "-c"
same "check: check file on stdin as -, -j 2" "$win/crlf.sums" tdsum.exe "-j 2 -c -" "-c -"
same "check: - listed, data on stdin" "$s" tdsum.exe "-c dash.sums" "-c dash.sums"
same "check: md5sum.exe" $n md5sum.exe "-c md5.sums" "-c md5.sums"

# Lines tdsum.exe wrote check with coreutils and with tdsum.exe.
(cd "$win" && $EMU "$bin/tdsum.exe" x crlf.txt 'd\y' '.\x' 'ünï cödé.txt') > "$win/own.sums" 2>/dev/null
cp "$win/own.sums" "$ref/own.sums"
same "check: tdsum.exe's own lines" $n tdsum.exe "-c own.sums" "-c own.sums"

# -------------------------------------------------------------------- HMAC

if command -v openssl >/dev/null 2>&1; then
    hexkey=$(od -An -v -tx1 "$win/key" | tr -d ' \n')
    for f in x crlf.txt; do
        want=$(openssl dgst -sha256 -mac HMAC -macopt "hexkey:$hexkey" < "$win/$f" 2>/dev/null | sed 's/.*= *//')
        got=$(cd "$win" && $EMU "$bin/tdsum.exe" --hmac-key-file key "$f" 2>/dev/null)
        cases=$((cases + 1))
        if [ -z "$want" ] || [ "$got" != "$want *$f" ]; then
            failures=$((failures + 1))
            echo "FAIL HMAC of $f with a key holding CR LF and ^Z: tdsum.exe \"$got\", openssl $want"
        fi
    done
fi

# ---------------------------------------------------------- the other options

cases=$((cases + 3))
(cd "$win" && $EMU "$bin/tdsum.exe" --selftest) >/dev/null 2>&1 ||
    { failures=$((failures + 1)); echo "FAIL --selftest"; }
# The library reads TURBODIGEST_BACKEND from the Windows environment.
got=$(cd "$win" && TURBODIGEST_BACKEND=sha256=portable $EMU "$bin/tdsum.exe" --list-backends 2>/dev/null |
    sed -n 's/^sha256 *single:\(.*\)many:.*/\1/p')
case $got in *" portable* "*) ;; *) false ;; esac ||
    { failures=$((failures + 1)); echo "FAIL TURBODIGEST_BACKEND=sha256=portable not in effect"; }
if [ -w /dev/full ]; then
    (cd "$win" && $EMU "$bin/tdsum.exe" x) >/dev/full 2>/dev/null &&
        { failures=$((failures + 1)); echo "FAIL write error not reported"; }
fi

echo "tdsum.exe vs coreutils: $cases comparisons, $failures failures"
[ "$failures" = 0 ]
