/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] (SHA-3, SHAKE) on the many path, 8 states at once in the
 * 64-bit elements of 25 ZMM registers: theta's parities and chi as
 * VPTERNLOGQ, rho as VPROLQ, pi by renaming; or the same 4 states at once
 * in YMM registers. Needs AVX-512F and VL; compiled with -mavx512f
 * -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512VL__))
#error "sha3_avx512_x8.c needs -mavx512f -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "keccak_constants.h"

// The round over V, the vector type, and its operations; first on ZMM.
#define V __m512i
#define XOR(a, b) _mm512_xor_si512((a), (b))
#define XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define ROL(a, n) _mm512_rol_epi64((a), (n))
// a ^ (~b & c): 0xf0 ^ (~0xcc & 0xaa).
#define CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xd2)

// One round on the 25 lanes in A: theta's parities as two three-way XORs a
// column, rho and pi into b (written to the lane that pi moves each to,
// which costs no instruction: the compiler renames), chi along each row,
// iota's broadcast XOR.
#define KECCAK_ROUND(A, rc)                                                         \
    do {                                                                            \
        const V c0 = XOR3(XOR3(A[0], A[5], A[10]), A[15], A[20]);                   \
        const V c1 = XOR3(XOR3(A[1], A[6], A[11]), A[16], A[21]);                   \
        const V c2 = XOR3(XOR3(A[2], A[7], A[12]), A[17], A[22]);                   \
        const V c3 = XOR3(XOR3(A[3], A[8], A[13]), A[18], A[23]);                   \
        const V c4 = XOR3(XOR3(A[4], A[9], A[14]), A[19], A[24]);                   \
        const V d0 = XOR(c4, ROL(c1, 1));                                           \
        const V d1 = XOR(c0, ROL(c2, 1));                                           \
        const V d2 = XOR(c1, ROL(c3, 1));                                           \
        const V d3 = XOR(c2, ROL(c4, 1));                                           \
        const V d4 = XOR(c3, ROL(c0, 1));                                           \
        const V b0 = XOR(A[0], d0);                                                 \
        const V b1 = ROL(XOR(A[6], d1), 44);                                        \
        const V b2 = ROL(XOR(A[12], d2), 43);                                       \
        const V b3 = ROL(XOR(A[18], d3), 21);                                       \
        const V b4 = ROL(XOR(A[24], d4), 14);                                       \
        const V b5 = ROL(XOR(A[3], d3), 28);                                        \
        const V b6 = ROL(XOR(A[9], d4), 20);                                        \
        const V b7 = ROL(XOR(A[10], d0), 3);                                        \
        const V b8 = ROL(XOR(A[16], d1), 45);                                       \
        const V b9 = ROL(XOR(A[22], d2), 61);                                       \
        const V b10 = ROL(XOR(A[1], d1), 1);                                        \
        const V b11 = ROL(XOR(A[7], d2), 6);                                        \
        const V b12 = ROL(XOR(A[13], d3), 25);                                      \
        const V b13 = ROL(XOR(A[19], d4), 8);                                       \
        const V b14 = ROL(XOR(A[20], d0), 18);                                      \
        const V b15 = ROL(XOR(A[4], d4), 27);                                       \
        const V b16 = ROL(XOR(A[5], d0), 36);                                       \
        const V b17 = ROL(XOR(A[11], d1), 10);                                      \
        const V b18 = ROL(XOR(A[17], d2), 15);                                      \
        const V b19 = ROL(XOR(A[23], d3), 56);                                      \
        const V b20 = ROL(XOR(A[2], d2), 62);                                       \
        const V b21 = ROL(XOR(A[8], d3), 55);                                       \
        const V b22 = ROL(XOR(A[14], d4), 39);                                      \
        const V b23 = ROL(XOR(A[15], d0), 41);                                      \
        const V b24 = ROL(XOR(A[21], d1), 2);                                       \
        A[0] = XOR(CHI(b0, b1, b2), (rc)), A[1] = CHI(b1, b2, b3);                  \
        A[2] = CHI(b2, b3, b4), A[3] = CHI(b3, b4, b0), A[4] = CHI(b4, b0, b1);     \
        A[5] = CHI(b5, b6, b7), A[6] = CHI(b6, b7, b8), A[7] = CHI(b7, b8, b9);     \
        A[8] = CHI(b8, b9, b5), A[9] = CHI(b9, b5, b6);                             \
        A[10] = CHI(b10, b11, b12), A[11] = CHI(b11, b12, b13);                     \
        A[12] = CHI(b12, b13, b14), A[13] = CHI(b13, b14, b10);                     \
        A[14] = CHI(b14, b10, b11);                                                 \
        A[15] = CHI(b15, b16, b17), A[16] = CHI(b16, b17, b18);                     \
        A[17] = CHI(b17, b18, b19), A[18] = CHI(b18, b19, b15);                     \
        A[19] = CHI(b19, b15, b16);                                                 \
        A[20] = CHI(b20, b21, b22), A[21] = CHI(b21, b22, b23);                     \
        A[22] = CHI(b22, b23, b24), A[23] = CHI(b23, b24, b20);                     \
        A[24] = CHI(b24, b20, b21);                                                 \
    } while (0)

