/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t on the many path, 8 messages at once in the
 * 64-bit elements of ZMM registers (VPRORQ, VPTERNLOGQ), or 4 at once in YMM
 * registers. Needs AVX-512F, BW and VL; compiled with -mavx512f -mavx512bw
 * -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512VL__))
#error "sha512_avx512_x8.c needs -mavx512f -mavx512bw -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

// Sigma0, Sigma1 and the message sigmas as three rotations (or shifts) and
// one three-way XOR; Ch and Maj as one VPTERNLOGQ each (0xb8: g, e, f ->
// e ? f : g, with g first because VPTERNLOGQ overwrites its first operand
// and g's last use is Ch, see sha512_lanes_body.h; 0xe8: majority).
#define LANES_V __m512i
#define LANES_FN compress_x8
#define LANES_ADD(a, b) _mm512_add_epi64((a), (b))
#define LANES_SUB(a, b) _mm512_sub_epi64((a), (b))
#define LANES_SET1(x) _mm512_set1_epi64((long long)(x))
#define LANES_XOR3(x, y, z) _mm512_ternarylogic_epi64((x), (y), (z), 0x96)
#define LANES_BSIG0(x) LANES_XOR3(_mm512_ror_epi64((x), 28), _mm512_ror_epi64((x), 34), _mm512_ror_epi64((x), 39))
#define LANES_BSIG1(x) LANES_XOR3(_mm512_ror_epi64((x), 14), _mm512_ror_epi64((x), 18), _mm512_ror_epi64((x), 41))
// sigma0's rotation by 8 as a byte shuffle, which can take a pipe the rotates
// and shifts do not (docs/performance-notes.md, "Backend forms: figures from
// the code").
#define ROR8_BYTES _mm512_broadcast_i32x4(_mm_set_epi64x(0x080f0e0d0c0b0a09LL, 0x0007060504030201LL))
#define LANES_SSIG0(x) \
    LANES_XOR3(_mm512_ror_epi64((x), 1), _mm512_shuffle_epi8((x), ROR8_BYTES), _mm512_srli_epi64((x), 7))
#define LANES_SSIG1(x) LANES_XOR3(_mm512_ror_epi64((x), 19), _mm512_ror_epi64((x), 61), _mm512_srli_epi64((x), 6))
#define LANES_CH(e, f, g) _mm512_ternarylogic_epi64((g), (e), (f), 0xb8)
#define LANES_MAJ(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xe8)
#define LANES_LOAD(w, data, off) load_words_x8((w), (data), (off))

// r[i] holds row i (8 words); afterwards r[j] holds word j of every row.
// Pairs of words within each 128-bit chunk, then two rounds of chunk
// shuffles (24 one-port shuffles), written out so that GCC keeps the
// intermediate rows in registers.
static inline void transpose8(__m512i r[8])
{
    // t0: words 0, 2, 4, 6 of rows 0 and 1; t1: words 1, 3, 5, 7; and so on.
    const __m512i t0 = _mm512_unpacklo_epi64(r[0], r[1]), t1 = _mm512_unpackhi_epi64(r[0], r[1]);
    const __m512i t2 = _mm512_unpacklo_epi64(r[2], r[3]), t3 = _mm512_unpackhi_epi64(r[2], r[3]);
    const __m512i t4 = _mm512_unpacklo_epi64(r[4], r[5]), t5 = _mm512_unpackhi_epi64(r[4], r[5]);
    const __m512i t6 = _mm512_unpacklo_epi64(r[6], r[7]), t7 = _mm512_unpackhi_epi64(r[6], r[7]);
    // u0: words 0, 4, 0, 4 of rows 01, 01, 23, 23 (0x88: chunks 0 and 2 of
    // each source; 0xdd: chunks 1 and 3); u1 words 2, 6; u2 1, 5; u3 3, 7.
    const __m512i u0 = _mm512_shuffle_i64x2(t0, t2, 0x88), u1 = _mm512_shuffle_i64x2(t0, t2, 0xdd);
    const __m512i u2 = _mm512_shuffle_i64x2(t1, t3, 0x88), u3 = _mm512_shuffle_i64x2(t1, t3, 0xdd);
    const __m512i u4 = _mm512_shuffle_i64x2(t4, t6, 0x88), u5 = _mm512_shuffle_i64x2(t4, t6, 0xdd);
    const __m512i u6 = _mm512_shuffle_i64x2(t5, t7, 0x88), u7 = _mm512_shuffle_i64x2(t5, t7, 0xdd);
    r[0] = _mm512_shuffle_i64x2(u0, u4, 0x88);
    r[4] = _mm512_shuffle_i64x2(u0, u4, 0xdd);
    r[2] = _mm512_shuffle_i64x2(u1, u5, 0x88);
    r[6] = _mm512_shuffle_i64x2(u1, u5, 0xdd);
    r[1] = _mm512_shuffle_i64x2(u2, u6, 0x88);
    r[5] = _mm512_shuffle_i64x2(u2, u6, 0xdd);
    r[3] = _mm512_shuffle_i64x2(u3, u7, 0x88);
    r[7] = _mm512_shuffle_i64x2(u3, u7, 0xdd);
}

