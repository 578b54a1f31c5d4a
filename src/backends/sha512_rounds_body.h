/* SPDX-License-Identifier: Apache-2.0
 * The SHA-384/512 block function shared by sha512_avx2.c and sha512_avx512.c:
 * scalar rounds (RORX) fed by a message schedule for two blocks at a time in
 * the two 128-bit halves of YMM registers. Not a standalone header.
 */

#include "sha2_constants.h"

// An including file defines, before including this one:
//   TD_SHA512_BLOCKS       the function's name
//   SSIG0_X4(x), SSIG1_X4(x)
//                          FIPS 180-4 sigma0 and sigma1 of each 64-bit lane
//                          of an __m256i
// and is compiled with at least -mavx2 -mbmi2 -mbmi (RORX, ANDN).

// The schedule. Register j holds words (2j, 2j + 1) of block A in its low half
// and the same words of block B in its high half (Intel's two-block AVX2
// layout), so one step makes four words and sigma1 never needs a word of the
// same step. After the step that makes words (t, t + 1), register x[0] held
// (t - 16, t - 15), x[1] (t - 14, t - 13), ..., x[7] (t - 2, t - 1); ALIGNR
// by 8 bytes picks (t - 15, t - 14) and (t - 7, t - 6) out of neighbours.
// Each step stores its words plus K to wk[4s .. 4s + 3] for the rounds:
// block A reads wk[4s + (t & 1)], block B wk[4s + 2 + (t & 1)].

// Byte order within each 64-bit word, in both halves.
#define BSWAP64_X4(x)                                                                  \
    _mm256_shuffle_epi8((x), _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15,             \
                                             0, 1, 2, 3, 4, 5, 6, 7,                   \
                                             8, 9, 10, 11, 12, 13, 14, 15,             \
                                             0, 1, 2, 3, 4, 5, 6, 7))

// K[t], K[t + 1] in both halves, a memory operand of the add.
#define KPAIR(t) _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(td_sha512_k + (t))))

#define STORE_WK(s, x) \
    _mm256_store_si256((__m256i *)(wk + 4 * (s)), _mm256_add_epi64((x), KPAIR(2 * (s))))

// Step s < 8: words 2s and 2s + 1 of both blocks, from memory.
#define LOAD_STEP(x, s)                                                                \
    do {                                                                               \
        x = BSWAP64_X4(_mm256_inserti128_si256(                                        \
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(pa + 16 * (s)))), \
            _mm_loadu_si128((const __m128i *)(pb + 16 * (s))), 1));                    \
        STORE_WK(s, x);                                                                \
    } while (0)

// Step s >= 8, with the eight registers named from the oldest: x0 becomes
// the newest pair.
#define EXPAND_STEP(x0, x1, x4, x5, x7, s)                                             \
    do {                                                                               \
        x0 = _mm256_add_epi64(x0, SSIG0_X4(_mm256_alignr_epi8(x1, x0, 8)));            \
        x0 = _mm256_add_epi64(x0, _mm256_alignr_epi8(x5, x4, 8));                      \
        x0 = _mm256_add_epi64(x0, SSIG1_X4(x7));                                       \
        STORE_WK(s, x0);                                                               \
    } while (0)

// Eight steps bring the register names back to where they started.
#define EXPAND_STEP_AT(j, s)                                                           \
    EXPAND_STEP(x[(j) & 7], x[((j) + 1) & 7], x[((j) + 4) & 7], x[((j) + 5) & 7],      \
                x[((j) + 7) & 7], (s))

// The rounds: FIPS 180-4, with the big sigmas as three parallel rotations
// (RORX leaves its source intact, so the nested form of sha512_portable.c
// saves nothing here and lengthens the chain). The rounds, not the schedule,
// set the speed: with the schedule removed a block takes as long within 5%.
// They are bound by latency and by ports together (the ~24 operations of a
// round all wait for the round before, and RORX runs on two ports only), so
// both chains are cut to 4 cycles a round at the cost of two more additions:
//  - e: d + h + W + K is summed before e is known, then Ch and Sigma1 are
//    added to d and to h separately, instead of d += (h + Ch + Sigma1);
//  - a: Maj(a, b, c) = (~(b ^ c) & b) + ((b ^ c) & a), two disjoint halves of
//    which only the second waits for a; b ^ c is the last round's a ^ b.
// Against Ch/Maj in the portable form (d += h after Sigma1, one Maj term):
// 1.04x on Sapphire Rapids; the same order written as inline assembly, with
// the critical operations first, measured within noise of this C.
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))