// Two rounds a pass, written out: the fastest form measured, and 5 KiB
// (docs/performance-notes.md, "Keccak-f[1600] in lanes").
static TD_ALWAYS_INLINE void keccak_f_x8(__m512i A[25])
{
    for (int r = 0; r < 24; r += 2) {
        KECCAK_ROUND(A, _mm512_set1_epi64((long long)td_keccak_rc[r]));
        KECCAK_ROUND(A, _mm512_set1_epi64((long long)td_keccak_rc[r + 1]));
    }
}

// r[i] holds 8 words of lane i; afterwards r[j] holds word j of every lane
// (unpacks of pairs, then two rounds of 128-bit chunk shuffles).
static TD_ALWAYS_INLINE void transpose8(__m512i r[8])
{
    const __m512i t0 = _mm512_unpacklo_epi64(r[0], r[1]), t1 = _mm512_unpackhi_epi64(r[0], r[1]);
    const __m512i t2 = _mm512_unpacklo_epi64(r[2], r[3]), t3 = _mm512_unpackhi_epi64(r[2], r[3]);
    const __m512i t4 = _mm512_unpacklo_epi64(r[4], r[5]), t5 = _mm512_unpackhi_epi64(r[4], r[5]);
    const __m512i t6 = _mm512_unpacklo_epi64(r[6], r[7]), t7 = _mm512_unpackhi_epi64(r[6], r[7]);
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

// XORs the 8 words at each lane's p[i] + off, those outside the mask read
// as zeros (a masked load suppresses their faults: only the block's words
// are read), into A[0 .. 8) as transposed rows.
static TD_ALWAYS_INLINE void absorb8(__m512i A[8], const uint8_t *const p[8], size_t off,
                                     __mmask8 m)
{
    __m512i r[8];
    for (size_t i = 0; i < 8; i++)
        r[i] = _mm512_maskz_loadu_epi64(m, (const void *)(p[i] + off));
    transpose8(r);
    for (size_t j = 0; j < 8; j++)
        A[j] = XOR(A[j], r[j]);
}

// nblocks >= 1 blocks of rate bytes from each lane's lanes[i]. Every rate
// has 9 to 21 words: 8, then up to 8 more, then up to 5, by masks set once;
// the rounds are written out once for every rate.
static void absorb(__m512i A[25], const uint8_t *const *lanes, size_t nblocks, size_t rate)
{
    const size_t words = rate / 8;
    const __mmask8 m1 = (__mmask8)(words >= 16 ? 0xff : (1u << (words - 8)) - 1);
    const __mmask8 m2 = (__mmask8)(words > 16 ? (1u << (words - 16)) - 1 : 0);
    const uint8_t *p[8];
    for (size_t i = 0; i < 8; i++)
        p[i] = lanes[i];
    do {
        absorb8(A, p, 0, 0xff);
        absorb8(A + 8, p, 64, m1);
        if (m2 != 0)
            absorb8(A + 16, p, 128, m2);
        keccak_f_x8(A);
        for (size_t i = 0; i < 8; i++)
            p[i] += rate;
    } while (--nblocks != 0);
}

// Lanes 0 .. n-1 (1 <= n <= 8); the missing lanes repeat lane 0's state and
// blocks and are not stored. The states' words go into the lanes by three
// 8x8 transposes and one set for a[24], and back the same way.
void td_sha3_blocks_many_avx512_x8(td_sha3_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, size_t rate)
{
    const uint64_t *s[8];
    for (size_t i = 0; i < 8; i++)
        s[i] = states[i < n ? i : 0]->a;
    __m512i A[25];
    for (size_t k = 0; k < 24; k += 8) {
        for (size_t i = 0; i < 8; i++)
            A[k + i] = _mm512_loadu_si512((const void *)(s[i] + k));
        transpose8(A + k);
    }
    A[24] = _mm512_set_epi64((long long)s[7][24], (long long)s[6][24], (long long)s[5][24],
                             (long long)s[4][24], (long long)s[3][24], (long long)s[2][24],
                             (long long)s[1][24], (long long)s[0][24]);
    const uint8_t *p[8];
    if (nblocks != 0) {
        td_lane_pointers(p, 8, data, n);
        absorb(A, p, nblocks, rate);
    }
    if (ntail != 0) {
        td_lane_pointers(p, 8, tail, n);
        absorb(A, p, ntail, rate);
    }
    _Alignas(64) uint64_t last[8];
    _mm512_store_si512((void *)last, A[24]);
    for (size_t k = 0; k < 24; k += 8) {
        transpose8(A + k);
        for (size_t i = 0; i < n; i++)
            _mm512_storeu_si512((void *)(states[i]->a + k), A[k + i]);
    }
    for (size_t i = 0; i < n; i++)
        states[i]->a[24] = last[i];
}

// The same rounds on 4 states in YMM registers (AVX-512VL): a pass costs
// about half an 8-lane one where a ZMM operation issues as two YMM ones
// (docs/performance-notes.md, "Keccak-f[1600] in lanes").
#undef V
#undef XOR
#undef XOR3
#undef ROL
#undef CHI
#define V __m256i
#define XOR(a, b) _mm256_xor_si256((a), (b))
#define XOR3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)
#define ROL(a, n) _mm256_rol_epi64((a), (n))
#define CHI(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xd2)

static TD_ALWAYS_INLINE void keccak_f_x4(__m256i A[25])
{
    for (int r = 0; r < 24; r += 2) {
        KECCAK_ROUND(A, _mm256_set1_epi64x((long long)td_keccak_rc[r]));
        KECCAK_ROUND(A, _mm256_set1_epi64x((long long)td_keccak_rc[r + 1]));
    }
}

// r[i] holds 4 words of lane i; afterwards r[j] holds word j of every lane.
static TD_ALWAYS_INLINE void transpose4(__m256i r[4])
{
    const __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    const __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

// absorb8's 4-word form: the words outside the mask read as zeros.
static TD_ALWAYS_INLINE void absorb4(__m256i A[4], const uint8_t *const p[4], size_t off,
                                     __mmask8 m)
{
    __m256i r[4];
    for (size_t i = 0; i < 4; i++)
        r[i] = _mm256_maskz_loadu_epi64(m, (const void *)(p[i] + off));
    transpose4(r);
    for (size_t j = 0; j < 4; j++)
        A[j] = XOR(A[j], r[j]);
}

// The rate's 9 to 21 words 4 at a time: 8 whole, then 4 groups by masks
// set once (none for the words past the rate).
static void absorb_x4(__m256i A[25], const uint8_t *const *lanes, size_t nblocks, size_t rate)
{
    const size_t words = rate / 8;
    __mmask8 m[4];
    for (size_t g = 0; g < 4; g++) {
        const size_t first = 8 + 4 * g;
        m[g] = (__mmask8)(words >= first + 4 ? 0xf
                          : words > first   ? (1u << (words - first)) - 1
                                            : 0);
    }
    const uint8_t *p[4];
    for (size_t i = 0; i < 4; i++)
        p[i] = lanes[i];
    do {
        absorb4(A, p, 0, 0xf);
        absorb4(A + 4, p, 32, 0xf);
        absorb4(A + 8, p, 64, m[0]);
        if (m[1] != 0)
            absorb4(A + 12, p, 96, m[1]);
        if (m[2] != 0)
            absorb4(A + 16, p, 128, m[2]);
        if (m[3] != 0)
            absorb4(A + 20, p, 160, m[3]);
        keccak_f_x4(A);
        for (size_t i = 0; i < 4; i++)
            p[i] += rate;
    } while (--nblocks != 0);
}

// Lanes 0 .. n-1 (1 <= n <= 4), as the 8-lane function.
void td_sha3_blocks_many_avx512_x4(td_sha3_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, size_t rate)
{
    const uint64_t *s[4];
    for (size_t i = 0; i < 4; i++)
        s[i] = states[i < n ? i : 0]->a;
    __m256i A[25];
    for (size_t k = 0; k < 24; k += 4) {
        for (size_t i = 0; i < 4; i++)
            A[k + i] = _mm256_loadu_si256((const void *)(s[i] + k));
        transpose4(A + k);
    }
    A[24] = _mm256_set_epi64x((long long)s[3][24], (long long)s[2][24], (long long)s[1][24],
                              (long long)s[0][24]);
    const uint8_t *p[4];
    if (nblocks != 0) {
        td_lane_pointers(p, 4, data, n);
        absorb_x4(A, p, nblocks, rate);
    }
    if (ntail != 0) {
        td_lane_pointers(p, 4, tail, n);
        absorb_x4(A, p, ntail, rate);
    }
    _Alignas(32) uint64_t last[4];
    _mm256_store_si256((void *)last, A[24]);
    for (size_t k = 0; k < 24; k += 4) {
        transpose4(A + k);
        for (size_t i = 0; i < n; i++)
            _mm256_storeu_si256((void *)(states[i]->a + k), A[k + i]);
    }
    for (size_t i = 0; i < n; i++)
        states[i]->a[24] = last[i];
}
