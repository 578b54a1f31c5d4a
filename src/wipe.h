/* SPDX-License-Identifier: Apache-2.0
 * Clearing secrets (states, key pads, message tails) so that the compiler
 * cannot drop the stores as dead.
 */
#ifndef TD_WIPE_H
#define TD_WIPE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "chunk16.h"

// With GCC and Clang: 16-byte stores, then an empty asm that "reads" the
// memory. Not memset: with a length known only at run time GCC makes it REP
// STOSQ, whose start-up cost was most of a short message's overhead
// (docs/performance-notes.md, "One-shots"). Elsewhere memset is called
// through a volatile pointer, which the compiler cannot see through
// (libsodium's fallback).
static inline void td_wipe(void *p, size_t len)
{
#if defined(__GNUC__) || defined(__clang__)
    uint8_t *bytes = (uint8_t *)p;
    // A zero the optimiser cannot see, or it turns the loop back into memset.
    uint64_t opaque_zero = 0;
    __asm__("" : "+r"(opaque_zero));
    const td_chunk16 zero = { opaque_zero, opaque_zero };
    size_t done = 0;
    for (; len - done >= 16; done += 16)
        store_chunk16(bytes + done, zero);
    if (done < len) // never, for the blocks and states wiped on the hot paths
        memset(bytes + done, 0, len - done);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    static void *(*const volatile memset_v)(void *, int, size_t) = memset;
    memset_v(p, 0, len);
#endif
}

#endif // TD_WIPE_H
