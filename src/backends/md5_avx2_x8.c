/* SPDX-License-Identifier: Apache-2.0
 * MD5 block function (RFC 1321) for the many-message path: 8 messages in the
 * 32-bit lanes of YMM registers (avx2-x8), or 16 in two such groups side by
 * side (avx2-x16); round functions from AND/ANDN/OR/XOR and rotates from two
 * shifts and an OR. Needs AVX2; compiled with -mavx2.
 */
#if defined(__GNUC__) && !defined(__AVX2__)
#error "md5_avx2_x8.c must be compiled with -mavx2"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "pin.h"

// After b is known a step takes 5 operations in F, G and H (AND or XOR, the
// second XOR or ADD, ADD, the shift pair, OR, ADD) and 6 in I: a block for
// all 8 lanes costs a little more than one message in scalar code, so a
// pass pays from two messages on (dispatch.c's rules).

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
        const __m256i r0 = LOAD2(0, q), r1 = LOAD2(1, q);                      \
        const __m256i r2 = LOAD2(2, q), r3 = LOAD2(3, q);                      \
        const __m256i t0 = _mm256_unpacklo_epi32(r0, r1);                      \
        const __m256i t1 = _mm256_unpackhi_epi32(r0, r1);                      \
        const __m256i t2 = _mm256_unpacklo_epi32(r2, r3);                      \
        const __m256i t3 = _mm256_unpackhi_epi32(r2, r3);                      \
        w[4 * (q)] = _mm256_unpacklo_epi64(t0, t2);                            \
        w[4 * (q) + 1] = _mm256_unpackhi_epi64(t0, t2);                        \
        w[4 * (q) + 2] = _mm256_unpacklo_epi64(t1, t3);                        \
        w[4 * (q) + 3] = _mm256_unpackhi_epi64(t1, t3);                        \
    } while (0)

static TD_ALWAYS_INLINE void load_words(__m256i w[16], const uint8_t *const *p, size_t off)
{
    TRANSPOSE4(0);
    TRANSPOSE4(1);
    TRANSPOSE4(2);
    TRANSPOSE4(3);
}

// Words 0..3 of each lane's state: row m holds lanes m and m + 4 in its
// halves, and a 4 x 4 transpose within the halves (its own inverse) gives
// the columns. Rows as arguments: in an array, GCC 12 keeps them in memory.
static inline void transpose_state(__m256i v[4], __m256i r0, __m256i r1, __m256i r2,
                                   __m256i r3)
{
    const __m256i t0 = _mm256_unpacklo_epi32(r0, r1);
    const __m256i t1 = _mm256_unpackhi_epi32(r0, r1);
    const __m256i t2 = _mm256_unpacklo_epi32(r2, r3);
    const __m256i t3 = _mm256_unpackhi_epi32(r2, r3);
    v[0] = _mm256_unpacklo_epi64(t0, t2);
    v[1] = _mm256_unpackhi_epi64(t0, t2);
    v[2] = _mm256_unpacklo_epi64(t1, t3);
    v[3] = _mm256_unpackhi_epi64(t1, t3);
}

#define STATE_ROW(m)                                                           \
    _mm256_inserti128_si256(                                                   \
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)h[m])), \
        _mm_loadu_si128((const __m128i *)(const void *)h[(m) + 4]), 1)

static TD_ALWAYS_INLINE void load_state(__m256i v[4], uint32_t *const *h)
{
    transpose_state(v, STATE_ROW(0), STATE_ROW(1), STATE_ROW(2), STATE_ROW(3));
}

static TD_ALWAYS_INLINE void store_state(uint32_t *const *h, size_t live, __m256i a, __m256i b,
                               __m256i c, __m256i d)
{
    __m256i v[4];
    transpose_state(v, a, b, c, d);
    for (size_t m = 0; m < 4; m++) {
        if (m < live)
            _mm_storeu_si128((__m128i *)(void *)h[m], _mm256_castsi256_si128(v[m]));
        if (m + 4 < live)
            _mm_storeu_si128((__m128i *)(void *)h[m + 4], _mm256_extracti128_si256(v[m], 1));
    }
}

#define WORDS_DECLARE(w) TD_V w[16]
#define WORDS_LOAD(w, p, off) load_words(w, p, off)
#define WORD(w, k) (w)[k]
#define STATE_LOAD(h, a, b, c, d)                                              \
    do {                                                                       \
        TD_V v_[4];                                                            \
        load_state(v_, h);                                                     \
        a = v_[0], b = v_[1], c = v_[2], d = v_[3];                            \
    } while (0)
#define STATE_STORE(h, live, a, b, c, d) store_state(h, live, a, b, c, d)

#include "md5_lanes_body.h"

MD5_LANES_FUNCTION(md5_x8, 8)

