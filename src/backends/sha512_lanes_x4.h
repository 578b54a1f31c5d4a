/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 on 4 lanes in YMM registers: the block and state transposes and
 * the driver around sha512_lanes_body.h. Needs AVX2. The including file
 * defines the round primitives for __m256i first (LANES_ADD, LANES_SUB,
 * LANES_SET1, the sigmas, LANES_CH, LANES_MAJ: see sha512_lanes_body.h) and
 * gets
 *   static void sha512_x4_run(td_sha512_state *const *states, const uint8_t *const *data,
 *                      size_t k, size_t nblocks, const uint8_t *const *tail,
 *                      size_t ntail, const td_sha512_shared_block *last)
 * for lanes 0 .. k-1, 1 <= k <= 4: the blocks_many contract of td_backend.h.
 */

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"

#ifndef LANES_ADD
#error "sha512_lanes_x4.h: define the round primitives for __m256i first"
#endif

#define LANES_V __m256i
#define LANES_FN sha512_x4_compress
#define LANES_LOAD(w, data, off) sha512_x4_load_words((w), (data), (off))

// r[i] holds row i (4 words); afterwards r[j] holds word j of every row:
// pairs of words within each 128-bit half, then the halves.
static inline void sha512_x4_transpose(__m256i r[4])
{
    const __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]); // words 0, 2 of rows 0, 1
    const __m256i t1 = _mm256_unpackhi_epi64(r[0], r[1]); // words 1, 3
    const __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    const __m256i t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

// w[j] = big-endian word j of the block at data[lane] + off, every lane:
// four 4 x 4 transposes, one per 32 bytes of the block.
static inline void sha512_x4_load_words(__m256i w[16], const uint8_t *const *data, size_t off)
{
    const __m256i bswap = _mm256_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL,
                                            0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    for (int q = 0; q < 4; q++) {
        for (int i = 0; i < 4; i++) {
            const __m256i *p = (const __m256i *)(data[i] + off) + q;
            w[4 * q + i] = _mm256_shuffle_epi8(_mm256_loadu_si256(p), bswap);
        }
        sha512_x4_transpose(w + 4 * q);
    }
}

#include "sha512_lanes_body.h"

// Lanes 0 .. k-1 (1 <= k <= 4) through the 4-lane kernel, the shared block
// in the same pass; the missing lanes repeat lane 0's blocks into a state
// that is thrown away.
static void sha512_x4_run(td_sha512_state *const *states, const uint8_t *const *data, size_t k,
                   size_t nblocks, const uint8_t *const *tail, size_t ntail,
                   const td_sha512_shared_block *last)
{
    const uint8_t *p[4] = { 0 };
    __m256i r[8];
    for (size_t i = 0; i < 4; i++) {
        const __m256i *h = (const __m256i *)states[i < k ? i : 0]->h;
        r[i] = _mm256_loadu_si256(h);
        r[4 + i] = _mm256_loadu_si256(h + 1);
    }
    sha512_x4_transpose(r);
    sha512_x4_transpose(r + 4);
    TD_LANES_SEGMENTS(sha512_x4_compress, r, p, 4, k, data, nblocks, tail, ntail,
                      last != NULL ? last->wk : NULL);
    sha512_x4_transpose(r);
    sha512_x4_transpose(r + 4);
    for (size_t i = 0; i < k; i++) {
        __m256i *h = (__m256i *)states[i]->h;
        _mm256_storeu_si256(h, r[i]);
        _mm256_storeu_si256(h + 1, r[4 + i]);
    }
}

#undef LANES_V
#undef LANES_FN
#undef LANES_LOAD
