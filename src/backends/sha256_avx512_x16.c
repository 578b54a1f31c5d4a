/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 on the many path, 16 messages at once in the 32-bit elements of
 * ZMM registers (VPROLD, VPTERNLOGD), or 8 at once in YMM registers. Needs
 * AVX-512F, BW and VL; compiled with -mavx512f -mavx512bw -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__))
#error "sha256_avx512_x16.c needs -mavx512f -mavx512bw -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_internal.h"
#include "backends.h"

// Sigma0, Sigma1 and the message sigmas as three rotations (or shifts) and
// one three-way XOR; Ch and Maj as one VPTERNLOGD each (0xb8: g, e, f ->
// e ? f : g, with g first because VPTERNLOGD overwrites its first operand
// and g's last use is Ch, see the body; 0xe8: majority).
#define LANES_V __m512i
#define LANES_FN compress_x16
#define LANES_ADD(a, b) _mm512_add_epi32((a), (b))
#define LANES_SET1(x) _mm512_set1_epi32((int)(x))
#define LANES_XOR3(x, y, z) _mm512_ternarylogic_epi32((x), (y), (z), 0x96)
#define LANES_BSIG0(x) LANES_XOR3(_mm512_ror_epi32((x), 2), _mm512_ror_epi32((x), 13), _mm512_ror_epi32((x), 22))
#define LANES_BSIG1(x) LANES_XOR3(_mm512_ror_epi32((x), 6), _mm512_ror_epi32((x), 11), _mm512_ror_epi32((x), 25))
#define LANES_SSIG0(x) LANES_XOR3(_mm512_ror_epi32((x), 7), _mm512_ror_epi32((x), 18), _mm512_srli_epi32((x), 3))
#define LANES_SSIG1(x) LANES_XOR3(_mm512_ror_epi32((x), 17), _mm512_ror_epi32((x), 19), _mm512_srli_epi32((x), 10))
#define LANES_CH(e, f, g) _mm512_ternarylogic_epi32((g), (e), (f), 0xb8)
#define LANES_MAJ(a, b, c) _mm512_ternarylogic_epi32((a), (b), (c), 0xe8)
#define LANES_LOAD(w, data, off) load_words_x16((w), (data), (off))

// r[i] holds row i (16 words); afterwards r[j] holds column j: word j of
// every row. Pairs of words, then pairs of pairs within each 128-bit part,
// then the 128-bit parts themselves in two steps.
static inline void transpose16(__m512i r[16])
{
    __m512i t[16];
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    // r[4g + j], part q: word 4q + j of rows 4g .. 4g + 3.
    for (int g = 0; g < 16; g += 4) {
        r[g + 0] = _mm512_unpacklo_epi64(t[g], t[g + 2]);
        r[g + 1] = _mm512_unpackhi_epi64(t[g], t[g + 2]);
        r[g + 2] = _mm512_unpacklo_epi64(t[g + 1], t[g + 3]);
        r[g + 3] = _mm512_unpackhi_epi64(t[g + 1], t[g + 3]);
    }
    for (int j = 0; j < 4; j++) {
        const __m512i v0 = _mm512_shuffle_i32x4(r[j], r[4 + j], 0x44);
        const __m512i v1 = _mm512_shuffle_i32x4(r[j], r[4 + j], 0xee);
        const __m512i v2 = _mm512_shuffle_i32x4(r[8 + j], r[12 + j], 0x44);
        const __m512i v3 = _mm512_shuffle_i32x4(r[8 + j], r[12 + j], 0xee);
        t[j] = _mm512_shuffle_i32x4(v0, v2, 0x88);
        t[4 + j] = _mm512_shuffle_i32x4(v0, v2, 0xdd);
        t[8 + j] = _mm512_shuffle_i32x4(v1, v3, 0x88);
        t[12 + j] = _mm512_shuffle_i32x4(v1, v3, 0xdd);
    }
    for (int i = 0; i < 16; i++)
        r[i] = t[i];
}

// w[j] = big-endian word j of the block at data[lane] + off, every lane.
static inline void load_words_x16(__m512i w[16], const uint8_t *const *data, size_t off)
{
    const __m512i bswap = _mm512_broadcast_i32x4(
        _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));
    for (int i = 0; i < 16; i++)
        w[i] = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)(data[i] + off)), bswap);
    transpose16(w);
}

#include "sha256_lanes_body.h"

#undef LANES_V
#undef LANES_FN
#undef LANES_ADD
#undef LANES_SET1
#undef LANES_XOR3
#undef LANES_BSIG0
#undef LANES_BSIG1
#undef LANES_SSIG0
#undef LANES_SSIG1
#undef LANES_CH
#undef LANES_MAJ
#undef LANES_LOAD

