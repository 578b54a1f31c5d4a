/* SPDX-License-Identifier: Apache-2.0
 * Loading one block of each of 16 messages into ZMM registers, one message
 * per 32-bit lane; shared by the AVX-512 16-lane backends (md5_avx512_x16.c,
 * sha1_avx512_x16.c), each compiled with at least -mavx512f.
 */
#ifndef TD_LANES_AVX512_X16_H
#define TD_LANES_AVX512_X16_H

#include <immintrin.h>

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

#endif // TD_LANES_AVX512_X16_H
