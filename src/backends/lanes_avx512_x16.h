/* SPDX-License-Identifier: Apache-2.0
 * Loading one block of each of 16 messages into ZMM registers, one message
 * per 32-bit lane, and the states in and out; shared by the AVX-512 16-lane
 * backends (md5_avx512_x16.c, sha1_avx512_x16.c, sha256_avx512_x16.c), each
 * compiled with at least -mavx512f.
 */
#ifndef TD_LANES_AVX512_X16_H
#define TD_LANES_AVX512_X16_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

// The 16 x 16 words of one 64-byte block of each lane, transposed so that
// lane i of w[k] is word k of lane i, bytes as in memory (little-endian).
// Four rounds of two-input shuffles, 64 in all: 32-bit and 64-bit
// interleaves within 128-bit chunks, then two rounds of 128-bit chunk
// shuffles (all on one port, as gathers would be; gathers are also slow
// under the Downfall microcode on Skylake-SP to Ice Lake). Each lane's load
// is exactly its block, p[i] + off. Written out in full: with loops, GCC 12
// at -O2 keeps the intermediate rows in memory.
#define TD_X16_LOAD(i) _mm512_loadu_si512((const void *)(p[i] + off))
// u[4m + j] chunk q: word 4q + j of lanes 4m..4m+3.
#define TD_X16_INTERLEAVE4(m, u0, u1, u2, u3)                                  \
    do {                                                                       \
        const __m512i r0 = TD_X16_LOAD(4 * (m)), r1 = TD_X16_LOAD(4 * (m) + 1); \
        const __m512i r2 = TD_X16_LOAD(4 * (m) + 2);                           \
        const __m512i r3 = TD_X16_LOAD(4 * (m) + 3);                           \
        const __m512i t0 = _mm512_unpacklo_epi32(r0, r1);                      \
        const __m512i t1 = _mm512_unpackhi_epi32(r0, r1);                      \
        const __m512i t2 = _mm512_unpacklo_epi32(r2, r3);                      \
        const __m512i t3 = _mm512_unpackhi_epi32(r2, r3);                      \
        u0 = _mm512_unpacklo_epi64(t0, t2);                                    \
        u1 = _mm512_unpackhi_epi64(t0, t2);                                    \
        u2 = _mm512_unpacklo_epi64(t1, t3);                                    \
        u3 = _mm512_unpackhi_epi64(t1, t3);                                    \
    } while (0)
// w[4q + j] from chunk q of u[j], u[4 + j], u[8 + j], u[12 + j].
#define TD_X16_GATHER4(j, x0, x1, x2, x3)                                      \
    do {                                                                       \
        const __m512i v0 = _mm512_shuffle_i32x4(x0, x1, 0x44); /* 0,1 | 0,1 */ \
        const __m512i v1 = _mm512_shuffle_i32x4(x0, x1, 0xee); /* 2,3 | 2,3 */ \
        const __m512i v2 = _mm512_shuffle_i32x4(x2, x3, 0x44);                 \
        const __m512i v3 = _mm512_shuffle_i32x4(x2, x3, 0xee);                 \
        w[j] = _mm512_shuffle_i32x4(v0, v2, 0x88);       /* 0,2 | 0,2 */       \
        w[4 + (j)] = _mm512_shuffle_i32x4(v0, v2, 0xdd); /* 1,3 | 1,3 */       \
        w[8 + (j)] = _mm512_shuffle_i32x4(v1, v3, 0x88);                       \
        w[12 + (j)] = _mm512_shuffle_i32x4(v1, v3, 0xdd);                      \
    } while (0)

