/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 block function for x86 CPUs with SSSE3 but no SHA extensions
 * or AVX2: message schedule four words at a time in SSE registers, scalar
 * rounds. Needs SSSE3; compiled with -mssse3.
 */
#if defined(__GNUC__) && !defined(__SSSE3__)
#error "sha256_ssse3.c must be compiled with -mssse3"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

#define TD_V                 __m128i
#define V_WORDS              4
#define V_ADD(a, b)          _mm_add_epi32(a, b)
#define V_XOR(a, b)          _mm_xor_si128(a, b)
#define V_SRL(v, n)          _mm_srli_epi32(v, n)
#define V_SLL(v, n)          _mm_slli_epi32(v, n)
#define V_SRLQ(v, n)         _mm_srli_epi64(v, n)
#define V_ALIGNR(hi, lo, n)  _mm_alignr_epi8(hi, lo, n)
#define V_SHUF(v, imm)       _mm_shuffle_epi32(v, imm)
#define V_SHUFB(v, m)        _mm_shuffle_epi8(v, m)
#define V_LOAD4(p)           _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, v)        _mm_storeu_si128((__m128i *)(void *)(p), v)

#include "sha256_body.h"

void td_sha256_blocks_ssse3(td_sha256_state *state, const uint8_t *data, size_t nblocks)
{
    const __m128i bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    _Alignas(16) uint32_t wk[64];

    for (; nblocks > 0; nblocks--, data += 64) {
        sha256_pass(state->h,
                    _mm_shuffle_epi8(V_LOAD4(data), bswap),
                    _mm_shuffle_epi8(V_LOAD4(data + 16), bswap),
                    _mm_shuffle_epi8(V_LOAD4(data + 32), bswap),
                    _mm_shuffle_epi8(V_LOAD4(data + 48), bswap), wk);
    }
}