void td_md5_blocks_many_avx2_x8(td_md5_state *const *states, const uint8_t *const *data,
                                size_t n, size_t nblocks, const uint8_t *const *tail,
                                size_t ntail, const td_md5_shared_block *last)
{
    md5_x8(states, data, n, nblocks, tail, ntail, last);
}

// Two groups of 8 lanes, step by step side by side: one group's step is a
// chain of 6 one-cycle operations, about 10 operations in all, and leaves
// four vector pipes half idle; the second group fills them. TD_V becomes a
// pair of vectors, so that one function template serves both widths; the 32
// message words live in memory, each read once a step as an operand.
typedef struct {
    __m256i x, y;
} md5_pair;

static inline md5_pair pair_add(md5_pair a, md5_pair b)
{
    return (md5_pair){ _mm256_add_epi32(a.x, b.x), _mm256_add_epi32(a.y, b.y) };
}

static inline md5_pair pair_rol(md5_pair v, int s)
{
    return (md5_pair){ V_ROL(v.x, s), V_ROL(v.y, s) };
}

#undef TD_V
#undef V_SET1
#undef FN_F
#undef FN_G
#undef FN_H
#undef FN_I
#undef PIN
#undef WORDS_DECLARE
#undef WORDS_LOAD
#undef WORD
#undef STATE_LOAD
#undef STATE_STORE
#define TD_V md5_pair
#define V_SET1(v) ((md5_pair){ _mm256_set1_epi32((int)(v)), _mm256_set1_epi32((int)(v)) })
#define PIN(v)                                                                 \
    do {                                                                       \
        PIN_VECTOR((v).x);                                                     \
        PIN_VECTOR((v).y);                                                     \
    } while (0)
// The round functions of one group, on each half of the pair.
#define ONE_F(a, b, c, d) V_XOR(d, _mm256_and_si256(b, V_XOR(c, d)))
#define ONE_H(a, b, c, d) V_XOR(b, V_XOR(c, d))
#define ONE_I(a, b, c, d) V_XOR(c, _mm256_or_si256(b, V_XOR(d, _mm256_set1_epi32(-1))))
#define PAIR_FN(ONE, a, b, c, d)                                               \
    (a = pair_add(a, (md5_pair){ ONE((a).x, (b).x, (c).x, (d).x),              \
                                 ONE((a).y, (b).y, (c).y, (d).y) }))
#define FN_F(a, b, c, d) PAIR_FN(ONE_F, a, b, c, d)
#define FN_G(a, b, c, d)                                                       \
    do {                                                                       \
        a = pair_add(a, (md5_pair){ _mm256_andnot_si256((d).x, (c).x),         \
                                    _mm256_andnot_si256((d).y, (c).y) });      \
        PIN(a);                                                                \
        a = pair_add(a, (md5_pair){ _mm256_and_si256((b).x, (d).x),            \
                                    _mm256_and_si256((b).y, (d).y) });         \
    } while (0)
#define FN_H(a, b, c, d) PAIR_FN(ONE_H, a, b, c, d)
#define FN_I(a, b, c, d) PAIR_FN(ONE_I, a, b, c, d)

#define WORDS_DECLARE(w) __m256i w##_x[16], w##_y[16]
#define WORDS_LOAD(w, p, off)                                                  \
    do {                                                                       \
        load_words(w##_x, p, off);                                             \
        load_words(w##_y, (p) + 8, off);                                       \
    } while (0)
#define WORD(w, k) ((md5_pair){ w##_x[k], w##_y[k] })
#define STATE_LOAD(h, a, b, c, d)                                              \
    do {                                                                       \
        __m256i x_[4], y_[4];                                                  \
        load_state(x_, h);                                                     \
        load_state(y_, (h) + 8);                                               \
        a = (md5_pair){ x_[0], y_[0] }, b = (md5_pair){ x_[1], y_[1] };        \
        c = (md5_pair){ x_[2], y_[2] }, d = (md5_pair){ x_[3], y_[3] };        \
    } while (0)
#define STATE_STORE(h, live, a, b, c, d)                                       \
    do {                                                                       \
        store_state(h, live, (a).x, (b).x, (c).x, (d).x);                      \
        if ((live) > 8)                                                        \
            store_state((h) + 8, (live) - 8, (a).y, (b).y, (c).y, (d).y);      \
    } while (0)
#undef V_ADD
#undef V_ROL
#define V_ADD(a, b) pair_add(a, b)
#define V_ROL(v, s) pair_rol(v, s)

MD5_LANES_FUNCTION(md5_x16, 16)

void td_md5_blocks_many_avx2_x16(td_md5_state *const *states, const uint8_t *const *data,
                                 size_t n, size_t nblocks, const uint8_t *const *tail,
                                 size_t ntail, const td_md5_shared_block *last)
{
    md5_x16(states, data, n, nblocks, tail, ntail, last);
}
