/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] (SHA-3, SHAKE) on the many path, 4 states at once in the
 * 64-bit elements of YMM registers: rotations as two shifts and an OR, or
 * one byte shuffle for 8 and 56; chi as ANDN and XOR. The 25 lanes and
 * theta's 10 words do not fit in 16 registers: the compiler keeps the state
 * on the stack and loads each lane where a round uses it. Needs AVX2;
 * compiled with -mavx2.
 */
#if defined(__GNUC__) && !defined(__AVX2__)
#error "sha3_avx2_x4.c needs -mavx2"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "keccak_constants.h"

#define XOR(a, b) _mm256_xor_si256((a), (b))
#define XOR3(a, b, c) XOR(XOR((a), (b)), (c))
// Rotations by 8 and 56 move whole bytes: VPSHUFB, one instruction of a
// port the shifts do not need; the others two shifts and an OR.
#define ROL(a, n)                                                                            \
    ((n) == 8 ? _mm256_shuffle_epi8((a), rol8)                                               \
     : (n) == 56 ? _mm256_shuffle_epi8((a), rol56)                                           \
                 : _mm256_or_si256(_mm256_slli_epi64((a), (n)), _mm256_srli_epi64((a), 64 - (n))))
// a ^ (~b & c).
#define CHI(a, b, c) XOR((a), _mm256_andnot_si256((b), (c)))

// Chi along one row, from its five lanes after theta, rho and pi, into
// E[5y .. 5y + 5).
#define CHI_ROW(E, y, b0, b1, b2, b3, b4)                                     \
    do {                                                                      \
        const __m256i e0 = (b0), e1 = (b1), e2 = (b2), e3 = (b3), e4 = (b4);  \
        E[5 * (y) + 0] = CHI(e0, e1, e2);                                     \
        E[5 * (y) + 1] = CHI(e1, e2, e3);                                     \
        E[5 * (y) + 2] = CHI(e2, e3, e4);                                     \
        E[5 * (y) + 3] = CHI(e3, e4, e0);                                     \
        E[5 * (y) + 4] = CHI(e4, e0, e1);                                     \
    } while (0)

// Theta's column parities of row y's new lanes added into n0 .. n4.
#define PARITY_ROW(E, y)                                                      \
    (n0 = XOR(n0, E[5 * (y)]), n1 = XOR(n1, E[5 * (y) + 1]),                  \
     n2 = XOR(n2, E[5 * (y) + 2]), n3 = XOR(n3, E[5 * (y) + 3]),              \
     n4 = XOR(n4, E[5 * (y) + 4]))

// One round from the lanes in A to E, row by row of the output: each row's
// five lanes (theta's mix d, rho's rotation, pi's choice of lane), chi, and
// its share of the next round's parities, so that those come from the
// registers chi leaves them in rather than from the state on the stack
// (docs/performance-notes.md, "Keccak-f[1600] in lanes"); c0 .. c4 hold
// A's parities on the way in and E's on the way out.
#define KECCAK_ROUND(A, E, rc)                                                                 \
    do {                                                                                       \
        const __m256i d0 = XOR(c4, ROL(c1, 1)), d1 = XOR(c0, ROL(c2, 1));                      \
        const __m256i d2 = XOR(c1, ROL(c3, 1)), d3 = XOR(c2, ROL(c4, 1));                      \
        const __m256i d4 = XOR(c3, ROL(c0, 1));                                                \
        CHI_ROW(E, 0, XOR(A[0], d0), ROL(XOR(A[6], d1), 44), ROL(XOR(A[12], d2), 43),          \
                ROL(XOR(A[18], d3), 21), ROL(XOR(A[24], d4), 14));                             \
        E[0] = XOR(E[0], (rc));                                                                \
        __m256i n0 = E[0], n1 = E[1], n2 = E[2], n3 = E[3], n4 = E[4];                         \
        CHI_ROW(E, 1, ROL(XOR(A[3], d3), 28), ROL(XOR(A[9], d4), 20), ROL(XOR(A[10], d0), 3),  \
                ROL(XOR(A[16], d1), 45), ROL(XOR(A[22], d2), 61));                             \
        PARITY_ROW(E, 1);                                                                      \
        CHI_ROW(E, 2, ROL(XOR(A[1], d1), 1), ROL(XOR(A[7], d2), 6), ROL(XOR(A[13], d3), 25),   \
                ROL(XOR(A[19], d4), 8), ROL(XOR(A[20], d0), 18));                              \
        PARITY_ROW(E, 2);                                                                      \
        CHI_ROW(E, 3, ROL(XOR(A[4], d4), 27), ROL(XOR(A[5], d0), 36), ROL(XOR(A[11], d1), 10), \
                ROL(XOR(A[17], d2), 15), ROL(XOR(A[23], d3), 56));                             \
        PARITY_ROW(E, 3);                                                                      \
        CHI_ROW(E, 4, ROL(XOR(A[2], d2), 62), ROL(XOR(A[8], d3), 55), ROL(XOR(A[14], d4), 39), \
                ROL(XOR(A[15], d0), 41), ROL(XOR(A[21], d1), 2));                              \
        PARITY_ROW(E, 4);                                                                      \
        c0 = n0, c1 = n1, c2 = n2, c3 = n3, c4 = n4;                                           \
    } while (0)

