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

#include "../td_internal.h"
#include "backends.h"
#include "pin.h"

// Every step is ADD, ADD (X[k] and T[i], off the chain), then VPTERNLOGD,
// ADD, VPROLD, ADD after b is known: 4 cycles of latency, 64 x 4 = 256
// cycles a block for all 16 lanes (about 297 measured on Sapphire Rapids:
// the 64 shuffles of the transpose share the two ZMM ports), against 257
// for one message alone in md5_avx512.c: a pass pays from two messages on
// (1.7x the one-at-a-time backend; dispatch.c's rules). Where every vector
// operation takes 2 cycles (Zen 5) the chain is 8 a step: 512 a block, 525
// measured, and half the vector units idle: md5_x32 below fills them.

#define PIN(v) PIN_VECTOR(v)

// VPTERNLOGD truth tables for f(b, c, d): b is 0xf0, c 0xcc, d 0xaa.
#define TD_V __m512i
#define V_ADD(a, b) _mm512_add_epi32(a, b)
#define V_ROL(v, s) _mm512_rol_epi32(v, s)
#define V_T(i) _mm512_set1_epi32((int)t[i])
#define FN_F(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0xca)))
#define FN_G(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0xe4)))
#define FN_H(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0x96)))
#define FN_I(a, b, c, d) (a = V_ADD(a, _mm512_ternarylogic_epi32(b, c, d, 0x39)))

#include "lanes_avx512_x16.h"
#include "md5_lanes_body.h"

// 16 lanes; lanes live..15 are copies of lane 0 whose results are dropped.
static void md5_x16(td_md5_state *const *states, const uint8_t *const *data, size_t live,
                    size_t nblocks, const uint8_t *const *tail, size_t ntail,
                    const td_md5_shared_block *last)
{
    const uint8_t *p[16];
    uint32_t *h[16];
    for (size_t i = 0; i < 16; i++)
        h[i] = states[i < live ? i : 0]->h;
    TD_V v[4];
    td_x16_load_words4(v, (const uint32_t *const *)h);
    TD_V a = v[0], b = v[1], c = v[2], d = v[3];

    // The body, then the tail.
    for (int segment = 0; segment < 2; segment++) {
        size_t count = segment == 0 ? nblocks : ntail;
        if (count != 0)
            td_lane_pointers(p, 16, segment == 0 ? data : tail, live);
        for (size_t off = 0; count > 0; count--, off += 64) {
            const TD_V a0 = a, b0 = b, c0 = c, d0 = d;
            // The table's address goes through an empty asm once per block so
            // that the compiler cannot hoist 64 broadcasts out of the loop (and
            // spill them): each T[i] stays a broadcast memory operand.
            const uint32_t *t = td_md5_t;
            PIN_SCALAR(t);
            TD_V w[16];
            td_x16_load_transposed(w, p, off);
#define XT(k, i) V_ADD(w[k], V_T(i))
            MD5_LANES_BLOCK(a, b, c, d, XT);
#undef XT
            a = V_ADD(a, a0);
            b = V_ADD(b, b0);
            c = V_ADD(c, c0);
            d = V_ADD(d, d0);
        }
    }
    // The shared block in the same pass, the state still in registers:
    // X[k] + T[i] worked out once for the batch, one broadcast operand a
    // step. Zen 5, 16 messages of 64 bytes: 1440 -> 1230 cycles a call.
    if (last != NULL) {
        const TD_V a0 = a, b0 = b, c0 = c, d0 = d;
#define XT(k, i) _mm512_set1_epi32((int)last->xt[i])
        MD5_LANES_BLOCK(a, b, c, d, XT);
#undef XT
        a = V_ADD(a, a0);
        b = V_ADD(b, b0);
        c = V_ADD(c, c0);
        d = V_ADD(d, d0);
    }

    v[0] = a, v[1] = b, v[2] = c, v[3] = d;
    td_x16_store_words4(h, live, v);
}

void td_md5_blocks_many_avx512_x16(td_md5_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_md5_shared_block *last)
{
    md5_x16(states, data, n, nblocks, tail, ntail, last);
}

// Two groups of 16 lanes, step by step side by side, so that the second
// group's step fills the units the first one's chain leaves idle. Zen 5,
// 64 messages of 4 KiB: 1.9x the 16-lane pass (about 560 cycles a block
// for 32 lanes against 525 for 16). TD_V becomes a pair of vectors, so
// that MD5_LANES_BLOCK serves both widths.
typedef struct {
    __m512i x, y;
} md5_pair;

