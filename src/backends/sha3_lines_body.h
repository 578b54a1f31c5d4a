/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] on one message in seven YMM registers, for an includer that
 * defines its instruction set's steps and then includes this file:
 *   SHA3_LINES_FN        the td_sha3_blocks_fn to define
 *   SHA3_LINES_SQUEEZE_FN  the td_sha3_squeeze_fn to define
 *   XOR3(a, b, c)        a ^ b ^ c
 *   CHI(a, b, c)         a ^ (~b & c)
 *   ROL1(v)              each element rotated left by 1
 *   ROLV(v, n)           each element rotated left by n's (a constant vector)
 *   PREV(c14, c0)        C[0..3]: c0's C[0], then c14's elements 0..2
 *   NEXT(r14, r0)        r14's elements 1..3, then r0's value
 *   ROW_NEXT1(br, bo)    br's elements 1..3, then bo's value
 * (c0, r0 and bo hold one value in all four elements: any may be taken)
 * (sha3_avx512.c: VPTERNLOGQ, VPROLQ, VPROLVQ, VALIGNQ; sha3_avx2.c: two or
 * three AVX2 instructions for each).
 */
#ifndef TD_SHA3_LINES_BODY_H
#define TD_SHA3_LINES_BODY_H

#include <immintrin.h>
#include <string.h>

#include "../td_backend.h"
#include "keccak_constants.h"

// The layout (OpenSSL's keccak1600-avx2 splits the state into the same
// lines; the orders within the registers are this file's). pi, (x, y) -> (y, 2x + 3y), is linear
// on the plane's coordinates mod 5, so it maps each line through (0, 0) onto
// another: the registers are renamed and a VPERMQ reorders some.
//   O   lane (0, 0), in all four elements
//   R   row 0: (x, 0), x = 1..4, in element x - 1
//   K   column 0: (0, y), y = 1..4, in element y - 1
//   Lm  (x, m*x mod 5), m = 1..4: by x (element x - 1) from theta to pi, by
//       y (element m*x - 1) from pi to the round's end, where chi wants it.
// By x, the column parities of x = 1..4 are the XOR of R and the Lm element
// by element. By y, each lane's two row neighbours (x + 1, y), (x + 2, y) sit
// in the same element of other registers, so chi's operands are blends
// (VPBLENDD, no lane crossing; each blend of a pair serves two operands).
// Per round: 16 lane-crossing shuffles (theta 5, pi 4, row 0 and (0, 0) in
// chi 4, back to x order 3), 8 rotations, 21 blends, 18 VPTERNLOGQ. The
// round waits on the shuffles and rotations contending for two pipes more
// than on its latency; ZMM rows (five registers) were slower. Figures:
// docs/performance-notes.md, "Keccak-f[1600] on one message".

#define PERM(v, a, b, c, d) _mm256_permute4x64_epi64(v, (a) | (b) << 2 | (c) << 4 | (d) << 6)
#define BCAST0(v) _mm256_broadcastq_epi64(_mm256_castsi256_si128(v)) // element 0 in all
#define QW(p) (3 << (2 * (p)))                                // element p's two dwords
#define PAIR(a, b) _mm256_blend_epi32(a, b, QW(1) | QW(3))    // a, b, a, b
#define HALVES(lo, hi) _mm256_blend_epi32(lo, hi, QW(2) | QW(3)) // lo's 0-1, hi's 2-3

// a[i] of the state or the block for each register's element, by x.
#define LANES_R 1, 2, 3, 4
#define LANES_K 5, 10, 15, 20
#define LANES_L1 6, 12, 18, 24
#define LANES_L2 11, 22, 8, 19
#define LANES_L3 16, 7, 23, 14
#define LANES_L4 21, 17, 13, 9

#define LOAD4_(w, i0, i1, i2, i3) \
    _mm256_setr_epi64x((long long)(w)[i0], (long long)(w)[i1], (long long)(w)[i2], (long long)(w)[i3])
