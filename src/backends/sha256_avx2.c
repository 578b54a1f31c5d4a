/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 block function for x86-64 without the SHA extensions: two
 * blocks' message schedules at once in AVX2, scalar rounds with BMI2 RORX
 * and BMI1 ANDN. Needs AVX2, BMI1 and BMI2; compiled with -mavx2 -mbmi -mbmi2.
 */
#if defined(__GNUC__) && !(defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__))
#error "sha256_avx2.c must be compiled with -mavx2 -mbmi -mbmi2"
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
#define V_SRL(v, n)          _mm256_srli_epi32(v, n)
#define V_SLL(v, n)          _mm256_slli_epi32(v, n)
#define V_SRLQ(v, n)         _mm256_srli_epi64(v, n)
#define V_ALIGNR(hi, lo, n)  _mm256_alignr_epi8(hi, lo, n)
#define V_SHUF(v, imm)       _mm256_shuffle_epi32(v, imm)
#define V_SHUFB(v, m)        _mm256_shuffle_epi8(v, m)
#define V_LOAD4(p)           _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define V_STORE(p, v)        _mm256_storeu_si256((__m256i *)(void *)(p), v)

#include "sha256_body.h"
#include "avx2_two_blocks.h"

TD_AVX2_TWO_BLOCKS_FUNCTION(td_sha256_blocks_avx2, td_sha256_state, sha256_pass, sha256_rounds_wk, 128)
