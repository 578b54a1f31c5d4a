/* SPDX-License-Identifier: Apache-2.0
 * The block function of sha1_avx2.c and sha256_avx2.c: two blocks' message
 * schedules at once, one block in each 128-bit half of a YMM register, and
 * the big-endian loads that feed them, for a file compiled with -mavx2.
 */
#ifndef TD_AVX2_TWO_BLOCKS_H
#define TD_AVX2_TWO_BLOCKS_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

// The VPSHUFB mask that swaps the bytes of every 32-bit word.
static inline __m256i two_blocks_bswap32(void)
{
    return _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
}

// 16 bytes at p and at q, in the low and high halves, as big-endian words.
static inline __m256i two_blocks_load_be2(const uint8_t *p, const uint8_t *q, __m256i bswap)
{
    const __m256i v = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p)),
        _mm_loadu_si128((const __m128i *)(const void *)q), 1);
    return _mm256_shuffle_epi8(v, bswap);
}

// void name(state_type *state, const uint8_t *data, size_t nblocks), from
//   pass(h, w0, w1, w2, w3, wk)  the rounds of the block in the low halves of
//                                w0..w3 (its words 0-3, ..., 12-15), leaving
//                                both blocks' W + K in wk, four words of one
//                                block then four of the other
//   rounds_wk(h, wk)             the rounds of a block from its W + K
// and wk_words, the size of wk (twice the rounds).
#define TD_AVX2_TWO_BLOCKS_FUNCTION(name, state_type, pass, rounds_wk, wk_words)          \
    void name(state_type *state, const uint8_t *data, size_t nblocks)                     \
    {                                                                                     \
        const __m256i bswap = two_blocks_bswap32();                                       \
        _Alignas(32) uint32_t wk[wk_words];                                               \
        for (; nblocks >= 2; nblocks -= 2, data += 128) {                                 \
            pass(state->h, two_blocks_load_be2(data, data + 64, bswap),                   \
                 two_blocks_load_be2(data + 16, data + 80, bswap),                        \
                 two_blocks_load_be2(data + 32, data + 96, bswap),                        \
                 two_blocks_load_be2(data + 48, data + 112, bswap), wk);                  \
            rounds_wk(state->h, wk + 4);                                                  \
        }                                                                                 \
        if (nblocks) {                                                                    \
            /* The last odd block goes in both halves; the high half's words go           \
               unused. */                                                                 \
            pass(state->h, two_blocks_load_be2(data, data, bswap),                        \
                 two_blocks_load_be2(data + 16, data + 16, bswap),                        \
                 two_blocks_load_be2(data + 32, data + 32, bswap),                        \
                 two_blocks_load_be2(data + 48, data + 48, bswap), wk);                   \
        }                                                                                 \
        /* Clean upper halves before the caller's SSE code runs, whatever the             \
           compiler inlined: GCC 12 once left them dirty, and SSE code after              \
           them ran far slower (the notes' "Backend forms"). */                           \
        _mm256_zeroupper();                                                               \
    }

#endif // TD_AVX2_TWO_BLOCKS_H