#define ROUND(a, b, c, d, e, f, g, h, wkt, ab, bc)       \
    do {                                                 \
        h += (wkt);                                      \
        d += h;                                          \
        const uint64_t ch_ = (((f) ^ (g)) & (e)) ^ (g);  \
        const uint64_t s1_ = BSIG1(e);                   \
        d += ch_;                                        \
        h += ch_;                                        \
        d += s1_;                                        \
        h += s1_;                                        \
        h += ~(bc) & (b);                                \
        h += (bc) & (a);                                 \
        ab = (a) ^ (b);                                  \
        h += BSIG0(a);                                   \
    } while (0)

// Two rounds, words w[0] and w[1] of a pair.
#define ROUND2(a, b, c, d, e, f, g, h, w)                \
    ROUND(a, b, c, d, e, f, g, h, (w)[0], u, v);         \
    ROUND(h, a, b, c, d, e, f, g, (w)[1], v, u)

// Eight rounds from wk pairs p[0], p[4], p[8], p[12] (one block's half of
// four steps); the names come back to where they started.
#define ROUND8(p)                                        \
    ROUND2(a, b, c, d, e, f, g, h, (p));                 \
    ROUND2(g, h, a, b, c, d, e, f, (p) + 4);             \
    ROUND2(e, f, g, h, a, b, c, d, (p) + 8);             \
    ROUND2(c, d, e, f, g, h, a, b, (p) + 12)

// Compresses one block from its W + K words in wk (every fourth pair from
// off: 0 for block A, 2 for block B) into the working variables.
#define ROUNDS_80(off)                                                   \
    do {                                                                 \
        const uint64_t a0 = a, b0 = b, c0 = c, d0 = d;                   \
        const uint64_t e0 = e, f0 = f, g0 = g, h0 = h;                   \
        uint64_t u, v = b ^ c;                                           \
        for (size_t k = 0; k < 160; k += 16) {                           \
            ROUND8(wk + (off) + k);                                      \
        }                                                                \
        a += a0; b += b0; c += c0; d += d0;                              \
        e += e0; f += f0; g += g0; h += h0;                              \
    } while (0)

void TD_SHA512_BLOCKS(td_sha512_state *state, const uint8_t *data, size_t nblocks)
{
    uint64_t a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
    uint64_t e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
    _Alignas(32) uint64_t wk[160];
    __m256i x[8];

    for (;;) {
        // An odd last block goes in both halves; its second copy is not run.
        const uint8_t *pa = data, *pb = nblocks >= 2 ? data + 128 : data;

        LOAD_STEP(x[0], 0); LOAD_STEP(x[1], 1); LOAD_STEP(x[2], 2); LOAD_STEP(x[3], 3);
        LOAD_STEP(x[4], 4); LOAD_STEP(x[5], 5); LOAD_STEP(x[6], 6); LOAD_STEP(x[7], 7);

        // Block A's rounds 16i .. 16i + 15 read steps 8i .. 8i + 7 while the
        // vector units make steps 8i + 8 .. 8i + 15: the two streams of work
        // share the core's ports and neither waits for the other.
        {
            const uint64_t a0 = a, b0 = b, c0 = c, d0 = d;
            const uint64_t e0 = e, f0 = f, g0 = g, h0 = h;
            uint64_t u, v = b ^ c;
            for (int i = 0; i < 4; i++) {
                const uint64_t *p = wk + 32 * i;
                ROUND2(a, b, c, d, e, f, g, h, p);      EXPAND_STEP_AT(0, 8 * i + 8);
                ROUND2(g, h, a, b, c, d, e, f, p + 4);  EXPAND_STEP_AT(1, 8 * i + 9);
                ROUND2(e, f, g, h, a, b, c, d, p + 8);  EXPAND_STEP_AT(2, 8 * i + 10);
                ROUND2(c, d, e, f, g, h, a, b, p + 12); EXPAND_STEP_AT(3, 8 * i + 11);
                ROUND2(a, b, c, d, e, f, g, h, p + 16); EXPAND_STEP_AT(4, 8 * i + 12);
                ROUND2(g, h, a, b, c, d, e, f, p + 20); EXPAND_STEP_AT(5, 8 * i + 13);
                ROUND2(e, f, g, h, a, b, c, d, p + 24); EXPAND_STEP_AT(6, 8 * i + 14);
                ROUND2(c, d, e, f, g, h, a, b, p + 28); EXPAND_STEP_AT(7, 8 * i + 15);
            }
            ROUND8(wk + 128);
            ROUND8(wk + 144);
            a += a0; b += b0; c += c0; d += d0;
            e += e0; f += f0; g += g0; h += h0;
        }
        if (nblocks < 2)
            break;
        ROUNDS_80(2);
        nblocks -= 2;
        if (nblocks == 0)
            break;
        data += 256;
    }

    state->h[0] = a; state->h[1] = b; state->h[2] = c; state->h[3] = d;
    state->h[4] = e; state->h[5] = f; state->h[6] = g; state->h[7] = h;
}
