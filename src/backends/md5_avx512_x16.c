/* SPDX-License-Identifier: Apache-2.0
 * MD5 block function (RFC 1321) for the many-message path: 16 messages in
 * the 32-bit lanes of ZMM registers (avx512-x16), or 32 in two such groups
 * side by side (avx512-x32); VPTERNLOGD for F, G, H and I, VPROLD for the
 * rotates. Needs AVX-512F; compiled with -mavx512f.
 */
#if defined(__GNUC__) && !defined(__AVX512F__)
#error "md5_avx512_x16.c must be compiled with -mavx512f"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "pin.h"

// Every step is ADD, ADD (X[k] and T[i], off the chain), then VPTERNLOGD, ADD,
// VPROLD, ADD after b is known: the chain of one message alone in
// md5_avx512.c, for all 16 lanes, so a pass pays from two messages on
// (dispatch.c's rules). Where every vector operation is slow the chain is
// longer and leaves half the vector units idle: md5_x32 below fills them
// (docs/performance-notes.md, "Backend forms: figures from the code").

#define PIN(v) PIN_VECTOR(v)

// VPTERNLOGD truth tables for f(b, c, d): b is 0xf0, c 0xcc, d 0xaa.
#define TD_V __m512i
#define V_ADD(a, b) _mm512_add_epi32(a, b)
#define V_ROL(v, s) _mm512_rol_epi32(v, s)
#define V_SET1(x) _mm512_set1_epi32((int)(x))
#define FN_F(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0xca)))
#define FN_G(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0xe4)))
#define FN_H(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0x96)))
#define FN_I(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0x39)))

#define WORDS_DECLARE(w) __m512i w[16]
#define WORDS_LOAD(w, p, off) td_x16_load_transposed(w, p, off)
#define WORD(w, k) (w)[k]
#define STATE_LOAD(h, a, b, c, d)                                              \
    do {                                                                       \
        __m512i v_[4];                                                         \
        td_x16_load_words4(v_, (const uint32_t *const *)(h));                  \
        a = v_[0], b = v_[1], c = v_[2], d = v_[3];                            \
    } while (0)
#define STATE_STORE(h, live, a, b, c, d)                                       \
    do {                                                                       \
        const __m512i v_[4] = { a, b, c, d };                                  \
        td_x16_store_words4(h, live, v_);                                      \
    } while (0)

#include "lanes_avx512_x16.h"
#include "md5_lanes_body.h"

MD5_LANES_FUNCTION(md5_x16, 16)

void td_md5_blocks_many_avx512_x16(td_md5_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_md5_shared_block *last)
{
    md5_x16(states, data, n, nblocks, tail, ntail, last);
}

#if defined(__x86_64__) || defined(_M_X64)
// Two groups of 16 lanes, step by step side by side, so that the second
// group's step fills the units the first one's chain leaves idle. TD_V
// becomes a pair of vectors, so that one function template serves both
// widths.
typedef struct {
    __m512i x, y;
} md5_pair;

static inline md5_pair pair_add(md5_pair a, md5_pair b)
{
    return (md5_pair){ _mm512_add_epi32(a.x, b.x), _mm512_add_epi32(a.y, b.y) };
}

#undef TD_V
#undef V_ADD
#undef V_ROL
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
#define V_ADD(a, b) pair_add(a, b)
#define V_ROL(v, s) ((md5_pair){ _mm512_rol_epi32((v).x, s), _mm512_rol_epi32((v).y, s) })
#define V_SET1(v) ((md5_pair){ _mm512_set1_epi32((int)(v)), _mm512_set1_epi32((int)(v)) })
#define PAIR_FN(a, b, c, d, imm)                                               \
    (a = pair_add(a, (md5_pair){ _mm512_ternarylogic_epi32((b).x, (c).x, (d).x, imm), \
                                 _mm512_ternarylogic_epi32((b).y, (c).y, (d).y, imm) }))
#define FN_F(a, b, c, d) PAIR_FN(a, b, c, d, 0xca)
#define FN_G(a, b, c, d) PAIR_FN(a, b, c, d, 0xe4)
#define FN_H(a, b, c, d) PAIR_FN(a, b, c, d, 0x96)
#define FN_I(a, b, c, d) PAIR_FN(a, b, c, d, 0x39)
#define PIN(v)                                                                 \
    do {                                                                       \
        PIN_VECTOR((v).x);                                                     \
        PIN_VECTOR((v).y);                                                     \
    } while (0)

#define WORDS_DECLARE(w) __m512i w##_x[16], w##_y[16]
#define WORDS_LOAD(w, p, off)                                                  \
    do {                                                                       \
        td_x16_load_transposed(w##_x, p, off);                                 \
        td_x16_load_transposed(w##_y, (p) + 16, off);                          \
    } while (0)
#define WORD(w, k) ((md5_pair){ w##_x[k], w##_y[k] })
#define STATE_LOAD(h, a, b, c, d)                                              \
    do {                                                                       \
        __m512i x_[4], y_[4];                                                  \
        td_x16_load_words4(x_, (const uint32_t *const *)(h));                  \
        td_x16_load_words4(y_, (const uint32_t *const *)(h) + 16);             \
        a = (md5_pair){ x_[0], y_[0] }, b = (md5_pair){ x_[1], y_[1] };        \
        c = (md5_pair){ x_[2], y_[2] }, d = (md5_pair){ x_[3], y_[3] };        \
    } while (0)
#define STATE_STORE(h, live, a, b, c, d)                                       \
    do {                                                                       \
        const __m512i x_[4] = { (a).x, (b).x, (c).x, (d).x };                  \
        const __m512i y_[4] = { (a).y, (b).y, (c).y, (d).y };                  \
        td_x16_store_words4(h, live, x_);                                      \
        if ((live) > 16)                                                       \
            td_x16_store_words4((h) + 16, (live) - 16, y_);                    \
    } while (0)

MD5_LANES_FUNCTION(md5_x32, 32)

void td_md5_blocks_many_avx512_x32(td_md5_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_md5_shared_block *last)
{
    md5_x32(states, data, n, nblocks, tail, ntail, last);
}
#endif
