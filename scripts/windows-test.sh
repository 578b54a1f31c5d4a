#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Windows builds (make test-windows):
#
#   x86-64   MinGW-w64 (cmake/toolchains/windows-x86_64.cmake): the static
#            library, the DLL and its import library, the tests, tdsum.exe and
#            tdbench.exe. Checked: the DLL exports exactly the header's td_
#            functions and imports KERNEL32 and msvcrt only, the .exe files
#            need no other DLL, a program linked against the DLL runs. Then
#            CTest under Wine, in a private prefix in the build directory,
#            with one wineserver for the whole run: every test that needs no
#            OpenSSL with each backend pinned (test_kat, test_mac_kat,
#            test_blocks, test_api, test_guard with VirtualAlloc/VirtualProtect
#            guard pages), tdsum_windows (tdsum.exe against coreutils' output,
#            tools/tdsum/tests/windows_sums.sh), tdbench_windows (a short run),
#            and the rest of the suite that needs no OpenSSL.
#   aarch64  Clang --target=aarch64-w64-mingw32 with the architecture-neutral
#            MinGW-w64 headers (cmake/toolchains/windows-aarch64.cmake): the
#            library compiled (ARMv8 backends, IsProcessorFeaturePresent),
#            never linked or run: Debian has no AArch64 MinGW-w64 runtime.
#
# usage: scripts/windows-test.sh
# environment:
#   TD_WINDOWS_BUILD  build directory (default build-windows; the AArch64
#                     check goes to its name + "-arm64")
#   TD_CROSS_REQUIRE  1: a missing compiler or Wine fails the run (CI)
#   TD_NATIVE_TDSUM   a tdsum built for this machine: its --list-backends
#                     must be tdsum.exe's (the same CPU, detected by Windows)
#   JOBS              parallel build and test jobs (default: nproc)
#   CMAKE_FLAGS       extra flags for every configure (e.g. -DTD_WERROR=ON)
set -u
cd "$(dirname "$0")/.." || exit 2