#define LOAD4(w, lanes) LOAD4_(w, lanes)
#define STORE4_(w, v, i0, i1, i2, i3)                  \
    do {                                               \
        _Alignas(32) uint64_t t_[4];                   \
        _mm256_store_si256((__m256i *)t_, v);          \
        (w)[i0] = t_[0];                               \
        (w)[i1] = t_[1];                               \
        (w)[i2] = t_[2];                               \
        (w)[i3] = t_[3];                               \
    } while (0)
#define STORE4(w, v, lanes) STORE4_(w, v, lanes)

typedef struct {
    __m256i o, r, k, l1, l2, l3, l4;
} td_lines;

// One round on the lines (s->l1 .. l4 by x on entry and on return).
static TD_ALWAYS_INLINE void keccak_round(td_lines *s, uint64_t rc)
{
    const __m256i rho_r = _mm256_setr_epi64x(1, 62, 28, 27);
    const __m256i rho_k = _mm256_setr_epi64x(36, 3, 41, 18);
    const __m256i rho_1 = _mm256_setr_epi64x(44, 43, 21, 14);
    const __m256i rho_2 = _mm256_setr_epi64x(10, 61, 55, 8);
    const __m256i rho_3 = _mm256_setr_epi64x(45, 6, 56, 39);
    const __m256i rho_4 = _mm256_setr_epi64x(2, 15, 25, 20);
    const __m256i o = s->o, r = s->r, k = s->k, l1 = s->l1, l2 = s->l2, l3 = s->l3, l4 = s->l4;
    // theta: C[1..4] element by element; C[0] from K's four lanes and O
    const __m256i c14 = XOR3(XOR3(r, l1, l2), l3, l4);
    const __m256i hk = _mm256_xor_si256(k, _mm256_shuffle_epi32(k, 0x4e));
    const __m256i c0 = XOR3(hk, PERM(hk, 2, 3, 0, 1), o);
    const __m256i rc14 = ROL1(c14);
    const __m256i prev = PREV(c14, c0);       // C[0..3]
    const __m256i next = NEXT(rc14, ROL1(c0)); // rol(C[2..4, 0])
    const __m256i d0a = PERM(c14, 3, 3, 3, 3), d0b = BCAST0(rc14);
    // theta applied, then rho
    const __m256i tr = ROLV(XOR3(r, prev, next), rho_r);
    const __m256i tk = ROLV(XOR3(k, d0a, d0b), rho_k);
    const __m256i t1 = ROLV(XOR3(l1, prev, next), rho_1);
    const __m256i t2 = ROLV(XOR3(l2, prev, next), rho_2);
    const __m256i t3 = ROLV(XOR3(l3, prev, next), rho_3);
    const __m256i t4 = ROLV(XOR3(l4, prev, next), rho_4);
    const __m256i bo = XOR3(o, d0a, d0b);
    // pi: renames, and the new K, L1, L3, L4 reordered (L by y now)
    const __m256i br = t1;
    const __m256i bk = PERM(tr, 2, 0, 3, 1);
    const __m256i b1 = PERM(t4, 3, 2, 1, 0);
    const __m256i b2 = t3;
    const __m256i b3 = PERM(tk, 1, 3, 0, 2);
    const __m256i b4 = PERM(t2, 1, 3, 0, 2);
    // chi, each lane's row neighbours gathered by blends; iota on O
    s->o = CHI(_mm256_xor_si256(bo, _mm256_set1_epi64x((long long)rc)),
            BCAST0(br), PERM(br, 1, 1, 1, 1));
    s->r = CHI(br, ROW_NEXT1(br, bo),
            _mm256_blend_epi32(PERM(br, 2, 3, 0, 0), bo, QW(2)));
    // chi's operands: element p from register sp. Each pair (a in the even
    // elements, b in the odd) serves two of them, once for elements 0-1 and
    // once for 2-3: ten first blends, ten second.
    const __m256i p12 = PAIR(b1, b2), p34 = PAIR(b3, b4), p31 = PAIR(b3, b1);
    const __m256i p42 = PAIR(b4, b2), p2k = PAIR(b2, bk), p23 = PAIR(b2, b3);
    const __m256i pk4 = PAIR(bk, b4), p41 = PAIR(b4, b1), pk3 = PAIR(bk, b3);
    const __m256i p1k = PAIR(b1, bk);
    s->k = CHI(bk, HALVES(p12, p34), HALVES(p31, p42));
    s->l1 = CHI(b1, HALVES(p34, p2k), HALVES(p23, pk4));
    const __m256i n2 = CHI(b2, HALVES(p41, pk3), HALVES(pk4, p31));
    const __m256i n3 = CHI(b3, HALVES(p2k, p41), HALVES(p42, p1k));
    const __m256i n4 = CHI(b4, HALVES(pk3, p12), HALVES(p1k, p23));
    s->l2 = PERM(n2, 1, 3, 0, 2);
    s->l3 = PERM(n3, 2, 0, 3, 1);
    s->l4 = PERM(n4, 3, 2, 1, 0);
}

