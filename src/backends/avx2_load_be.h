/* SPDX-License-Identifier: Apache-2.0
 * Big-endian 32-bit message words of two blocks side by side, one block in
 * each 128-bit half of a YMM register: how sha1_avx2.c and sha256_avx2.c
 * feed their two-block message schedules. Include after <immintrin.h>, in a
 * file compiled with -mavx2.
 */
#ifndef TD_AVX2_LOAD_BE_H
#define TD_AVX2_LOAD_BE_H

#include <stdint.h>

// The VPSHUFB mask that swaps the bytes of every 32-bit word.
static inline __m256i bswap32_mask(void)
{
    return _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
}

// 16 bytes at p and at q, in the low and high halves, as big-endian words.
static inline __m256i load_be2(const uint8_t *p, const uint8_t *q, __m256i bswap)
{
    const __m256i v = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p)),
        _mm_loadu_si128((const __m128i *)(const void *)q), 1);
    return _mm256_shuffle_epi8(v, bswap);
}

#endif // TD_AVX2_LOAD_BE_H