// Two rounds a pass, A to E and back.
static TD_ALWAYS_INLINE void keccak_f_x4(__m256i A[25])
{
    const __m256i rol8 = _mm256_set_epi64x(0x0e0d0c0b0a09080fLL, 0x0605040302010007LL,
                                           0x0e0d0c0b0a09080fLL, 0x0605040302010007LL);
    const __m256i rol56 = _mm256_set_epi64x(0x080f0e0d0c0b0a09LL, 0x0007060504030201LL,
                                            0x080f0e0d0c0b0a09LL, 0x0007060504030201LL);
    __m256i E[25];
    __m256i c0 = XOR(XOR3(A[0], A[5], A[10]), XOR(A[15], A[20]));
    __m256i c1 = XOR(XOR3(A[1], A[6], A[11]), XOR(A[16], A[21]));
    __m256i c2 = XOR(XOR3(A[2], A[7], A[12]), XOR(A[17], A[22]));
    __m256i c3 = XOR(XOR3(A[3], A[8], A[13]), XOR(A[18], A[23]));
    __m256i c4 = XOR(XOR3(A[4], A[9], A[14]), XOR(A[19], A[24]));
    for (int r = 0; r < 24; r += 2) {
        KECCAK_ROUND(A, E, _mm256_set1_epi64x((long long)td_keccak_rc[r]));
        KECCAK_ROUND(E, A, _mm256_set1_epi64x((long long)td_keccak_rc[r + 1]));
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

// XORs the 4 words at each lane's p[i] + off into A[0 .. 4) as transposed
// rows; with a mask, only its words are read (VPMASKMOVQ suppresses the
// others' faults) and the rest count as zeros.
static TD_ALWAYS_INLINE void absorb4(__m256i A[4], const uint8_t *const p[4], size_t off,
                                     const __m256i *mask)
{
    __m256i r[4];
    for (size_t i = 0; i < 4; i++)
        r[i] = mask == NULL ? _mm256_loadu_si256((const void *)(p[i] + off))
                            : _mm256_maskload_epi64((const long long *)(const void *)(p[i] + off),
                                                    *mask);
    transpose4(r);
    for (size_t j = 0; j < 4; j++)
        A[j] = XOR(A[j], r[j]);
}

// nblocks >= 1 blocks of rate bytes from each lane's lanes[i]: words 0 .. 8
// whole, then 4 a group up to the rate's 9 to 21, each group's words by a
// mask set once.
static void absorb(__m256i A[25], const uint8_t *const *lanes, size_t nblocks, size_t rate)
{
    const long long words = (long long)(rate / 8);
    const __m256i index = _mm256_set_epi64x(3, 2, 1, 0);
    __m256i mask[4];
    for (int g = 0; g < 4; g++)
        mask[g] = _mm256_cmpgt_epi64(_mm256_set1_epi64x(words - 8 - 4 * g), index);
    const uint8_t *p[4];
    for (size_t i = 0; i < 4; i++)
        p[i] = lanes[i];
    do {
        absorb4(A, p, 0, NULL);
        absorb4(A + 4, p, 32, NULL);
        absorb4(A + 8, p, 64, words >= 12 ? NULL : &mask[0]);
        if (words > 12)
            absorb4(A + 12, p, 96, words >= 16 ? NULL : &mask[1]);
        if (words > 16)
            absorb4(A + 16, p, 128, words >= 20 ? NULL : &mask[2]);
        if (words > 20)
            A[20] = XOR(A[20], _mm256_set_epi64x(*(const long long *)(const void *)(p[3] + 160),
                                                 *(const long long *)(const void *)(p[2] + 160),
                                                 *(const long long *)(const void *)(p[1] + 160),
                                                 *(const long long *)(const void *)(p[0] + 160)));
        keccak_f_x4(A);
        for (size_t i = 0; i < 4; i++)
            p[i] += rate;
    } while (--nblocks != 0);
}

// Lanes 0 .. n-1 (1 <= n <= 4); the missing lanes repeat lane 0's state and
// blocks and are not stored. The states' words go into the lanes by six 4x4
// transposes and one set for a[24], and back the same way.
void td_sha3_blocks_many_avx2_x4(td_sha3_state *const *states, const uint8_t *const *data,
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
        absorb(A, p, nblocks, rate);
    }
    if (ntail != 0) {
        td_lane_pointers(p, 4, tail, n);
        absorb(A, p, ntail, rate);
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
