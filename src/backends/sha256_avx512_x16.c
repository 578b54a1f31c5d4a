/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 on the many path, 16 messages at once in the 32-bit elements of
 * ZMM registers (VPROLD, VPTERNLOGD), or 8 at once in YMM registers. Needs
 * AVX-512F, BW and VL; compiled with -mavx512f -mavx512bw -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__))
#error "sha256_avx512_x16.c needs -mavx512f -mavx512bw -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "lanes_avx512_x16.h"

// Sigma0, Sigma1 and the message sigmas as three rotations (or shifts) and
// one three-way XOR; Ch and Maj as one VPTERNLOGD each (0xb8: g, e, f ->
// e ? f : g; 0xe8: majority).
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

// w[j] = big-endian word j of the block at data[lane] + off, every lane (the
// transpose written out: with loops, GCC 12 at -O2 passed the rows through
// memory between the shuffles; docs/performance-notes.md, "Backend forms:
// figures from the code").
static inline void load_words_x16(__m512i w[16], const uint8_t *const *data, size_t off)
{
    td_x16_load_transposed_be(w, data, off);
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
// VPTERNLOGD on 256 bits, which may have more ports than on 512).
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

// Rows 0..7 of eight words in each 256-bit half: afterwards r[j] holds word
// j of every row, half by half. Written out, as the block transpose.
#define X16_UNPACK32(i)                                      \
    do {                                                     \
        t[i] = _mm512_unpacklo_epi32(r[i], r[(i) + 1]);      \
        t[(i) + 1] = _mm512_unpackhi_epi32(r[i], r[(i) + 1]); \
    } while (0)
#define X16_UNPACK64(g)                                        \
    do {                                                       \
        u[(g) + 0] = _mm512_unpacklo_epi64(t[g], t[(g) + 2]);   \
        u[(g) + 1] = _mm512_unpackhi_epi64(t[g], t[(g) + 2]);   \
        u[(g) + 2] = _mm512_unpacklo_epi64(t[(g) + 1], t[(g) + 3]); \
        u[(g) + 3] = _mm512_unpackhi_epi64(t[(g) + 1], t[(g) + 3]); \
    } while (0)
#define X16_HALVES(j)                                                   \
    do {                                                                \
        r[j] = _mm512_permutex2var_epi64(u[j], lo, u[4 + (j)]);         \
        r[4 + (j)] = _mm512_permutex2var_epi64(u[j], hi, u[4 + (j)]);   \
    } while (0)
static TD_ALWAYS_INLINE void transpose8x2(__m512i r[8])
{
    const __m512i lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    const __m512i hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    __m512i t[8], u[8];
    X16_UNPACK32(0);
    X16_UNPACK32(2);
    X16_UNPACK32(4);
    X16_UNPACK32(6);
    // u[4g + j], 128-bit part q: word 4 (q mod 2) + j of rows 4g .. 4g + 3.
    X16_UNPACK64(0);
    X16_UNPACK64(4);
    X16_HALVES(0);
    X16_HALVES(1);
    X16_HALVES(2);
    X16_HALVES(3);
}
#undef X16_UNPACK32
#undef X16_UNPACK64
#undef X16_HALVES

// Row m of the state transpose: lane m's state beside lane m + 8's, zeros
// for lanes k and above.
#define X16_STATE_LOAD(m)                                                        \
    _mm512_inserti64x4(                                                          \
        _mm512_castsi256_si512((m) < k ? _mm256_loadu_si256((const __m256i *)states[m]->h) \
                                       : _mm256_setzero_si256()),               \
        (m) + 8 < k ? _mm256_loadu_si256((const __m256i *)states[(m) + 8]->h)   \
                    : _mm256_setzero_si256(), 1)
#define X16_STATE_STORE(m)                                                       \
    do {                                                                         \
        if ((m) < k)                                                             \
            _mm256_storeu_si256((__m256i *)states[m]->h, _mm512_castsi512_si256(r[m])); \
        if ((m) + 8 < k)                                                         \
            _mm256_storeu_si256((__m256i *)states[(m) + 8]->h,                   \
                                _mm512_extracti64x4_epi64(r[m], 1));             \
    } while (0)

// Lanes 0 .. k-1 (1 <= k <= 16) through the 16-lane kernel; the missing lanes
// repeat lane 0's blocks into a state that is thrown away. Flattened, so that
// the state and the words stay in registers (out of line, they went through
// memory; docs/performance-notes.md, "Backend forms: figures from the code").
#if defined(__GNUC__)
__attribute__((flatten))
#endif
static void run_x16(td_sha256_state *const *states, const uint8_t *const *data, size_t k,
                    size_t nblocks, const uint8_t *const *tail, size_t ntail,
                    const td_sha256_shared_block *last)
{
    const uint8_t *p[16] = { 0 };
    __m512i r[8] = { X16_STATE_LOAD(0), X16_STATE_LOAD(1), X16_STATE_LOAD(2), X16_STATE_LOAD(3),
                     X16_STATE_LOAD(4), X16_STATE_LOAD(5), X16_STATE_LOAD(6), X16_STATE_LOAD(7) };
    transpose8x2(r);
    TD_LANES_SEGMENTS(compress_x16, r, p, 16, k, data, nblocks, tail, ntail,
                      last != NULL ? last->wk : NULL);
    transpose8x2(r);
    X16_STATE_STORE(0);
    X16_STATE_STORE(1);
    X16_STATE_STORE(2);
    X16_STATE_STORE(3);
    X16_STATE_STORE(4);
    X16_STATE_STORE(5);
    X16_STATE_STORE(6);
    X16_STATE_STORE(7);
}
#undef X16_STATE_LOAD
#undef X16_STATE_STORE

void td_sha256_blocks_many_avx512_x16(td_sha256_state *const *states, const uint8_t *const *data,
                                      size_t n, size_t nblocks, const uint8_t *const *tail,
                                      size_t ntail, const td_sha256_shared_block *last)
{
    run_x16(states, data, n, nblocks, tail, ntail, last);
}

void td_sha256_blocks_many_avx512_x8(td_sha256_state *const *states, const uint8_t *const *data,
                                     size_t n, size_t nblocks, const uint8_t *const *tail,
                                     size_t ntail, const td_sha256_shared_block *last)
{
    sha256_x8_run(states, data, n, nblocks, tail, ntail, last);
}
