/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 on 8 lanes in YMM registers: the block and state transposes
 * and the driver around sha256_lanes_body.h. Needs AVX2. The including file
 * defines the round primitives for __m256i first (LANES_ADD, LANES_SET1, the
 * sigmas, LANES_CH, LANES_MAJ: see sha256_lanes_body.h) and gets
 *   static void run_x8(td_sha256_state *const *states, const uint8_t *const *data,
 *                      size_t k, size_t nblocks)
 * for lanes 0 .. k-1, 1 <= k <= 8.
 */

#define LANES_V __m256i
#define LANES_FN compress_x8
#define LANES_LOAD(w, data, off) load_words_x8((w), (data), (off))

// r[i] holds row i (8 words); afterwards r[j] holds word j of every row:
// pairs of words, pairs of pairs within each 128-bit half, then the halves.
static inline void transpose8(__m256i r[8])
{
    __m256i t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
    }
    // u[4g + j], half q: word 4q + j of rows 4g .. 4g + 3.
    for (int g = 0; g < 8; g += 4) {
        u[g + 0] = _mm256_unpacklo_epi64(t[g], t[g + 2]);
        u[g + 1] = _mm256_unpackhi_epi64(t[g], t[g + 2]);
        u[g + 2] = _mm256_unpacklo_epi64(t[g + 1], t[g + 3]);
        u[g + 3] = _mm256_unpackhi_epi64(t[g + 1], t[g + 3]);
    }
    for (int j = 0; j < 4; j++) {
        r[j] = _mm256_permute2x128_si256(u[j], u[4 + j], 0x20);
        r[4 + j] = _mm256_permute2x128_si256(u[j], u[4 + j], 0x31);
    }
}

// w[j] = big-endian word j of the block at data[lane] + off, every lane.
static inline void load_words_x8(__m256i w[16], const uint8_t *const *data, size_t off)
{
    const __m256i bswap = _mm256_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL,
                                            0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    for (int i = 0; i < 8; i++) {
        const __m256i *p = (const __m256i *)(data[i] + off);
        w[i] = _mm256_shuffle_epi8(_mm256_loadu_si256(p), bswap);
        w[8 + i] = _mm256_shuffle_epi8(_mm256_loadu_si256(p + 1), bswap);
    }
    transpose8(w);
    transpose8(w + 8);
}

#include "sha256_lanes_body.h"

// Lanes 0 .. k-1 (1 <= k <= 8) through the 8-lane kernel; the missing lanes
// repeat lane 0's blocks into a state that is thrown away.
static void run_x8(td_sha256_state *const *states, const uint8_t *const *data, size_t k,
                   size_t nblocks)
{
    const uint8_t *p[8];
    __m256i r[8];
    for (size_t i = 0; i < 8; i++) {
        p[i] = data[i < k ? i : 0];
        r[i] = i < k ? _mm256_loadu_si256((const __m256i *)states[i]->h) : _mm256_setzero_si256();
    }
    transpose8(r);
    compress_x8(r, p, nblocks);
    transpose8(r);
    for (size_t i = 0; i < k; i++)
        _mm256_storeu_si256((__m256i *)states[i]->h, r[i]);
}

#undef LANES_V
#undef LANES_FN
#undef LANES_LOAD
