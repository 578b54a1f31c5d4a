/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 block function (FIPS 180-4) for the many-message path: 16 messages
 * in the 32-bit lanes of ZMM registers, VPTERNLOGD for Ch, Parity and Maj and
 * the schedule's XORs, VPROLD for the rotates. Needs AVX-512F and AVX-512BW
 * (VPSHUFB); compiled with -mavx512f -mavx512bw.
 */
#if defined(__GNUC__) && !(defined(__AVX512F__) && defined(__AVX512BW__))
#error "sha1_avx512_x16.c must be compiled with -mavx512f -mavx512bw"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "lanes_avx512_x16.h"
#include "pin.h"

// VPTERNLOGD truth tables for f(b, c, d): b is 0xf0, c 0xcc, d 0xaa.
enum { TL_CH = 0xca, TL_PARITY = 0x96, TL_MAJ = 0xe8 };

// W[t] for t >= 16 replaces W[t - 16] in the ring w[16].
#define SCHED(t)                                                                \
    (w[(t) & 15] = _mm512_rol_epi32(                                            \
         _mm512_ternarylogic_epi32(_mm512_xor_si512(w[((t) - 3) & 15],          \
                                                    w[((t) - 8) & 15]),         \
                                   w[((t) - 14) & 15], w[(t) & 15], 0x96),      \
         1))

// Only a <<< 5 and one add are on the chain from round to round: e + (W[t]
// + K) + f(b, c, d) is summed off it, f waiting for b (a, one round older).
// The pins keep GCC from reassociating the sums onto the chain (the notes'
// "SHA-1 lanes").
#define ROUND(tl, wk, a, b, c, d, e)                                            \
    do {                                                                        \
        e = _mm512_add_epi32(e, wk);                                            \
        PIN_VECTOR(e);                                                          \
        e = _mm512_add_epi32(e, _mm512_ternarylogic_epi32(b, c, d, tl));        \
        PIN_VECTOR(e);                                                          \
        e = _mm512_add_epi32(e, _mm512_rol_epi32(a, 5));                        \
        b = _mm512_rol_epi32(b, 30);                                            \
    } while (0)

// A round of a data block: W[t] + K from the ring, and W[t + 6] expanded (its
// words are there by then, and the slot it takes, W[t - 10]'s, was last read
// by W[t + 4]'s expansion, at round t - 2): a little faster than W[t] in its
// own round (docs/performance-notes.md, "Backend forms: figures from the
// code").
#define SCHED_AHEAD 6
#define ROUND_W(tl, k, a, b, c, d, e, t)                                        \
    do {                                                                        \
        if ((t) + SCHED_AHEAD >= 16 && (t) + SCHED_AHEAD < 80)                  \
            SCHED((t) + SCHED_AHEAD);                                           \
        ROUND(tl, _mm512_add_epi32(w[(t) & 15], k), a, b, c, d, e);             \
    } while (0)

// A round of the shared block: W[t] + K, worked out once for the batch, is a
// broadcast operand; no load, transpose or schedule.
#define ROUND_S(tl, k, a, b, c, d, e, t)                                        \
    ROUND(tl, _mm512_set1_epi32((int)last->wk[t]), a, b, c, d, e)

// Five rounds from t: the names turn once around.
#define ROUND5(R, tl, k, t)                                                     \
    do {                                                                        \
        R(tl, k, a, b, c, d, e, t);                                             \
        R(tl, k, e, a, b, c, d, (t) + 1);                                       \
        R(tl, k, d, e, a, b, c, (t) + 2);                                       \
        R(tl, k, c, d, e, a, b, (t) + 3);                                       \
        R(tl, k, b, c, d, e, a, (t) + 4);                                       \
    } while (0)

#define ROUND20(R, tl, k, t)                                                    \
    do {                                                                        \
        ROUND5(R, tl, k, t);                                                    \
        ROUND5(R, tl, k, (t) + 5);                                              \
        ROUND5(R, tl, k, (t) + 10);                                             \
        ROUND5(R, tl, k, (t) + 15);                                             \
    } while (0)

#define ROUND80(R)                                                              \
    do {                                                                        \
        ROUND20(R, TL_CH, k0, 0);                                               \
        ROUND20(R, TL_PARITY, k1, 20);                                          \
        ROUND20(R, TL_MAJ, k2, 40);                                             \
        ROUND20(R, TL_PARITY, k3, 60);                                          \
    } while (0)

// 16 lanes; lanes live..15 are copies of lane 0 whose results are dropped.
static void sha1_x16(td_sha1_state *const *states, const uint8_t *const *data, size_t live,
                     size_t nblocks, const uint8_t *const *tail, size_t ntail,
                     const td_sha1_shared_block *last)
{
    const uint8_t *p[16];
    uint32_t *h[16];
    for (size_t i = 0; i < 16; i++)
        h[i] = states[i < live ? i : 0]->h;
    __m512i v[4];
    td_x16_load_words4(v, (const uint32_t *const *)h);
    __m512i a = v[0], b = v[1], c = v[2], d = v[3];
    __m512i e = _mm512_set_epi32((int)h[15][4], (int)h[14][4], (int)h[13][4], (int)h[12][4],
                                 (int)h[11][4], (int)h[10][4], (int)h[9][4], (int)h[8][4],
                                 (int)h[7][4], (int)h[6][4], (int)h[5][4], (int)h[4][4],
                                 (int)h[3][4], (int)h[2][4], (int)h[1][4], (int)h[0][4]);
    const __m512i k0 = _mm512_set1_epi32(0x5a827999), k1 = _mm512_set1_epi32(0x6ed9eba1);
    const __m512i k2 = _mm512_set1_epi32((int)0x8f1bbcdc), k3 = _mm512_set1_epi32((int)0xca62c1d6);

    // The body, then the tail.
    for (int segment = 0; segment < 2; segment++) {
        size_t count = segment == 0 ? nblocks : ntail;
        if (count != 0)
            td_lane_pointers(p, 16, segment == 0 ? data : tail, live);
        for (size_t off = 0; count > 0; count--, off += 64) {
            const __m512i a0 = a, b0 = b, c0 = c, d0 = d, e0 = e;
            __m512i w[16];
            td_x16_load_transposed_be_by_chunks(w, p, off);
            ROUND80(ROUND_W);
            a = _mm512_add_epi32(a, a0);
            b = _mm512_add_epi32(b, b0);
            c = _mm512_add_epi32(c, c0);
            d = _mm512_add_epi32(d, d0);
            e = _mm512_add_epi32(e, e0);
        }
    }
    // The shared block in the same pass, the state still in registers.
    if (last != NULL) {
        const __m512i a0 = a, b0 = b, c0 = c, d0 = d, e0 = e;
        ROUND80(ROUND_S);
        a = _mm512_add_epi32(a, a0);
        b = _mm512_add_epi32(b, b0);
        c = _mm512_add_epi32(c, c0);
        d = _mm512_add_epi32(d, d0);
        e = _mm512_add_epi32(e, e0);
    }

    v[0] = a, v[1] = b, v[2] = c, v[3] = d;
    td_x16_store_words4(h, live, v);
    uint32_t e_out[16];
    _mm512_storeu_si512((void *)e_out, e);
    for (size_t i = 0; i < live; i++)
        h[i][4] = e_out[i];
}

void td_sha1_blocks_many_avx512_x16(td_sha1_state *const *states, const uint8_t *const *data,
                                    size_t n, size_t nblocks, const uint8_t *const *tail,
                                    size_t ntail, const td_sha1_shared_block *last)
{
    sha1_x16(states, data, n, nblocks, tail, ntail, last);
}
