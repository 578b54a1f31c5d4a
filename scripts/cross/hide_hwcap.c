/* SPDX-License-Identifier: Apache-2.0
 * Test-only LD_PRELOAD shim for AArch64 Linux: a getauxval() that clears the
 * crypto-extension bits of AT_HWCAP, so that the library sees a CPU without
 * them (qemu 7.2 has no such CPU model). Built and preloaded only by
 * scripts/cross-test.sh; never part of the library.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <sys/auxv.h>

// Linux arm64 AT_HWCAP bits (arch/arm64/include/uapi/asm/hwcap.h): AES 3,
// PMULL 4, SHA1 5, SHA2 6, SHA3 17, SM3 18, SM4 19, SHA512 21.
#define HIDDEN_BITS ((1ul << 3) | (1ul << 4) | (1ul << 5) | (1ul << 6) | (1ul << 17) | \
                     (1ul << 18) | (1ul << 19) | (1ul << 21))

typedef unsigned long getauxval_fn(unsigned long);

unsigned long getauxval(unsigned long type)
{
    // ISO C has no cast from void * to a function pointer: copy the bytes.
    void *sym = dlsym(RTLD_NEXT, "getauxval");
    getauxval_fn *real;
    memcpy(&real, &sym, sizeof real);
    unsigned long value = real ? real(type) : 0;
    return type == AT_HWCAP ? value & ~HIDDEN_BITS : value;
}
