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
#define V_SET1(x) _mm256_set1_epi32((int)(x))

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
#define FN_I(a, b, c, d) (a = V_ADD(a, V_XOR(c, _mm256_or_si256(b, V_XOR(d, V_SET1(-1))))))

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

// Words 0..3 of each lane's state: row m holds lanes m and m + 4 in its
// halves, and a 4 x 4 transpose within the halves (its own inverse) gives
// the columns. Rows as arguments: in an array, GCC 12 keeps them in memory.
static inline void transpose_state(TD_V v[4], TD_V r0, TD_V r1, TD_V r2, TD_V r3)
{
    const TD_V t0 = _mm256_unpacklo_epi32(r0, r1);
    const TD_V t1 = _mm256_unpackhi_epi32(r0, r1);
    const TD_V t2 = _mm256_unpacklo_epi32(r2, r3);
    const TD_V t3 = _mm256_unpackhi_epi32(r2, r3);
    v[0] = _mm256_unpacklo_epi64(t0, t2);
    v[1] = _mm256_unpackhi_epi64(t0, t2);
    v[2] = _mm256_unpacklo_epi64(t1, t3);
    v[3] = _mm256_unpackhi_epi64(t1, t3);
}

#define WORDS_DECLARE(w) TD_V w[16]
#define WORDS_LOAD(w, p, off)                                                  \
    do {                                                                       \
        TRANSPOSE4(0);                                                         \
        TRANSPOSE4(1);                                                         \
        TRANSPOSE4(2);                                                         \
        TRANSPOSE4(3);                                                         \
    } while (0)
#define WORD(w, k) (w)[k]
#define STATE_ROW(m)                                                           \
    _mm256_inserti128_si256(                                                   \
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)h[m])), \
        _mm_loadu_si128((const __m128i *)(const void *)h[(m) + 4]), 1)
#define STATE_LOAD(h, a, b, c, d)                                              \
    do {                                                                       \
        TD_V v_[4];                                                            \
        transpose_state(v_, STATE_ROW(0), STATE_ROW(1), STATE_ROW(2), STATE_ROW(3)); \
        a = v_[0], b = v_[1], c = v_[2], d = v_[3];                            \
    } while (0)
#define STATE_STORE(h, live, a, b, c, d)                                       \
    do {                                                                       \
        TD_V v_[4];                                                            \
        transpose_state(v_, a, b, c, d);                                       \
        for (size_t m = 0; m < 4; m++) {                                       \
            if (m < (live))                                                    \
                _mm_storeu_si128((__m128i *)(void *)(h)[m], _mm256_castsi256_si128(v_[m])); \
            if (m + 4 < (live))                                                \
                _mm_storeu_si128((__m128i *)(void *)(h)[m + 4],                \
                                 _mm256_extracti128_si256(v_[m], 1));          \
        }                                                                      \
    } while (0)

#include "md5_lanes_body.h"

MD5_LANES_FUNCTION(md5_x8, 8)

void td_md5_blocks_many_avx2_x8(td_md5_state *const *states, const uint8_t *const *data,
                                size_t n, size_t nblocks, const uint8_t *const *tail,
                                size_t ntail, const td_md5_shared_block *last)
{
    md5_x8(states, data, n, nblocks, tail, ntail, last);
}
