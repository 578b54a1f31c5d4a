/* SPDX-License-Identifier: Apache-2.0
 * MD5 block function (RFC 1321) for the many-message path: 8 messages in the
 * 32-bit lanes of YMM registers, round functions from AND/ANDN/OR/XOR and
 * rotates from two shifts and an OR. Needs AVX2; compiled with -mavx2.
 */
#if defined(__GNUC__) && !defined(__AVX2__)
#error "md5_avx2_x8.c must be compiled with -mavx2"
#endif

#include <immintrin.h>

#include "../td_internal.h"
#include "backends.h"
#include "pin.h"

// After b is known a step takes 5 operations in F, G and H (AND or XOR, the
// second XOR or ADD, ADD, the shift pair, OR, ADD) and 6 in I: 336 cycles a
// block for all 8 lanes at best (395 measured on Sapphire Rapids), against
// 288 for one message in scalar code: a pass pays from two messages on
// (dispatch.c's rules).

#define PIN(v) PIN_VECTOR(v)

#define TD_V __m256i
#define V_ADD(a, b) _mm256_add_epi32(a, b)
#define V_XOR(a, b) _mm256_xor_si256(a, b)
#define V_ROL(v, s) _mm256_or_si256(_mm256_slli_epi32(v, s), _mm256_srli_epi32(v, 32 - (s)))
#define V_T(i) _mm256_set1_epi32((int)t[i])

// F = d ^ (b & (c ^ d)): c ^ d is ready early.
#define FN_F(a, b, c, d) (a = V_ADD(a, V_XOR(d, _mm256_and_si256(b, V_XOR(c, d)))))
// G = (b & d) | (c & ~d): the terms share no set bit, so each is added on
// its own, ~d & c before b is known.
#define FN_G(a, b, c, d)                                                       \
    do {                                                                       \
        a = V_ADD(a, _mm256_andnot_si256(d, c));                               \
        PIN(a);                                                                \
        a = V_ADD(a, _mm256_and_si256(b, d));                                  \
    } while (0)
// H = b ^ (c ^ d).
#define FN_H(a, b, c, d) (a = V_ADD(a, V_XOR(b, V_XOR(c, d))))
// I = c ^ (b | ~d): ~d is ready early.
#define FN_I(a, b, c, d) (a = V_ADD(a, V_XOR(c, _mm256_or_si256(b, V_XOR(d, ones)))))

#include "md5_lanes_body.h"

// The 8 x 16 words of one block of each lane, transposed so that lane i of
// w[k] is word k of lane i (MD5 is little-endian: a plain load). Words
// 4q..4q+3 of lanes i and i + 4 are loaded into the two halves of one
// register; a 4 x 4 transpose within the halves (32-bit, then 64-bit
// interleaves) gives w[4q..4q+3]. Each load is 16 bytes inside a lane's
// 64-byte block.
#define LOAD2(i, q)                                                                     \
    _mm256_inserti128_si256(                                                            \
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p[i] + off + 16 * (q)))), \
        _mm_loadu_si128((const __m128i *)(p[(i) + 4] + off + 16 * (q))), 1)
#define TRANSPOSE4(q)                                                          \
    do {                                                                       \
        const TD_V r0 = LOAD2(0, q), r1 = LOAD2(1, q);                         \
        const TD_V r2 = LOAD2(2, q), r3 = LOAD2(3, q);                         \
        const TD_V t0 = _mm256_unpacklo_epi32(r0, r1);                         \
        const TD_V t1 = _mm256_unpackhi_epi32(r0, r1);                         \
        const TD_V t2 = _mm256_unpacklo_epi32(r2, r3);                         \
        const TD_V t3 = _mm256_unpackhi_epi32(r2, r3);                         \
        w[4 * (q)] = _mm256_unpacklo_epi64(t0, t2);                            \
        w[4 * (q) + 1] = _mm256_unpackhi_epi64(t0, t2);                        \
        w[4 * (q) + 2] = _mm256_unpacklo_epi64(t1, t3);                        \
        w[4 * (q) + 3] = _mm256_unpackhi_epi64(t1, t3);                        \
    } while (0)

// 8 lanes; lanes live..7 are copies of lane 0 whose results are dropped.
static void md5_x8(td_md5_state *const *states, const uint8_t *const *data, size_t live,
                   size_t nblocks)
{
    uint32_t h[4][8];
    const uint8_t *p[8];
    for (size_t i = 0; i < 8; i++) {
        const size_t src = i < live ? i : 0;
        p[i] = data[src];
        for (int j = 0; j < 4; j++)
            h[j][i] = states[src]->h[j];
    }
    TD_V a = _mm256_loadu_si256((const __m256i *)h[0]);
    TD_V b = _mm256_loadu_si256((const __m256i *)h[1]);
    TD_V c = _mm256_loadu_si256((const __m256i *)h[2]);
    TD_V d = _mm256_loadu_si256((const __m256i *)h[3]);
    const TD_V ones = _mm256_set1_epi32(-1);

    for (size_t off = 0; nblocks > 0; nblocks--, off += 64) {
        const TD_V a0 = a, b0 = b, c0 = c, d0 = d;
        // The table's address goes through an empty asm once per block so
        // that the compiler cannot hoist 64 broadcasts out of the loop (and
        // spill them): each T[i] stays a broadcast from memory.
        const uint32_t *t = td_md5_t;
        PIN_SCALAR(t);
        TD_V w[16];
        TRANSPOSE4(0);
        TRANSPOSE4(1);
        TRANSPOSE4(2);
        TRANSPOSE4(3);
        MD5_LANES_BLOCK(a, b, c, d, w);
        a = V_ADD(a, a0);
        b = V_ADD(b, b0);
        c = V_ADD(c, c0);
        d = V_ADD(d, d0);
    }

    _mm256_storeu_si256((__m256i *)h[0], a);
    _mm256_storeu_si256((__m256i *)h[1], b);
    _mm256_storeu_si256((__m256i *)h[2], c);
    _mm256_storeu_si256((__m256i *)h[3], d);
    for (size_t i = 0; i < live; i++)
        for (int j = 0; j < 4; j++)
            states[i]->h[j] = h[j][i];
}

void td_md5_blocks_many_avx2_x8(td_md5_state *const *states, const uint8_t *const *data,
                                size_t n, size_t nblocks, const td_md5_shared_block *last)
{
    if (nblocks != 0)
        md5_x8(states, data, n, nblocks);
    if (last != NULL) {
        const uint8_t *same[8];
        for (size_t i = 0; i < n; i++)
            same[i] = last->bytes;
        md5_x8(states, same, n, 1);
    }
}
