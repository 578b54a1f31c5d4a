/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 block function for x86 CPUs with SSSE3 but no SHA extensions or
 * AVX2: message schedule four words at a time in SSE registers, scalar
 * rounds. Needs SSSE3; compiled with -mssse3.
 */
#if defined(__GNUC__) && !defined(__SSSE3__)
#error "sha1_ssse3.c must be compiled with -mssse3"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

#define TD_V                 __m128i
#define V_WORDS              4
#define V_ADD(a, b)          _mm_add_epi32(a, b)
#define V_XOR(a, b)          _mm_xor_si128(a, b)
#define V_OR(a, b)           _mm_or_si128(a, b)
#define V_SRL(v, n)          _mm_srli_epi32(v, n)
#define V_SLL(v, n)          _mm_slli_epi32(v, n)
#define V_SRLB(v, n)         _mm_srli_si128(v, n)
#define V_SLLB(v, n)         _mm_slli_si128(v, n)
#define V_ALIGNR(hi, lo, n)  _mm_alignr_epi8(hi, lo, n)
#define V_SET1(k)            _mm_set1_epi32((int)(k))
#define V_STORE(p, v)        _mm_storeu_si128((__m128i *)(void *)(p), v)

#include "sha1_body.h"

void td_sha1_blocks_ssse3(td_sha1_state *state, const uint8_t *data, size_t nblocks)
{
    const __m128i bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    _Alignas(16) uint32_t wk[80];

    for (; nblocks > 0; nblocks--, data += 64) {
        sha1_pass(state->h,
                  _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)data), bswap),
                  _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 16)), bswap),
                  _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 32)), bswap),
                  _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(data + 48)), bswap),
                  wk);
    }
}
