/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] absorbing SHA-3 and SHAKE blocks, one message at a time, in
 * seven YMM registers with AVX2 alone: the layout of sha3_avx512.c (lane
 * (0, 0) broadcast, the other 24 lanes as the six lines through (0, 0)),
 * rotations as two shifts and an OR, VPANDN for chi, VPBLENDD and VPERMQ
 * for theta's neighbours, pi and chi's operands. The state stays in
 * registers across all blocks; each block goes through a zero-padded copy
 * of exactly rate bytes. Needs AVX2; compiled with -mavx2.
 */
#if defined(__GNUC__) && !defined(__AVX2__)
#error "sha3_avx2.c must be compiled with -mavx2"
#endif

#include <immintrin.h>
#include <string.h>

#include "../td_backend.h"
#include "backends.h"
#include "keccak_constants.h"

// The layout and the round's steps are sha3_avx512.c's (its comment says
// why); what AVX-512VL does in one instruction takes two or three here:
// each rotation two shifts and an OR, each three-input XOR two, chi's
// a ^ (~b & c) VPANDN and VPXOR, VALIGNQ a VPERMQ and a blend.
// docs/performance-notes.md, "Keccak-f[1600] on one message", has its
// figures beside the others'.

#define PERM(v, a, b, c, d) _mm256_permute4x64_epi64(v, (a) | (b) << 2 | (c) << 4 | (d) << 6)
#define BCAST0(v) _mm256_broadcastq_epi64(_mm256_castsi256_si128(v)) // element 0 in all
#define QW(p) (3 << (2 * (p)))                          // element p's two dwords
#define PAIR(a, b) _mm256_blend_epi32(a, b, QW(1) | QW(3)) // a, b, a, b
#define HALVES(lo, hi) _mm256_blend_epi32(lo, hi, QW(2) | QW(3))
#define XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define CHI(a, b, c) _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#define ROL(v, n) _mm256_or_si256(_mm256_slli_epi64(v, n), _mm256_srli_epi64(v, 64 - (n)))
#define ROLV(v, n) _mm256_or_si256(_mm256_sllv_epi64(v, n), _mm256_srlv_epi64(v, n##_right))

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
    const __m256i rho_r_right = _mm256_setr_epi64x(63, 2, 36, 37);
    const __m256i rho_k = _mm256_setr_epi64x(36, 3, 41, 18);
    const __m256i rho_k_right = _mm256_setr_epi64x(28, 61, 23, 46);
    const __m256i rho_1 = _mm256_setr_epi64x(44, 43, 21, 14);
    const __m256i rho_1_right = _mm256_setr_epi64x(20, 21, 43, 50);
    const __m256i rho_2 = _mm256_setr_epi64x(10, 61, 55, 8);
    const __m256i rho_2_right = _mm256_setr_epi64x(54, 3, 9, 56);
    const __m256i rho_3 = _mm256_setr_epi64x(45, 6, 56, 39);
    const __m256i rho_3_right = _mm256_setr_epi64x(19, 58, 8, 25);
    const __m256i rho_4 = _mm256_setr_epi64x(2, 15, 25, 20);
    const __m256i rho_4_right = _mm256_setr_epi64x(62, 49, 39, 44);
    const __m256i o = s->o, r = s->r, k = s->k, l1 = s->l1, l2 = s->l2, l3 = s->l3, l4 = s->l4;
    // theta: C[1..4] element by element; C[0] from K's four lanes and O
    const __m256i c14 = XOR3(XOR3(r, l1, l2), l3, l4);
    const __m256i hk = _mm256_xor_si256(k, _mm256_shuffle_epi32(k, 0x4e));
    const __m256i c0 = XOR3(hk, PERM(hk, 2, 3, 0, 1), o);
    const __m256i rc14 = ROL(c14, 1);
    const __m256i prev = _mm256_blend_epi32(PERM(c14, 0, 0, 1, 2), c0, QW(0)); // C[0..3]
    const __m256i next = // rol(C[2..4, 0])
        _mm256_blend_epi32(PERM(rc14, 1, 2, 3, 3), ROL(c0, 1), QW(3));
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
    s->r = CHI(br, _mm256_blend_epi32(PERM(br, 1, 2, 3, 3), bo, QW(3)),
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

void td_sha3_blocks_avx2(td_sha3_state *state, const uint8_t *data, size_t nblocks,
                           size_t rate)
{
    td_lines st = {
        _mm256_set1_epi64x((long long)state->a[0]), LOAD4(state->a, LANES_R),
        LOAD4(state->a, LANES_K),  LOAD4(state->a, LANES_L1),
        LOAD4(state->a, LANES_L2), LOAD4(state->a, LANES_L3),
        LOAD4(state->a, LANES_L4),
    };

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

    state->a[0] = (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(st.o));
    STORE4(state->a, st.r, LANES_R);
    STORE4(state->a, st.k, LANES_K);
    STORE4(state->a, st.l1, LANES_L1);
    STORE4(state->a, st.l2, LANES_L2);
    STORE4(state->a, st.l3, LANES_L3);
    STORE4(state->a, st.l4, LANES_L4);
}