static inline md5_pair pair_add(md5_pair a, md5_pair b)
{
    return (md5_pair){ _mm512_add_epi32(a.x, b.x), _mm512_add_epi32(a.y, b.y) };
}

#define PAIR_ROL(v, s) ((md5_pair){ _mm512_rol_epi32((v).x, s), _mm512_rol_epi32((v).y, s) })
#define PAIR_FN(a, b, c, d, imm)                                               \
    (a = pair_add(a, (md5_pair){ _mm512_ternarylogic_epi32((b).x, (c).x, (d).x, imm), \
                                 _mm512_ternarylogic_epi32((b).y, (c).y, (d).y, imm) }))

// 32 lanes; lanes live..31 are copies of lane 0 whose results are dropped.
static void md5_x32(td_md5_state *const *states, const uint8_t *const *data, size_t live,
                    size_t nblocks, const uint8_t *const *tail, size_t ntail,
                    const td_md5_shared_block *last)
{
#undef TD_V
#undef V_ADD
#undef V_ROL
#undef FN_F
#undef FN_G
#undef FN_H
#undef FN_I
#undef PIN
#define TD_V md5_pair
#define V_ADD(a, b) pair_add(a, b)
#define V_ROL(v, s) PAIR_ROL(v, s)
#define FN_F(a, b, c, d) PAIR_FN(a, b, c, d, 0xca)
#define FN_G(a, b, c, d) PAIR_FN(a, b, c, d, 0xe4)
#define FN_H(a, b, c, d) PAIR_FN(a, b, c, d, 0x96)
#define FN_I(a, b, c, d) PAIR_FN(a, b, c, d, 0x39)
#define PIN(v)                                                                 \
    do {                                                                       \
        PIN_VECTOR((v).x);                                                     \
        PIN_VECTOR((v).y);                                                     \
    } while (0)
    const uint8_t *p[32];
    uint32_t *h[32];
    for (size_t i = 0; i < 32; i++)
        h[i] = states[i < live ? i : 0]->h;
    __m512i vx[4], vy[4];
    td_x16_load_words4(vx, (const uint32_t *const *)h);
    td_x16_load_words4(vy, (const uint32_t *const *)h + 16);
    TD_V a = { vx[0], vy[0] }, b = { vx[1], vy[1] }, c = { vx[2], vy[2] }, d = { vx[3], vy[3] };

    for (int segment = 0; segment < 2; segment++) {
        size_t count = segment == 0 ? nblocks : ntail;
        if (count != 0)
            td_lane_pointers(p, 32, segment == 0 ? data : tail, live);
        for (size_t off = 0; count > 0; count--, off += 64) {
            const TD_V a0 = a, b0 = b, c0 = c, d0 = d;
            const uint32_t *t = td_md5_t;
            PIN_SCALAR(t);
            __m512i wx[16], wy[16];
            td_x16_load_transposed(wx, p, off);
            td_x16_load_transposed(wy, p + 16, off);
#define XT(k, i) ((md5_pair){ _mm512_add_epi32(wx[k], _mm512_set1_epi32((int)t[i])), \
                              _mm512_add_epi32(wy[k], _mm512_set1_epi32((int)t[i])) })
            MD5_LANES_BLOCK(a, b, c, d, XT);
#undef XT
            a = V_ADD(a, a0);
            b = V_ADD(b, b0);
            c = V_ADD(c, c0);
            d = V_ADD(d, d0);
        }
    }
    if (last != NULL) {
        const TD_V a0 = a, b0 = b, c0 = c, d0 = d;
#define XT(k, i) ((md5_pair){ _mm512_set1_epi32((int)last->xt[i]), _mm512_set1_epi32((int)last->xt[i]) })
        MD5_LANES_BLOCK(a, b, c, d, XT);
#undef XT
        a = V_ADD(a, a0);
        b = V_ADD(b, b0);
        c = V_ADD(c, c0);
        d = V_ADD(d, d0);
    }

    vx[0] = a.x, vx[1] = b.x, vx[2] = c.x, vx[3] = d.x;
    vy[0] = a.y, vy[1] = b.y, vy[2] = c.y, vy[3] = d.y;
    td_x16_store_words4(h, live, vx);
    if (live > 16)
        td_x16_store_words4(h + 16, live - 16, vy);
}

void td_md5_blocks_many_avx512_x32(td_md5_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_md5_shared_block *last)
{
    md5_x32(states, data, n, nblocks, tail, ntail, last);
}
