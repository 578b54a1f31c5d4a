/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function: scalar rounds with BMI2 RORX, the
 * message schedule of two blocks at a time in YMM registers with AVX-512VL
 * rotates and VPTERNLOGQ. Needs AVX-512F/VL, AVX2, BMI2 and BMI1; compiled
 * with -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512VL__) || !defined(__BMI2__) || \
                          !defined(__BMI__))
#error "sha512_avx512.c must be compiled with -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi"
#endif

#include <immintrin.h>

#include "../td_internal.h"
#include "backends.h"

// 0x96 is the truth table of a ^ b ^ c.
#define XOR3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)

// sigma0(x) = x >>> 1 ^ x >>> 8 ^ x >> 7, sigma1(x) = x >>> 19 ^ x >>> 61 ^ x >> 6
#define SSIG0_X4(x) XOR3(_mm256_ror_epi64((x), 1), _mm256_ror_epi64((x), 8), _mm256_srli_epi64((x), 7))
#define SSIG1_X4(x) XOR3(_mm256_ror_epi64((x), 19), _mm256_ror_epi64((x), 61), _mm256_srli_epi64((x), 6))

#define TD_SHA512_BLOCKS td_sha512_blocks_avx512
#include "sha512_rounds_body.h"
