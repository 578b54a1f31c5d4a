/* SPDX-License-Identifier: Apache-2.0
 * The SHA-384/512 block function of sha512_avx2.c, sha512_avx512.c and
 * sha512_avx512_scalar.c: the message schedule of two blocks at a time in the
 * two 128-bit halves of YMM registers, run between the rounds of the first
 * block, and (unless the including file brings its own) the rounds in
 * general-purpose registers. Not a standalone header.
 */

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "pin.h"
#include "sha2_constants.h"

#ifndef TD_SHA512_BLOCKS
#error "sha512_x2_body.h: define TD_SHA512_BLOCKS first"
#endif

// An including file defines, before including this one:
//   TD_SHA512_BLOCKS       the function's name
// and is compiled with at least -mavx2 -mbmi2 -mbmi. It may define:
//   SSIG0_X4(x), SSIG1_X4(x)
//                          FIPS 180-4 sigma0 and sigma1 of each 64-bit lane
//                          of an __m256i; by default AVX-512VL rotates and a
//                          three-input XOR (compiled with -mavx512vl)
//   ROUND(wkt)             one round with W[t] + K[t] = wkt, passing the
//                          variables on (h = g, g = f, ...) by assignment;
//                          by default the scalar round below
//   ROUND_VARS             declarations of whatever the rounds keep beside
//                          the working variables a .. h
//   ROUNDS_BEGIN           sets those from a .. h at the start of a block

#ifndef SSIG0_X4
// 0x96 is the truth table of a ^ b ^ c.
#define XOR3_X4(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)

// sigma0(x) = x >>> 1 ^ x >>> 8 ^ x >> 7, sigma1(x) = x >>> 19 ^ x >>> 61 ^ x >> 6
#define SSIG0_X4(x) XOR3_X4(_mm256_ror_epi64((x), 1), _mm256_ror_epi64((x), 8), _mm256_srli_epi64((x), 7))
#define SSIG1_X4(x) XOR3_X4(_mm256_ror_epi64((x), 19), _mm256_ror_epi64((x), 61), _mm256_srli_epi64((x), 6))
#endif

#ifndef ROUND
// FIPS 180-4's big sigmas as three parallel rotations: RORX leaves its
// source intact, so the nested form of sha512_portable.c saves nothing here
// and lengthens the chain.
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))

// A round is about 24 operations that all wait, in the end, for the round
// before, so both its chain length and its operation count set the pace.
// This form closes each chain the soonest of the forms measured, with 24
// operations:
//  - e' = d + h + W + K + Ch(e, f, g) + Sigma1(e): d + h + W + K is summed
//    before e is known; Ch is two disjoint halves, e & f and ~e & g, that
//    can be added one by one; Sigma1, the longest term, comes last.
//  - a' = e' - d + Maj(a, b, c) + Sigma0(a), with Maj(a, b, c) =
//    (~(b ^ c) & b) + ((b ^ c) & a): (~(b ^ c) & b) - d is ready early, and
//    b ^ c is the last round's a ^ b. a' waits for e' and then for
//    Sigma0(a), so a runs behind e and its chain is no longer.
// The textbook T1 + T2 form takes 22 operations but longer chains (the
// forms measured against this one: docs/performance-notes.md).
#define ROUND(wkt)                                                             \
    do {                                                                       \
        uint64_t new_e_ = h + (wkt);                                           \
        new_e_ += d;                                                           \
        PIN_SCALAR(new_e_);                                                    \
        new_e_ += e & f;                                                       \
        new_e_ += ~e & g;                                                      \
        PIN_SCALAR(new_e_);                                                    \
        new_e_ += BSIG1(e);                                                    \
        uint64_t maj_minus_d_ = (~bc & b) - d;                                 \
        maj_minus_d_ += bc & a;                                                \
        PIN_SCALAR(maj_minus_d_);                                              \
        bc = a ^ b;                                                            \
        uint64_t new_a_ = new_e_ + maj_minus_d_;                               \
        PIN_SCALAR(new_a_);                                                    \
        new_a_ += BSIG0(a);                                                    \
        h = g; g = f; f = e; e = new_e_;                                       \
        d = c; c = b; b = a; a = new_a_;                                       \
    } while (0)

#define ROUND_VARS uint64_t bc // b ^ c
#define ROUNDS_BEGIN bc = b ^ c
#endif

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

// Two rounds from the pair at p; eight from the pairs p, p + 4, p + 8, p + 12
// (one block's half of four steps).
#define ROUND2(p) ROUND((p)[0]); ROUND((p)[1])
#define ROUND8(p) ROUND2(p); ROUND2((p) + 4); ROUND2((p) + 8); ROUND2((p) + 12)

// A block's rounds start from a .. h and add them back at the end.
#define BLOCK_BEGIN                                                                    \
    const uint64_t a0 = a, b0 = b, c0 = c, d0 = d;                                     \
    const uint64_t e0 = e, f0 = f, g0 = g, h0 = h;                                     \
    ROUNDS_BEGIN
#define BLOCK_END                                                                      \
    a += a0; b += b0; c += c0; d += d0;                                                \
    e += e0; f += f0; g += g0; h += h0

void TD_SHA512_BLOCKS(td_sha512_state *state, const uint8_t *data, size_t nblocks)
{
    uint64_t a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
    uint64_t e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
    ROUND_VARS;
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
            BLOCK_BEGIN;
            for (int i = 0; i < 4; i++) {
                const uint64_t *p = wk + 32 * i;
                ROUND2(p);      EXPAND_STEP_AT(0, 8 * i + 8);
                ROUND2(p + 4);  EXPAND_STEP_AT(1, 8 * i + 9);
                ROUND2(p + 8);  EXPAND_STEP_AT(2, 8 * i + 10);
                ROUND2(p + 12); EXPAND_STEP_AT(3, 8 * i + 11);
                ROUND2(p + 16); EXPAND_STEP_AT(4, 8 * i + 12);
                ROUND2(p + 20); EXPAND_STEP_AT(5, 8 * i + 13);
                ROUND2(p + 24); EXPAND_STEP_AT(6, 8 * i + 14);
                ROUND2(p + 28); EXPAND_STEP_AT(7, 8 * i + 15);
            }
            ROUND8(wk + 128);
            ROUND8(wk + 144);
            BLOCK_END;
        }
        if (nblocks < 2)
            break;
        {
            BLOCK_BEGIN;
            for (size_t k = 0; k < 160; k += 16) {
                ROUND8(wk + 2 + k);
            }
            BLOCK_END;
        }
        nblocks -= 2;
        if (nblocks == 0)
            break;
        data += 256;
    }

    state->h[0] = a; state->h[1] = b; state->h[2] = c; state->h[3] = d;
    state->h[4] = e; state->h[5] = f; state->h[6] = g; state->h[7] = h;
}
