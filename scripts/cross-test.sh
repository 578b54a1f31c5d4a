#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The core test suite (tests/) on other architectures: cross-compile with
# Debian's cross compilers and run CTest through qemu-user
# (CMAKE_CROSSCOMPILING_EMULATOR in cmake/toolchains/*.cmake).
#
#   aarch64   -cpu max          SHA1+SHA2+SHA512+SHA3: armv8, armv8-sha512 and
#                               armv8-sha3 chosen
#             -cpu cortex-a57   SHA1+SHA2 only: SHA-512 and SHA-3 fall back to portable
#             nocrypto          cortex-a57 with the crypto extensions hidden by
#                               TURBODIGEST_CPU=-sha1,-sha2: all portable
#             asm               -cpu max, SHA-512 via the inline-assembly
#                               fallback (TD_ARMV8_SHA512_ASM=ON): kat, blocks
#   s390x     big-endian, portable
#   armhf     32-bit ARM, portable
#   i686      32-bit x86 (-m32), run natively, or under qemu-i386 where
#             the kernel does not run 32-bit programs
#
# usage: scripts/cross-test.sh [TARGET...]     (default: all four)
# environment:
#   TD_CROSS_BUILD    build directory root (default build-cross)
#   TD_CROSS_REQUIRE  1: a missing compiler or emulator fails the run (CI)
#   JOBS              parallel build and test jobs (default: nproc)
#   CMAKE_FLAGS       extra flags for every configure (e.g. -DTD_WERROR=ON)
#
# Each test binary runs each of its backends pinned in turn (tests/testutil.h);
# before the suite, expect_backends checks what the library chose on that CPU.
# Under emulation TD_TEST_SHORT=1 is set and tests labelled "slow" are left
# out: test_long's 513 MiB stream takes minutes per family under qemu.
#
# The emulated programs are linked statically (cmake/toolchains/*.cmake), so
# they run the same on a machine with multiarch C libraries for the target
# (libc6:arm64, libc6:s390x) as on one without. No step waits without a
# bound: CTest gives every test a TIMEOUT, expect_backends runs under
# timeout(1).
set -u
cd "$(dirname "$0")/.." || exit 2