// The same 8 lanes at a time in YMM registers (AVX-512VL: VPROLD and
// VPTERNLOGD on 256 bits, which have three ports on Sapphire Rapids, not two).
#define LANES_ADD(a, b) _mm256_add_epi32((a), (b))
#define LANES_SET1(x) _mm256_set1_epi32((int)(x))
#define LANES_XOR3(x, y, z) _mm256_ternarylogic_epi32((x), (y), (z), 0x96)
#define LANES_BSIG0(x) LANES_XOR3(_mm256_ror_epi32((x), 2), _mm256_ror_epi32((x), 13), _mm256_ror_epi32((x), 22))
#define LANES_BSIG1(x) LANES_XOR3(_mm256_ror_epi32((x), 6), _mm256_ror_epi32((x), 11), _mm256_ror_epi32((x), 25))
#define LANES_SSIG0(x) LANES_XOR3(_mm256_ror_epi32((x), 7), _mm256_ror_epi32((x), 18), _mm256_srli_epi32((x), 3))
#define LANES_SSIG1(x) LANES_XOR3(_mm256_ror_epi32((x), 17), _mm256_ror_epi32((x), 19), _mm256_srli_epi32((x), 10))
#define LANES_CH(e, f, g) _mm256_ternarylogic_epi32((g), (e), (f), 0xb8)
#define LANES_MAJ(a, b, c) _mm256_ternarylogic_epi32((a), (b), (c), 0xe8)
#include "sha256_lanes_x8.h"

// Eight rows of eight words in each 256-bit half: afterwards r[j] holds word
// j of every row, half by half (the same transpose twice, side by side).
static inline void transpose8x2(__m512i r[8])
{
    const __m512i lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    const __m512i hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    __m512i t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
    }
    // u[4g + j], 128-bit part q: word 4 (q mod 2) + j of rows 4g .. 4g + 3.
    for (int g = 0; g < 8; g += 4) {
        u[g + 0] = _mm512_unpacklo_epi64(t[g], t[g + 2]);
        u[g + 1] = _mm512_unpackhi_epi64(t[g], t[g + 2]);
        u[g + 2] = _mm512_unpacklo_epi64(t[g + 1], t[g + 3]);
        u[g + 3] = _mm512_unpackhi_epi64(t[g + 1], t[g + 3]);
    }
    for (int j = 0; j < 4; j++) {
        r[j] = _mm512_permutex2var_epi64(u[j], lo, u[4 + j]);
        r[4 + j] = _mm512_permutex2var_epi64(u[j], hi, u[4 + j]);
    }
}

// Lanes 0 .. k-1 (1 <= k <= 16) through the 16-lane kernel; the missing
// lanes repeat lane 0's blocks into a state that is thrown away. Row m of
// the state transpose is lane m's state beside lane m + 8's.
static void run_x16(td_sha256_state *const *states, const uint8_t *const *data, size_t k,
                    size_t nblocks)
{
    const uint8_t *p[16];
    __m512i r[8];
    for (size_t i = 0; i < 16; i++)
        p[i] = data[i < k ? i : 0];
    for (size_t m = 0; m < 8; m++) {
        const __m256i lo = m < k ? _mm256_loadu_si256((const __m256i *)states[m]->h)
                                 : _mm256_setzero_si256();
        const __m256i hi = m + 8 < k ? _mm256_loadu_si256((const __m256i *)states[m + 8]->h)
                                     : _mm256_setzero_si256();
        r[m] = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    }
    transpose8x2(r);
    compress_x16(r, p, nblocks);
    transpose8x2(r);
    for (size_t m = 0; m < 8 && m < k; m++) {
        _mm256_storeu_si256((__m256i *)states[m]->h, _mm512_castsi512_si256(r[m]));
        if (m + 8 < k)
            _mm256_storeu_si256((__m256i *)states[m + 8]->h, _mm512_extracti64x4_epi64(r[m], 1));
    }
}

void td_sha256_blocks_many_avx512_x16(td_sha256_state *const *states, const uint8_t *const *data,
                                      size_t n, size_t nblocks, const td_sha256_shared_block *last)
{
    if (nblocks != 0)
        run_x16(states, data, n, nblocks);
    if (last != NULL) {
        const uint8_t *same[16];
        for (size_t i = 0; i < n; i++)
            same[i] = last->bytes;
        run_x16(states, same, n, 1);
    }
}

void td_sha256_blocks_many_avx512_x8(td_sha256_state *const *states, const uint8_t *const *data,
                                     size_t n, size_t nblocks, const td_sha256_shared_block *last)
{
    if (nblocks != 0)
        run_x8(states, data, n, nblocks);
    if (last != NULL) {
        const uint8_t *same[8];
        for (size_t i = 0; i < n; i++)
            same[i] = last->bytes;
        run_x8(states, same, n, 1);
    }
}