static inline void td_x16_load_transposed(__m512i w[16], const uint8_t *const p[16], size_t off)
{
    __m512i u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15;
    TD_X16_INTERLEAVE4(0, u0, u1, u2, u3);
    TD_X16_INTERLEAVE4(1, u4, u5, u6, u7);
    TD_X16_INTERLEAVE4(2, u8, u9, u10, u11);
    TD_X16_INTERLEAVE4(3, u12, u13, u14, u15);
    TD_X16_GATHER4(0, u0, u4, u8, u12);
    TD_X16_GATHER4(1, u1, u5, u9, u13);
    TD_X16_GATHER4(2, u2, u6, u10, u14);
    TD_X16_GATHER4(3, u3, u7, u11, u15);
}

#undef TD_X16_LOAD
#undef TD_X16_INTERLEAVE4
#undef TD_X16_GATHER4

// Words 0..3 at h[i], every lane i, into v[0..3] (lane i of v[j] is h[i][j]):
// row m holds lanes m, m + 4, m + 8, m + 12 in its 128-bit chunks, and a 4 x
// 4 transpose within the chunks gives the columns (the same transpose takes
// them back), in place of 80 scalar moves and a vector load that misses
// store forwarding. Written out: with loops, GCC 12 keeps the rows in memory
// (docs/performance-notes.md, "Backend forms: figures from the code").
static inline void td_x16_transpose4(__m512i v[4], __m512i r0, __m512i r1, __m512i r2,
                                     __m512i r3)
{
    const __m512i t0 = _mm512_unpacklo_epi32(r0, r1);
    const __m512i t1 = _mm512_unpackhi_epi32(r0, r1);
    const __m512i t2 = _mm512_unpacklo_epi32(r2, r3);
    const __m512i t3 = _mm512_unpackhi_epi32(r2, r3);
    v[0] = _mm512_unpacklo_epi64(t0, t2);
    v[1] = _mm512_unpackhi_epi64(t0, t2);
    v[2] = _mm512_unpacklo_epi64(t1, t3);
    v[3] = _mm512_unpackhi_epi64(t1, t3);
}

#define TD_X16_LOAD128(i) _mm_loadu_si128((const __m128i *)(const void *)h[i])
#define TD_X16_ROW(m)                                                          \
    _mm512_inserti32x4(                                                        \
        _mm512_inserti32x4(                                                    \
            _mm512_inserti32x4(_mm512_castsi128_si512(TD_X16_LOAD128(m)),      \
                               TD_X16_LOAD128((m) + 4), 1),                    \
            TD_X16_LOAD128((m) + 8), 2),                                       \
        TD_X16_LOAD128((m) + 12), 3)
static inline void td_x16_load_words4(__m512i v[4], const uint32_t *const h[16])
{
    td_x16_transpose4(v, TD_X16_ROW(0), TD_X16_ROW(1), TD_X16_ROW(2), TD_X16_ROW(3));
}
#undef TD_X16_ROW
#undef TD_X16_LOAD128

// The inverse, for lanes 0 .. live-1 only.
#define TD_X16_STORE128(i, x)                                                  \
    do {                                                                       \
        if ((i) < live)                                                        \
            _mm_storeu_si128((__m128i *)(void *)h[i], x);                      \
    } while (0)
#define TD_X16_STORE_ROW(m, r)                                                 \
    do {                                                                       \
        TD_X16_STORE128(m, _mm512_castsi512_si128(r));                         \
        TD_X16_STORE128((m) + 4, _mm512_extracti32x4_epi32(r, 1));             \
        TD_X16_STORE128((m) + 8, _mm512_extracti32x4_epi32(r, 2));             \
        TD_X16_STORE128((m) + 12, _mm512_extracti32x4_epi32(r, 3));            \
    } while (0)
static inline void td_x16_store_words4(uint32_t *const h[16], size_t live, const __m512i v[4])
{
    __m512i r[4];
    td_x16_transpose4(r, v[0], v[1], v[2], v[3]);
    TD_X16_STORE_ROW(0u, r[0]);
    TD_X16_STORE_ROW(1u, r[1]);
    TD_X16_STORE_ROW(2u, r[2]);
    TD_X16_STORE_ROW(3u, r[3]);
}
#undef TD_X16_STORE_ROW
#undef TD_X16_STORE128

