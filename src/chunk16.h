/* SPDX-License-Identifier: Apache-2.0
 * 16-byte pieces of memory built in registers and written with one store.
 *
 * Why: every backend reads a block as 16-byte loads at 16-byte offsets (or
 * smaller loads inside them). A load that overlaps more than one earlier,
 * still pending store (a byte store of 0x80 beside a memset, say) cannot take
 * its data from the store buffer: it waits until those stores reach the
 * cache, which is after every older instruction has retired, so the padding
 * block of one message cannot start before the previous message is done.
 * Written as whole 16-byte stores, each load is served by exactly one store
 * (docs/performance-notes.md, "One-shots").
 */
#ifndef TD_CHUNK16_H
#define TD_CHUNK16_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "td_compiler.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TD_CHUNK16_NO_SIMD)
#include <emmintrin.h>
#define TD_CHUNK16_SSE2 1
#elif defined(__aarch64__) && defined(__ARM_NEON) && !defined(__AARCH64EB__) && \
    !defined(TD_CHUNK16_NO_SIMD)
#include <arm_neon.h>
#define TD_CHUNK16_NEON 1
#endif

// Bytes 0-7 of the piece in lo and 8-15 in hi, each little-endian: byte i of
// lo is bits 8i to 8i+7, whatever the host's byte order.
typedef struct {
    uint64_t lo, hi;
} td_chunk16;

// The n bytes at p (n at most 8) in the low bytes, the rest zero, reading no
// byte outside [p, p + n): p may end at an unreadable page.
static TD_ALWAYS_INLINE uint64_t load_le_upto8(const uint8_t *p, size_t n)
{
    if (n == 8)
        return load_le64(p);
    if (n >= 4) // bytes 4 to n - 1 are the top of the word that ends at n
        return (uint64_t)load_le32(p) | ((uint64_t)load_le32(p + n - 4) >> (8 * (8 - n))) << 32;
    if (n == 0)
        return 0;
    // 1 to 3 bytes: first, middle and last, overlapping where n is small.
    return (uint64_t)p[0] | (uint64_t)p[n / 2] << (8 * (n / 2)) | (uint64_t)p[n - 1] << (8 * (n - 1));
}

// The n bytes at p (n at most 16), the rest zero, reading only those bytes.
static TD_ALWAYS_INLINE td_chunk16 load_chunk16_upto(const uint8_t *p, size_t n)
{
    td_chunk16 c = { 0, 0 };
    if (n >= 8) {
        c.lo = load_le64(p);
        c.hi = load_le_upto8(p + 8, n - 8);
    } else {
        c.lo = load_le_upto8(p, n);
    }
    return c;
}

// Sets byte i (below 16) of c to v, which must have been zero.
static TD_ALWAYS_INLINE void chunk16_put_byte(td_chunk16 *c, size_t i, uint8_t v)
{
    if (i < 8)
        c->lo |= (uint64_t)v << (8 * i);
    else
        c->hi |= (uint64_t)v << (8 * (i - 8));
}

// One 16-byte store where the instruction set has it; elsewhere two 8-byte
// stores, which the portable backends' 4- and 8-byte loads still fit inside.
static TD_ALWAYS_INLINE void store_chunk16(uint8_t *p, td_chunk16 c)
{
#if defined(TD_CHUNK16_SSE2)
    _mm_storeu_si128((__m128i *)(void *)p, _mm_set_epi64x((long long)c.hi, (long long)c.lo));
#elif defined(TD_CHUNK16_NEON)
    vst1q_u8(p, vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(c.lo), vcreate_u64(c.hi))));
#else
    store_le64(p, c.lo);
    store_le64(p + 8, c.hi);
#endif
}

#endif // TD_CHUNK16_H
