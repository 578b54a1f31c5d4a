/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function: scalar rounds with BMI2 RORX, the
 * message schedule of two blocks at a time in AVX2 registers. Needs AVX2, BMI2
 * and BMI1; compiled with -mavx2 -mbmi2 -mbmi.
 */
#if defined(__GNUC__) && (!defined(__AVX2__) || !defined(__BMI2__) || !defined(__BMI__))
#error "sha512_avx2.c must be compiled with -mavx2 -mbmi2 -mbmi"
#endif

#include <immintrin.h>

#include "../td_internal.h"
#include "backends.h"

// AVX2 has no 64-bit rotate: each rotation is two shifts, except sigma0's
// rotation by 8, which is one byte shuffle.
#define ROR8_X4(x)                                                                     \
    _mm256_shuffle_epi8((x), _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9,             \
                                             0, 7, 6, 5, 4, 3, 2, 1,                   \
                                             8, 15, 14, 13, 12, 11, 10, 9,             \
                                             0, 7, 6, 5, 4, 3, 2, 1))

// sigma0(x) = x >>> 1 ^ x >>> 8 ^ x >> 7
static inline __m256i ssig0_x4(__m256i x)
{
    const __m256i r1 = _mm256_xor_si256(_mm256_srli_epi64(x, 1), _mm256_slli_epi64(x, 63));
    return _mm256_xor_si256(_mm256_xor_si256(r1, ROR8_X4(x)), _mm256_srli_epi64(x, 7));
}

// sigma1(x) = x >>> 19 ^ x >>> 61 ^ x >> 6
static inline __m256i ssig1_x4(__m256i x)
{
    const __m256i r19 = _mm256_xor_si256(_mm256_srli_epi64(x, 19), _mm256_slli_epi64(x, 45));
    const __m256i r61 = _mm256_xor_si256(_mm256_srli_epi64(x, 61), _mm256_slli_epi64(x, 3));
    return _mm256_xor_si256(_mm256_xor_si256(r19, r61), _mm256_srli_epi64(x, 6));
}

#define SSIG0_X4(x) ssig0_x4(x)
#define SSIG1_X4(x) ssig1_x4(x)

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

#define ROUND(wkt)                                                     \
    do {                                                               \
        h += (wkt);                                                    \
        d += h;                                                        \
        const uint64_t ch_ = ((f ^ g) & e) ^ g;                        \
        const uint64_t s1_ = BSIG1(e);                                 \
        d += ch_;                                                      \
        h += ch_;                                                      \
        d += s1_;                                                      \
        h += s1_;                                                      \
        h += ~bc & b;                                                  \
        h += bc & a;                                                   \
        bc = a ^ b;                                                    \
        h += BSIG0(a);                                                 \
        const uint64_t new_a_ = h;                                     \
        h = g; g = f; f = e; e = d; d = c; c = b; b = a; a = new_a_;   \
    } while (0)

#define ROUND_VARS uint64_t bc // b ^ c
#define ROUNDS_BEGIN bc = b ^ c

#define TD_SHA512_BLOCKS td_sha512_blocks_avx2
#include "sha512_x2_body.h"
