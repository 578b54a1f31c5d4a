/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 block function for x86-64 without the SHA extensions: two blocks'
 * message schedules at once in AVX2, scalar rounds with RORX and ANDN.
 * Needs AVX2, BMI1 and BMI2; compiled with -mavx2 -mbmi -mbmi2.
 */
#if defined(__GNUC__) && !(defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__))
#error "sha1_avx2.c must be compiled with -mavx2 -mbmi -mbmi2"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

// Block i in the low 128-bit half of each register, block i + 1 in the high
// half: one schedule instruction serves both blocks.
#define TD_V                 __m256i
#define V_WORDS              8
#define V_ADD(a, b)          _mm256_add_epi32(a, b)
#define V_XOR(a, b)          _mm256_xor_si256(a, b)
#define V_OR(a, b)           _mm256_or_si256(a, b)
#define V_SRL(v, n)          _mm256_srli_epi32(v, n)
#define V_SLL(v, n)          _mm256_slli_epi32(v, n)
#define V_SRLB(v, n)         _mm256_srli_si256(v, n)
#define V_SLLB(v, n)         _mm256_slli_si256(v, n)
#define V_ALIGNR(hi, lo, n)  _mm256_alignr_epi8(hi, lo, n)
#define V_SET1(k)            _mm256_set1_epi32((int)(k))
#define V_STORE(p, v)        _mm256_storeu_si256((__m256i *)(void *)(p), v)

#include "sha1_body.h"
#include "avx2_two_blocks.h"

TD_AVX2_TWO_BLOCKS_FUNCTION(td_sha1_blocks_avx2, td_sha1_state, sha1_pass, sha1_rounds_wk, 160)
