/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function: scalar rounds with BMI2 RORX, the
 * message schedule of two blocks at a time in AVX2 registers. Needs AVX2, BMI2
 * and BMI1; compiled with -mavx2 -mbmi2 -mbmi.
 */
#if defined(__GNUC__) && (!defined(__AVX2__) || !defined(__BMI2__) || !defined(__BMI__))
#error "sha512_avx2.c must be compiled with -mavx2 -mbmi2 -mbmi"
#endif

#include <immintrin.h>

#include "../td_backend.h"
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

// Where vector operations take one cycle the rounds, not the schedule, set the
// speed; where they take two the schedule's chain is the longer one, and
// sha512_avx512_scalar.c shortens it (docs/performance-notes.md, "Backend
// forms: figures from the code"). The rounds are sha512_x2_body.h's scalar
// ones.

#define TD_SHA512_BLOCKS td_sha512_blocks_avx2
#include "sha512_x2_body.h"