// w[j] = big-endian word j of the block at data[lane] + off, every lane:
// each lane's 128 bytes are two rows, one per 8x8 transpose.
static inline void load_words_x8(__m512i w[16], const uint8_t *const *data, size_t off)
{
    const __m512i bswap = _mm512_broadcast_i32x4(
        _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL));
    for (int i = 0; i < 8; i++) {
        const uint8_t *p = data[i] + off;
        w[i] = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)p), bswap);
        w[8 + i] = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)(p + 64)), bswap);
    }
    transpose8(w);
    transpose8(w + 8);
}

#include "sha512_lanes_body.h"

#undef LANES_V
#undef LANES_FN
#undef LANES_ADD
#undef LANES_SUB
#undef LANES_SET1
#undef LANES_XOR3
#undef LANES_BSIG0
#undef LANES_BSIG1
#undef LANES_SSIG0
#undef LANES_SSIG1
#undef LANES_CH
#undef LANES_MAJ
#undef LANES_LOAD
#undef ROR8_BYTES

// The same 4 lanes at a time in YMM registers (AVX-512VL: VPRORQ and
// VPTERNLOGQ on 256 bits, which may have more ports than on 512).
#define LANES_ADD(a, b) _mm256_add_epi64((a), (b))
#define LANES_SUB(a, b) _mm256_sub_epi64((a), (b))
#define LANES_SET1(x) _mm256_set1_epi64x((long long)(x))
#define LANES_XOR3(x, y, z) _mm256_ternarylogic_epi64((x), (y), (z), 0x96)
#define LANES_BSIG0(x) LANES_XOR3(_mm256_ror_epi64((x), 28), _mm256_ror_epi64((x), 34), _mm256_ror_epi64((x), 39))
#define LANES_BSIG1(x) LANES_XOR3(_mm256_ror_epi64((x), 14), _mm256_ror_epi64((x), 18), _mm256_ror_epi64((x), 41))
#define LANES_SSIG0(x) LANES_XOR3(_mm256_ror_epi64((x), 1), _mm256_ror_epi64((x), 8), _mm256_srli_epi64((x), 7))
#define LANES_SSIG1(x) LANES_XOR3(_mm256_ror_epi64((x), 19), _mm256_ror_epi64((x), 61), _mm256_srli_epi64((x), 6))
#define LANES_CH(e, f, g) _mm256_ternarylogic_epi64((g), (e), (f), 0xb8)
#define LANES_MAJ(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xe8)
#include "sha512_lanes_x4.h"

// Lanes 0 .. n-1 (1 <= n <= 8) through the 8-lane kernel, the shared block
// in the same pass; the missing lanes repeat lane 0's blocks into a state
// that is thrown away (lane 0's).
void td_sha512_blocks_many_avx512_x8(td_sha512_state *const *states, const uint8_t *const *data,
                                     size_t n, size_t nblocks, const uint8_t *const *tail,
                                     size_t ntail, const td_sha512_shared_block *last)
{
    const uint8_t *p[8] = { 0 };
    __m512i r[8];
    for (size_t i = 0; i < 8; i++)
        r[i] = _mm512_loadu_si512((const void *)states[i < n ? i : 0]->h);
    transpose8(r);
    TD_LANES_SEGMENTS(compress_x8, r, p, 8, n, data, nblocks, tail, ntail,
                      last != NULL ? last->wk : NULL);
    transpose8(r);
    for (size_t i = 0; i < n; i++)
        _mm512_storeu_si512((void *)states[i]->h, r[i]);
}

void td_sha512_blocks_many_avx512_x4(td_sha512_state *const *states, const uint8_t *const *data,
                                     size_t n, size_t nblocks, const uint8_t *const *tail,
                                     size_t ntail, const td_sha512_shared_block *last)
{
    sha512_x4_run(states, data, n, nblocks, tail, ntail, last);
}
