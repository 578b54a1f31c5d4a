/* SPDX-License-Identifier: Apache-2.0
 * SHA-512's small sigmas on the four 64-bit lanes of a YMM register with
 * AVX-512VL rotates and one three-input XOR each, for sha512_x2_body.h.
 * Needs -mavx512f -mavx512vl.
 */
#ifndef TD_BACKENDS_SHA512_SIGMA_AVX512_H
#define TD_BACKENDS_SHA512_SIGMA_AVX512_H

#include <immintrin.h>

// 0x96 is the truth table of a ^ b ^ c.
#define XOR3_X4(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)

// sigma0(x) = x >>> 1 ^ x >>> 8 ^ x >> 7, sigma1(x) = x >>> 19 ^ x >>> 61 ^ x >> 6
#define SSIG0_X4(x) XOR3_X4(_mm256_ror_epi64((x), 1), _mm256_ror_epi64((x), 8), _mm256_srli_epi64((x), 7))
#define SSIG1_X4(x) XOR3_X4(_mm256_ror_epi64((x), 19), _mm256_ror_epi64((x), 61), _mm256_srli_epi64((x), 6))

#endif
