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

#include "../td_backend.h"
#include "backends.h"

// The layout and the round's steps are sha3_lines_body.h's (its comment
// says why); what AVX-512VL does in one instruction takes two or three here:
// each rotation two shifts and an OR, each three-input XOR two, chi's
// a ^ (~b & c) VPANDN and VPXOR, VALIGNQ a VPERMQ and a blend.
// docs/performance-notes.md, "Keccak-f[1600] on one message", has its
// figures beside the others'.
#define SHA3_LINES_FN td_sha3_blocks_avx2
#define SHA3_LINES_SQUEEZE_FN td_sha3_squeeze_avx2
#define XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define CHI(a, b, c) _mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#define ROL1(v) _mm256_or_si256(_mm256_slli_epi64(v, 1), _mm256_srli_epi64(v, 63))
// n is a constant vector: 64 - n folds to one too.
#define ROLV(v, n)                                \
    _mm256_or_si256(_mm256_sllv_epi64(v, n),      \
                    _mm256_srlv_epi64(v, _mm256_sub_epi64(_mm256_set1_epi64x(64), n)))
#define PREV(c14, c0) _mm256_blend_epi32(PERM(c14, 0, 0, 1, 2), c0, QW(0))
#define NEXT(r14, r0) _mm256_blend_epi32(PERM(r14, 1, 2, 3, 3), r0, QW(3))
#define ROW_NEXT1(br, bo) _mm256_blend_epi32(PERM(br, 1, 2, 3, 3), bo, QW(3))
#include "sha3_lines_body.h"