#if defined(__AVX512BW__)
// The same with the bytes of each word reversed: the big-endian words of
// SHA-1 and SHA-256 (VPSHUFB on ZMM needs AVX-512BW). Written out: with a
// loop, GCC 12 keeps w[] in memory.
static inline void td_x16_load_transposed_be(__m512i w[16], const uint8_t *const p[16], size_t off)
{
    const __m512i bswap = _mm512_set4_epi32(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203);
    td_x16_load_transposed(w, p, off);
    w[0] = _mm512_shuffle_epi8(w[0], bswap);
    w[1] = _mm512_shuffle_epi8(w[1], bswap);
    w[2] = _mm512_shuffle_epi8(w[2], bswap);
    w[3] = _mm512_shuffle_epi8(w[3], bswap);
    w[4] = _mm512_shuffle_epi8(w[4], bswap);
    w[5] = _mm512_shuffle_epi8(w[5], bswap);
    w[6] = _mm512_shuffle_epi8(w[6], bswap);
    w[7] = _mm512_shuffle_epi8(w[7], bswap);
    w[8] = _mm512_shuffle_epi8(w[8], bswap);
    w[9] = _mm512_shuffle_epi8(w[9], bswap);
    w[10] = _mm512_shuffle_epi8(w[10], bswap);
    w[11] = _mm512_shuffle_epi8(w[11], bswap);
    w[12] = _mm512_shuffle_epi8(w[12], bswap);
    w[13] = _mm512_shuffle_epi8(w[13], bswap);
    w[14] = _mm512_shuffle_epi8(w[14], bswap);
    w[15] = _mm512_shuffle_epi8(w[15], bswap);
}

// The same words another way: words 4q..4q+3 of lanes m, m + 4, m + 8 and m +
// 12 make one vector, a load and three broadcast loads merged under a mask (no
// shuffle), then a byte swap and a 4 x 4 transpose within the 128-bit chunks
// (td_x16_transpose4). 80 loads and 48 shuffles a block against 16 loads and
// 80 shuffles: for cores whose shuffles share their pipes with the rotates
// (docs/performance-notes.md, "Backend forms: figures from the code").
static inline __m512i td_x16_chunk_row(const uint8_t *const p[16], size_t off, int m, int q)
{
#define TD_X16_CHUNK(i) \
    _mm_loadu_si128((const __m128i *)(const void *)(p[i] + off + 16 * (size_t)q))
    const __m512i x = _mm512_castsi128_si512(TD_X16_CHUNK(m));
    const __m512i y = _mm512_mask_broadcast_i32x4(x, 0x00f0, TD_X16_CHUNK(m + 4));
    const __m512i z = _mm512_mask_broadcast_i32x4(y, 0x0f00, TD_X16_CHUNK(m + 8));
    return _mm512_mask_broadcast_i32x4(z, 0xf000, TD_X16_CHUNK(m + 12));
#undef TD_X16_CHUNK
}

static inline void td_x16_load_transposed_be_by_chunks(__m512i w[16], const uint8_t *const p[16],
                                                       size_t off)
{
    const __m512i bswap = _mm512_set4_epi32(0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203);
    // Written out: with a loop, GCC 12 at -O2 may keep the rows in memory.
#define TD_X16_ROW(m, q) _mm512_shuffle_epi8(td_x16_chunk_row(p, off, m, q), bswap)
#define TD_X16_QUARTER(q) \
    td_x16_transpose4(w + 4 * (q), TD_X16_ROW(0, q), TD_X16_ROW(1, q), TD_X16_ROW(2, q), TD_X16_ROW(3, q))
    TD_X16_QUARTER(0);
    TD_X16_QUARTER(1);
    TD_X16_QUARTER(2);
    TD_X16_QUARTER(3);
#undef TD_X16_QUARTER
#undef TD_X16_ROW
}
#endif

#endif // TD_LANES_AVX512_X16_H
