/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 on 8 lanes in YMM registers: the block and state transposes
 * and the driver around sha256_lanes_body.h. Needs AVX2. The including file
 * defines the round primitives for __m256i first (LANES_ADD, LANES_SET1, the
 * sigmas, LANES_CH, LANES_MAJ: see sha256_lanes_body.h) and gets sha256_x8_run, the
 * contract of td_sha256_blocks_many_fn for 1 <= n <= 8.
 */

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"

#ifndef LANES_ADD
#error "sha256_lanes_x8.h: define the round primitives for __m256i first"
#endif

#define LANES_V __m256i
#define LANES_FN sha256_x8_compress
#define LANES_LOAD(w, data, off) sha256_x8_load_words((w), (data), (off))

// r[i] holds row i (8 words); afterwards r[j] holds word j of every row: pairs
// of words, pairs of pairs within each 128-bit half, then the halves. Written
// out: with loops, GCC 12 at -O2 passes the rows through memory between the
// steps (docs/performance-notes.md, "Backend forms: figures from the code").
#define X8_UNPACK32(i)                                       \
    do {                                                     \
        t[i] = _mm256_unpacklo_epi32(r[i], r[(i) + 1]);      \
        t[(i) + 1] = _mm256_unpackhi_epi32(r[i], r[(i) + 1]); \
    } while (0)
// u[4g + j], half q: word 4q + j of rows 4g .. 4g + 3.
#define X8_UNPACK64(g)                                              \
    do {                                                            \
        u[(g) + 0] = _mm256_unpacklo_epi64(t[g], t[(g) + 2]);       \
        u[(g) + 1] = _mm256_unpackhi_epi64(t[g], t[(g) + 2]);       \
        u[(g) + 2] = _mm256_unpacklo_epi64(t[(g) + 1], t[(g) + 3]); \
        u[(g) + 3] = _mm256_unpackhi_epi64(t[(g) + 1], t[(g) + 3]); \
    } while (0)
#define X8_HALVES(j)                                                      \
    do {                                                                  \
        r[j] = _mm256_permute2x128_si256(u[j], u[4 + (j)], 0x20);         \
        r[4 + (j)] = _mm256_permute2x128_si256(u[j], u[4 + (j)], 0x31);   \
    } while (0)
static TD_ALWAYS_INLINE void sha256_x8_transpose(__m256i r[8])
{
    __m256i t[8], u[8];
    X8_UNPACK32(0);
    X8_UNPACK32(2);
    X8_UNPACK32(4);
    X8_UNPACK32(6);
    X8_UNPACK64(0);
    X8_UNPACK64(4);
    X8_HALVES(0);
    X8_HALVES(1);
    X8_HALVES(2);
    X8_HALVES(3);
}
#undef X8_UNPACK32
#undef X8_UNPACK64
#undef X8_HALVES

// w[j] = big-endian word j of the block at data[lane] + off, every lane.
#define X8_LOAD(i)                                                                   \
    do {                                                                             \
        const __m256i *p_ = (const __m256i *)(const void *)(data[i] + off);         \
        w[i] = _mm256_shuffle_epi8(_mm256_loadu_si256(p_), bswap);                   \
        w[8 + (i)] = _mm256_shuffle_epi8(_mm256_loadu_si256(p_ + 1), bswap);         \
    } while (0)
static TD_ALWAYS_INLINE void sha256_x8_load_words(__m256i w[16], const uint8_t *const *data,
                                                  size_t off)
{
    const __m256i bswap = _mm256_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL,
                                            0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    X8_LOAD(0);
    X8_LOAD(1);
    X8_LOAD(2);
    X8_LOAD(3);
    X8_LOAD(4);
    X8_LOAD(5);
    X8_LOAD(6);
    X8_LOAD(7);
    sha256_x8_transpose(w);
    sha256_x8_transpose(w + 8);
}
#undef X8_LOAD

#include "sha256_lanes_body.h"

// Lanes 0 .. k-1 (1 <= k <= 8) through the 8-lane kernel; the missing lanes
// repeat lane 0's blocks into a state that is thrown away. Flattened, so that
// the state stays in registers from the loads to the stores.
#define X8_STATE_LOAD(m) \
    ((m) < k ? _mm256_loadu_si256((const __m256i *)states[m]->h) : _mm256_setzero_si256())
#define X8_STATE_STORE(m)                                                 \
    do {                                                                  \
        if ((m) < k)                                                      \
            _mm256_storeu_si256((__m256i *)states[m]->h, r[m]);           \
    } while (0)
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void sha256_x8_run(td_sha256_state *const *states, const uint8_t *const *data, size_t k,
                   size_t nblocks, const uint8_t *const *tail, size_t ntail,
                   const td_sha256_shared_block *last)
{
    const uint8_t *p[8] = { 0 };
    __m256i r[8] = { X8_STATE_LOAD(0), X8_STATE_LOAD(1), X8_STATE_LOAD(2), X8_STATE_LOAD(3),
                     X8_STATE_LOAD(4), X8_STATE_LOAD(5), X8_STATE_LOAD(6), X8_STATE_LOAD(7) };
    sha256_x8_transpose(r);
    TD_LANES_SEGMENTS(sha256_x8_compress, r, p, 8, k, data, nblocks, tail, ntail,
                      last != NULL ? last->wk : NULL);
    sha256_x8_transpose(r);
    X8_STATE_STORE(0);
    X8_STATE_STORE(1);
    X8_STATE_STORE(2);
    X8_STATE_STORE(3);
    X8_STATE_STORE(4);
    X8_STATE_STORE(5);
    X8_STATE_STORE(6);
    X8_STATE_STORE(7);
}
#undef X8_STATE_LOAD
#undef X8_STATE_STORE

#undef LANES_V
#undef LANES_FN
#undef LANES_LOAD
