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

#include "../td_internal.h"
#include "backends.h"
#include "lanes_avx512_x16.h"

// A round is 7 operations, off the chain but for two: e += W[t] + K, e +=
// f(b, c, d), e += a <<< 5, b <<<= 30, plus 3 for each scheduled word (one
// three-input XOR, one XOR, one rotate): about 830 operations a block for
// the 16 lanes with the transpose, some 420 cycles on the two ports that
// take ZMM operations (Sapphire Rapids).

// VPTERNLOGD truth tables for f(b, c, d): b is 0xf0, c 0xcc, d 0xaa.
enum { TL_CH = 0xca, TL_PARITY = 0x96, TL_MAJ = 0xe8 };

// W[t] for t >= 16 replaces W[t - 16] in the ring w[16].
#define SCHED(t)                                                                \
    (w[(t) & 15] = _mm512_rol_epi32(                                            \
         _mm512_xor_si512(_mm512_ternarylogic_epi32(w[((t) - 3) & 15],          \
                                                    w[((t) - 8) & 15],          \
                                                    w[((t) - 14) & 15], 0x96),  \
                          w[(t) & 15]),                                         \
         1))

#define ROUND(tl, k, a, b, c, d, e, t)                                          \
    do {                                                                        \
        if ((t) >= 16)                                                          \
            SCHED(t);                                                           \
        e = _mm512_add_epi32(e, _mm512_add_epi32(w[(t) & 15], k));              \
        e = _mm512_add_epi32(e, _mm512_ternarylogic_epi32(b, c, d, tl));        \
        e = _mm512_add_epi32(e, _mm512_rol_epi32(a, 5));                        \
        b = _mm512_rol_epi32(b, 30);                                            \
    } while (0)

// Five rounds from t: the names turn once around.
#define ROUND5(tl, k, t)                                                        \
    do {                                                                        \
        ROUND(tl, k, a, b, c, d, e, t);                                         \
        ROUND(tl, k, e, a, b, c, d, (t) + 1);                                   \
        ROUND(tl, k, d, e, a, b, c, (t) + 2);                                   \
        ROUND(tl, k, c, d, e, a, b, (t) + 3);                                   \
        ROUND(tl, k, b, c, d, e, a, (t) + 4);                                   \
    } while (0)

#define ROUND20(tl, k, t)                                                       \
    do {                                                                        \
        ROUND5(tl, k, t);                                                       \
        ROUND5(tl, k, (t) + 5);                                                 \
        ROUND5(tl, k, (t) + 10);                                                \
        ROUND5(tl, k, (t) + 15);                                                \
    } while (0)

// 16 lanes; lanes live..15 are copies of lane 0 whose results are dropped.
static void sha1_x16(td_sha1_state *const *states, const uint8_t *const *data, size_t live,
                     size_t nblocks)
{
    uint32_t h[5][16];
    const uint8_t *p[16];
    for (size_t i = 0; i < 16; i++) {
        const size_t src = i < live ? i : 0;
        p[i] = data[src];
        for (int j = 0; j < 5; j++)
            h[j][i] = states[src]->h[j];
    }
    __m512i a = _mm512_loadu_si512((const void *)h[0]);
    __m512i b = _mm512_loadu_si512((const void *)h[1]);
    __m512i c = _mm512_loadu_si512((const void *)h[2]);
    __m512i d = _mm512_loadu_si512((const void *)h[3]);
    __m512i e = _mm512_loadu_si512((const void *)h[4]);
    // Big-endian words: reverse the bytes of each.
    const __m512i bswap = _mm512_set4_epi32(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203);
    const __m512i k0 = _mm512_set1_epi32(0x5a827999), k1 = _mm512_set1_epi32(0x6ed9eba1);
    const __m512i k2 = _mm512_set1_epi32((int)0x8f1bbcdc), k3 = _mm512_set1_epi32((int)0xca62c1d6);

    for (size_t off = 0; nblocks > 0; nblocks--, off += 64) {
        const __m512i a0 = a, b0 = b, c0 = c, d0 = d, e0 = e;
        __m512i w[16];
        td_x16_load_transposed(w, p, off);
        for (int k = 0; k < 16; k++)
            w[k] = _mm512_shuffle_epi8(w[k], bswap);
        ROUND20(TL_CH, k0, 0);
        ROUND20(TL_PARITY, k1, 20);
        ROUND20(TL_MAJ, k2, 40);
        ROUND20(TL_PARITY, k3, 60);
        a = _mm512_add_epi32(a, a0);
        b = _mm512_add_epi32(b, b0);
        c = _mm512_add_epi32(c, c0);
        d = _mm512_add_epi32(d, d0);
        e = _mm512_add_epi32(e, e0);
    }

    _mm512_storeu_si512((void *)h[0], a);
    _mm512_storeu_si512((void *)h[1], b);
    _mm512_storeu_si512((void *)h[2], c);
    _mm512_storeu_si512((void *)h[3], d);
    _mm512_storeu_si512((void *)h[4], e);
    for (size_t i = 0; i < live; i++)
        for (int j = 0; j < 5; j++)
            states[i]->h[j] = h[j][i];
}

void td_sha1_blocks_many_avx512_x16(td_sha1_state *const *states, const uint8_t *const *data,
                                    size_t n, size_t nblocks, const td_sha1_shared_block *last)
{
    if (nblocks != 0)
        sha1_x16(states, data, n, nblocks);
    if (last != NULL) {
        const uint8_t *same[16];
        for (size_t i = 0; i < n; i++)
            same[i] = last->bytes;
        sha1_x16(states, same, n, 1);
    }
}