DIR=${TD_WINDOWS_BUILD:-build-windows}
case $DIR in /*) ;; *) DIR=$PWD/$DIR ;; esac
REQUIRE=${TD_CROSS_REQUIRE:-0}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
read -r -a EXTRA_FLAGS <<< "${CMAKE_FLAGS:-}"
MINGW_CC=x86_64-w64-mingw32-gcc-posix
OBJDUMP=x86_64-w64-mingw32-objdump

declare -a RESULTS=()
passed=0 failed=0 skipped=0

note() { printf '\n=== windows-test: %s\n' "$*"; }
result() { # configuration, PASS|FAIL|SKIP, detail
    RESULTS+=("$(printf '%-18s %-5s %s' "$1" "$2" "${3:-}")")
    case $2 in PASS) passed=$((passed + 1)) ;; FAIL) failed=$((failed + 1)) ;; *) skipped=$((skipped + 1)) ;; esac
}

# Debian's wine64 keeps its loader out of PATH.
find_wine() {
    local w
    for w in wine64 /usr/lib/wine/wine64 /usr/lib64/wine/wine64 wine; do
        command -v "$w" 2>/dev/null && return 0
    done
    return 1
}

# That Wine's own wineserver: Debian's wine64 keeps it beside the loader, as
# wineserver64.
find_wineserver() { # WINE
    local s d
    d=$(dirname "$1")
    for s in "$d/wineserver64" "$d/wineserver" wineserver64 wineserver \
        /usr/lib/wine/wineserver64 /usr/lib64/wine/wineserver64; do
        command -v "$s" 2>/dev/null && return 0
    done
    return 1
}

# The prefix's wineserver, if one was started; stopped on every way out.
declare -a SERVER=()
stop_wineserver() {
    [ "${#SERVER[@]}" -eq 0 ] || "${SERVER[@]}" -k >/dev/null 2>&1
    SERVER=()
}
trap stop_wineserver EXIT

# configure_build DIR TOOLCHAIN [CMAKE ARGS...]
configure_build() {
    local dir=$1 toolchain=$2
    shift 2
    mkdir -p "$dir"
    cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/$toolchain.cmake" \
        -DCMAKE_BUILD_TYPE=Release "${EXTRA_FLAGS[@]}" "$@" >"$dir/configure.log" 2>&1 ||
        { tail -n 30 "$dir/configure.log"; return 1; }
}

build() {
    local dir=$1
    shift
    cmake --build "$dir" -j "$JOBS" "$@" >"$dir/build.log" 2>&1 ||
        { grep -E 'error|warning' "$dir/build.log" | head -n 30; return 1; }
}

# The DLL's exports against the header's TD_API functions; imports.
check_binaries() {
    local dir=$1 bad=0 want got f imports
    want=$(grep -o 'TD_API[^(]*(' include/turbodigest.h | grep -o 'td_[a-z0-9_]*' | sort)
    got=$("$OBJDUMP" -p "$dir/libturbodigest.dll" |
        sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | awk 'NR > 1 && NF { print $NF }' | sort)
    if [ -z "$want" ] || [ "$want" != "$got" ]; then
        echo "libturbodigest.dll exports differ from the header's TD_API functions:"
        diff <(echo "$want") <(echo "$got") | sed 's/^/  /'
        bad=1
    else
        echo "libturbodigest.dll: exports the $(echo "$got" | wc -l) td_ functions of the header, nothing else"
    fi
    [ -f "$dir/libturbodigest.dll.a" ] || { echo "no import library libturbodigest.dll.a"; bad=1; }
    local n=0
    while IFS= read -r f; do
        imports=$("$OBJDUMP" -p "$f" | sed -n 's/^[[:space:]]*DLL Name: //p' | sort -f | tr '\n' ' ')
        case $(echo "$imports" | tr '[:upper:]' '[:lower:]') in
        "kernel32.dll msvcrt.dll ") n=$((n + 1)) ;;
        *) echo "${f#"$dir"/} imports $imports(only KERNEL32.dll and msvcrt.dll expected)"; bad=1 ;;
        esac
    done < <(find "$dir" \( -name CMakeFiles -o -name wineprefix -o -name dll-consumer \) -prune \
                 -o \( -name '*.exe' -o -name '*.dll' \) -print)
    echo "$n programs and DLLs (tdsum.exe, tdbench.exe among them) import KERNEL32.dll and msvcrt.dll only"
    [ -f "$dir/tools/tdsum/tdsum.exe" ] && [ -f "$dir/tools/tdbench/tdbench.exe" ] || bad=1
    return $bad
}

run_x86_64() {
    local dir=$DIR wine
    wine=$(find_wine)
    note "x86-64: build (MinGW-w64, tests run under $wine)"
    if ! configure_build "$dir" windows-x86_64 -DTD_WINE="$wine" || ! build "$dir"; then
        result windows-x86_64 FAIL "configure or build failed (logs in $dir/*.log)"
        return
    fi
    note "x86-64: the DLL and the programs"
    if ! check_binaries "$dir"; then
        result windows-x86_64 FAIL "exports or imports"
        return
    fi

    local -a emu=(env "WINEPREFIX=$dir/wineprefix" WINEDEBUG=-all "WINEDLLOVERRIDES=mscoree,mshtml=" "$wine")
    local wineserver
    if ! wineserver=$(find_wineserver "$wine"); then
        result windows-x86_64 FAIL "no wineserver for $wine"
        return
    fi
    SERVER=(env "WINEPREFIX=$dir/wineprefix" "$wineserver")
    # A server left by a killed run would keep the new one from starting.
    "${SERVER[@]}" -k >/dev/null 2>&1
    if [ ! -f "$dir/wineprefix/system.reg" ]; then
        note "x86-64: a Wine prefix in $dir/wineprefix"
        "${emu[@]}" wineboot --init >"$dir/wineboot.log" 2>&1
        "${SERVER[@]}" -w
    fi
    # One server for every program below, kept until the end: a server that
    # Wine starts on its own exits when its last program does (Debian's -p0),
    # and a program that connects while it shuts down dies with "recvmsg:
    # Connection reset by peer".
    if ! "${SERVER[@]}" -p </dev/null >"$dir/wineserver.log" 2>&1; then
        cat "$dir/wineserver.log"
        result windows-x86_64 FAIL "wineserver -p failed (log in $dir/wineserver.log)"
        return
    fi

    # Through the DLL's import library, the header's dllimport side.
    note "x86-64: a program linked against libturbodigest.dll"
    mkdir -p "$dir/dll-consumer"
    cp "$dir/libturbodigest.dll" "$dir/dll-consumer/"
    local -a checks=()
    local features=""
    if [ -n "${TD_NATIVE_TDSUM:-}" ] && [ -x "$TD_NATIVE_TDSUM" ]; then
        features=$("$TD_NATIVE_TDSUM" --list-backends | sed -n 's/^cpu features: //p')
        checks=("cpu=$features")
    fi
    if ! "$MINGW_CC" -std=c11 -O2 -Wall -Wextra -Werror -Iinclude scripts/cross/expect_backends.c \
            "$dir/libturbodigest.dll.a" -o "$dir/dll-consumer/expect_backends.exe" ||
        ! "${emu[@]}" "$dir/dll-consumer/expect_backends.exe" "${checks[@]}"; then
        result windows-x86_64 FAIL "the program linked against the DLL"
        return
    fi

    if [ -n "$features" ]; then
        note "x86-64: tdsum.exe --list-backends against $TD_NATIVE_TDSUM"
        if ! diff <("$TD_NATIVE_TDSUM" --list-backends) \
                <("${emu[@]}" "$dir/tools/tdsum/tdsum.exe" --list-backends); then
            result windows-x86_64 FAIL "CPU features or backends differ from the native build's"
            return
        fi
        echo "the same CPU features and backends as the native build"
    fi

    note "x86-64: suite under Wine"
    if ctest --test-dir "$dir" --output-on-failure -j "$JOBS"; then
        result windows-x86_64 PASS "under Wine, every backend this CPU has"
    else
        result windows-x86_64 FAIL
    fi
}

run_aarch64() {
    local dir=$DIR-arm64
    note "aarch64: compile check (clang --target=aarch64-w64-mingw32)"
    if configure_build "$dir" windows-aarch64 -DTD_BUILD_TOOLS=OFF -DBUILD_TESTING=OFF &&
        build "$dir" --target turbodigest; then
        if grep -q '^TD_PROBE_ARMV8:INTERNAL=1' "$dir/CMakeCache.txt" &&
            grep -q '^TD_PROBE_ARMV8_SHA512:INTERNAL=1' "$dir/CMakeCache.txt"; then
            result windows-aarch64 PASS "compiled, with armv8 and armv8-sha512 (not run)"
        else
            result windows-aarch64 FAIL "built without the ARMv8 backends"
        fi
    else
        result windows-aarch64 FAIL "configure or build failed (logs in $dir/*.log)"
    fi
}

mkdir -p "$(dirname "$DIR")"
if ! command -v "$MINGW_CC" >/dev/null 2>&1 || ! command -v "$OBJDUMP" >/dev/null 2>&1; then
    note "x86-64: SKIPPED, missing: $MINGW_CC (gcc-mingw-w64-x86-64-posix)"
    result windows-x86_64 SKIP "missing: $MINGW_CC"
elif ! find_wine >/dev/null; then
    note "x86-64: SKIPPED, missing: wine64 (Debian: wine64)"
    result windows-x86_64 SKIP "missing: wine64"
else
    run_x86_64
    stop_wineserver
fi
if ! command -v clang >/dev/null 2>&1 || [ ! -f /usr/share/mingw-w64/include/windows.h ]; then
    note "aarch64: SKIPPED, missing: clang or the MinGW-w64 headers (mingw-w64-common)"
    result windows-aarch64 SKIP "missing: clang or mingw-w64-common"
else
    run_aarch64
fi

printf '\n=== windows-test summary\n'
printf '%s\n' "${RESULTS[@]}"
printf 'windows-test: %d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
[ "$failed" -eq 0 ] || exit 1
[ "$skipped" -eq 0 ] || [ "$REQUIRE" != 1 ] || exit 1
exit 0