ROOT=${TD_CROSS_BUILD:-build-cross}
case $ROOT in /*) ;; *) ROOT=$PWD/$ROOT ;; esac
REQUIRE=${TD_CROSS_REQUIRE:-0}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
read -r -a EXTRA_FLAGS <<< "${CMAKE_FLAGS:-}"
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(aarch64 s390x armhf i686)

declare -a RESULTS=()
passed=0 failed=0 skipped=0

note() { printf '\n=== cross-test: %s\n' "$*"; }
result() { # configuration, PASS|FAIL|SKIP, detail
    RESULTS+=("$(printf '%-18s %-5s %s' "$1" "$2" "${3:-}")")
    case $2 in PASS) passed=$((passed + 1)) ;; FAIL) failed=$((failed + 1)) ;; *) skipped=$((skipped + 1)) ;; esac
}

# The tools a target needs that are not on PATH (or do not work), one line.
missing_tools() {
    local missing=() tool
    case $1 in
    aarch64) set -- aarch64-linux-gnu-gcc qemu-aarch64 ;;
    s390x)   set -- s390x-linux-gnu-gcc qemu-s390x ;;
    armhf)   set -- arm-linux-gnueabihf-gcc qemu-arm ;;
    i686)
        if ! printf 'int main(void) { return 0; }\n' |
            gcc -m32 -x c - -o /dev/null >/dev/null 2>&1; then
            missing+=("gcc -m32 (gcc-12-multilib)")
            set --
        elif i686_runs_natively; then
            set --
        else
            set -- qemu-i386 # this kernel does not run 32-bit x86 programs
        fi ;;
    esac
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
    echo "${missing[*]:-}"
}

# Whether this kernel runs 32-bit x86 programs: an x86-64 kernel built
# without IA-32 support refuses them ("Exec format error").
i686_runs_natively() {
    local probe=$ROOT/i686-probe
    printf 'int main(void) { return 0; }\n' | gcc -m32 -x c - -o "$probe" >/dev/null 2>&1 &&
        "$probe" 2>/dev/null
}

# configure_build TARGET DIR [CMAKE ARGS...]
configure_build() {
    local target=$1 dir=$2
    shift 2
    cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/$target.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DTD_BUILD_TOOLS=OFF -DTD_TEST_OPENSSL=OFF \
        "${EXTRA_FLAGS[@]}" "$@" >"$dir.configure.log" 2>&1 ||
        { tail -n 30 "$dir.configure.log"; return 1; }
    cmake --build "$dir" -j "$JOBS" >"$dir.build.log" 2>&1 ||
        { grep -E 'error|warning' "$dir.build.log" | head -n 30; return 1; }
}

# run_suite DIR [ctest args...]: the suite with env already set by the caller.
run_suite() {
    local dir=$1
    shift
    TD_TEST_SHORT=1 ctest --test-dir "$dir" --output-on-failure -j "$JOBS" -LE slow "$@"
}

# expect CC DIR EMULATOR... -- CHECKS...: build expect_backends once, run it.
expect() {
    local cc=$1 dir=$2 emu=()
    shift 2
    while [ "$1" != -- ]; do emu+=("$1"); shift; done
    shift
    if [ ! -x "$dir/expect_backends" ]; then
        # Static, as the tests are (cmake/toolchains/*.cmake).
        # shellcheck disable=SC2086 # cc may be "gcc -m32"
        $cc -std=c11 -O2 -static -Wall -Wextra -Iinclude -DTD_STATIC_DEFINE \
            scripts/cross/expect_backends.c "$dir/libturbodigest.a" -o "$dir/expect_backends" ||
            return 1
    fi
    timeout 300 "${emu[@]}" "$dir/expect_backends" "$@"
}

run_aarch64() {
    local dir=$ROOT/aarch64 emu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
    local all_armv8=(sha1=armv8 sha224=armv8 sha256=armv8)
    local all_sha512=(sha384=armv8-sha512 sha512=armv8-sha512 sha512-224=armv8-sha512
                      sha512-256=armv8-sha512)
    local all_sha3=(sha3-224=armv8-sha3 sha3-256=armv8-sha3 sha3-384=armv8-sha3
                    sha3-512=armv8-sha3 shake128=armv8-sha3 shake256=armv8-sha3)
    note "aarch64: build"
    if ! configure_build aarch64 "$dir"; then
        result aarch64 FAIL "configure or build failed (logs in $dir.*.log)"
        return
    fi
    note "aarch64 -cpu max: SHA1, SHA2, SHA512, SHA3"
    if QEMU_CPU=max expect aarch64-linux-gnu-gcc "$dir" "${emu[@]}" -- \
            cpu="neon sha1 sha2 sha512 sha3" "${all_armv8[@]}" "${all_sha512[@]}" \
            "${all_sha3[@]}" &&
        QEMU_CPU=max run_suite "$dir"; then
        result aarch64/max PASS "armv8 + armv8-sha512 + armv8-sha3 chosen"
    else
        result aarch64/max FAIL
    fi

    note "aarch64 -cpu cortex-a57: SHA1, SHA2, no SHA512"
    if QEMU_CPU=cortex-a57 expect aarch64-linux-gnu-gcc "$dir" "${emu[@]}" -- \
            cpu="neon sha1 sha2" "${all_armv8[@]}" sha384=portable sha512=portable \
            sha512-224=portable sha512-256=portable sha512!armv8-sha512 \
            sha3-256=portable sha3-256!armv8-sha3 &&
        QEMU_CPU=cortex-a57 run_suite "$dir"; then
        result aarch64/cortex-a57 PASS "armv8 chosen, SHA-512 and SHA-3 portable"
    else
        result aarch64/cortex-a57 FAIL
    fi

    # No qemu CPU model lacks them: the library's own variable hides them
    # (hiding sha2 hides sha512 too), for every test and the programs they
    # start. The CPU models above show that detection reads AT_HWCAP.
    note "aarch64 without crypto extensions (TURBODIGEST_CPU=-sha1,-sha2)"
    if QEMU_CPU=cortex-a57 TURBODIGEST_CPU=-sha1,-sha2 expect aarch64-linux-gnu-gcc "$dir" \
            "${emu[@]}" -- cpu=neon md5=portable sha1=portable sha256=portable sha512=portable \
            sha1!armv8 sha256!armv8 sha512!armv8-sha512 &&
        QEMU_CPU=cortex-a57 TURBODIGEST_CPU=-sha1,-sha2 run_suite "$dir"; then
        result aarch64/nocrypto PASS "everything portable"
    else
        result aarch64/nocrypto FAIL
    fi

    note "aarch64 -cpu max: SHA-512 through the inline-assembly fallback"
    if configure_build aarch64 "$dir-asm" -DTD_ARMV8_SHA512_ASM=ON &&
        QEMU_CPU=max expect aarch64-linux-gnu-gcc "$dir-asm" "${emu[@]}" -- \
            "${all_sha512[@]}" &&
        QEMU_CPU=max run_suite "$dir-asm" -L 'kat|blocks'; then
        result aarch64/asm PASS "TD_SHA512_INLINE_ASM: kat, blocks"
    else
        result aarch64/asm FAIL
    fi
}

# A target where only portable code exists: build, check, run the suite.
run_portable_target() {
    local target=$1 cc=$2 dir=$ROOT/$1
    shift 2
    note "$target: build"
    if ! configure_build "$target" "$dir"; then
        result "$target" FAIL "configure or build failed (logs in $dir.*.log)"
        return
    fi
    note "$target: suite"
    if expect "$cc" "$dir" "$@" -- md5=portable sha1=portable sha256=portable sha512=portable &&
        run_suite "$dir"; then
        result "$target" PASS "portable"
    else
        result "$target" FAIL
    fi
}

run_i686() {
    local dir=$ROOT/i686
    if i686_runs_natively; then
        note "i686: build"
        if ! configure_build i686 "$dir"; then
            result i686 FAIL "configure or build failed (logs in $dir.*.log)"
            return
        fi
        # Natively, so the x86 backends this CPU has run too, each pinned; the
        # long test as well, where it is built (it needs OpenSSL for i386).
        note "i686: suite"
        if expect "gcc -m32" "$dir" env -- && ctest --test-dir "$dir" --output-on-failure -j "$JOBS"; then
            result i686 PASS "native, every x86 backend this CPU has"
        else
            result i686 FAIL
        fi
        return
    fi
    # Under QEMU's -cpu max the x86 backends it emulates (SSSE3, AVX2) run
    # pinned; QEMU 7.2 emulates neither SHA-NI nor AVX-512.
    note "i686: build (tests under qemu-i386 -cpu max: this kernel does not run 32-bit x86 programs)"
    if ! configure_build i686 "$dir" -DCMAKE_CROSSCOMPILING_EMULATOR=qemu-i386; then
        result i686 FAIL "configure or build failed (logs in $dir.*.log)"
        return
    fi
    note "i686: suite"
    if QEMU_CPU=max expect "gcc -m32" "$dir" qemu-i386 -- && QEMU_CPU=max run_suite "$dir"; then
        result i686 PASS "under qemu-i386, every x86 backend it emulates"
    else
        result i686 FAIL
    fi
}

mkdir -p "$ROOT"
for target in "${TARGETS[@]}"; do
    lacking=$(missing_tools "$target")
    if [ -n "$lacking" ]; then
        note "$target: SKIPPED, missing: $lacking"
        result "$target" SKIP "missing: $lacking"
        continue
    fi
    case $target in
    aarch64) run_aarch64 ;;
    s390x)   run_portable_target s390x s390x-linux-gnu-gcc qemu-s390x -L /usr/s390x-linux-gnu ;;
    armhf)   run_portable_target armhf arm-linux-gnueabihf-gcc qemu-arm -L /usr/arm-linux-gnueabihf ;;
    i686)    run_i686 ;;
    *)       echo "cross-test: unknown target \"$target\" (aarch64 s390x armhf i686)" >&2; exit 2 ;;
    esac
done

printf '\n=== cross-test summary\n'
printf '%s\n' "${RESULTS[@]}"
if [ "$skipped" -gt 0 ]; then
    printf 'cross-test: SKIPPED architectures (install their tools; .ci/run does): %s\n' \
        "$(printf '%s\n' "${RESULTS[@]}" | awk '$2 == "SKIP" { print $1 }' | tr '\n' ' ')"
fi
printf 'cross-test: %d configurations passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
[ "$failed" -eq 0 ] || exit 1
[ "$skipped" -eq 0 ] || [ "$REQUIRE" != 1 ] || exit 1
exit 0