// The state, from its plain lanes into the lines, and back.
static TD_ALWAYS_INLINE td_lines lines_load(const uint64_t *a)
{
    const td_lines st = {
        _mm256_set1_epi64x((long long)a[0]), LOAD4(a, LANES_R),  LOAD4(a, LANES_K),
        LOAD4(a, LANES_L1),                  LOAD4(a, LANES_L2), LOAD4(a, LANES_L3),
        LOAD4(a, LANES_L4),
    };
    return st;
}

static TD_ALWAYS_INLINE void lines_store(uint64_t *a, const td_lines *st)
{
    _mm_storel_epi64((__m128i *)&a[0], _mm256_castsi256_si128(st->o)); // also on i686
    STORE4(a, st->r, LANES_R);
    STORE4(a, st->k, LANES_K);
    STORE4(a, st->l1, LANES_L1);
    STORE4(a, st->l2, LANES_L2);
    STORE4(a, st->l3, LANES_L3);
    STORE4(a, st->l4, LANES_L4);
}

void SHA3_LINES_FN(td_sha3_state *state, const uint8_t *data, size_t nblocks, size_t rate)
{
    td_lines st = lines_load(state->a);

    // The block's words, zero past the rate (a copy of exactly rate bytes).
    uint64_t w[25] = { 0 };
    do {
        memcpy(w, data, rate);
        st.o = _mm256_xor_si256(st.o, _mm256_set1_epi64x((long long)w[0]));
        st.r = _mm256_xor_si256(st.r, LOAD4(w, LANES_R));
        st.k = _mm256_xor_si256(st.k, LOAD4(w, LANES_K));
        st.l1 = _mm256_xor_si256(st.l1, LOAD4(w, LANES_L1));
        st.l2 = _mm256_xor_si256(st.l2, LOAD4(w, LANES_L2));
        st.l3 = _mm256_xor_si256(st.l3, LOAD4(w, LANES_L3));
        st.l4 = _mm256_xor_si256(st.l4, LOAD4(w, LANES_L4));
        for (unsigned i = 0; i < 24; i++)
            keccak_round(&st, td_keccak_rc[i]);
        data += rate;
    } while (--nblocks != 0);
    lines_store(state->a, &st);
}

// SHAKE's output blocks with the state kept in the lines between them: no
// block of zeros absorbed and no state through memory a block (the lanes
// are little-endian words on x86, so a block's bytes are the words').
void SHA3_LINES_SQUEEZE_FN(td_sha3_state *state, uint8_t *out, size_t nblocks, size_t rate)
{
    td_lines st = lines_load(state->a);
    uint64_t w[25];
    do {
        for (unsigned i = 0; i < 24; i++)
            keccak_round(&st, td_keccak_rc[i]);
        lines_store(w, &st);
        memcpy(out, w, rate);
        out += rate;
    } while (--nblocks != 0);
    lines_store(state->a, &st);
}

#endif // TD_SHA3_LINES_BODY_H
