/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] absorbing SHA-3 and SHAKE blocks, one message at a time, in
 * seven YMM registers: lane (0, 0) broadcast, and the other 24 lanes as the
 * six lines through (0, 0) of the 5 x 5 plane, four lanes each. VPTERNLOGQ
 * for theta's parities, chi (a ^ (~b & c): 0xd2) and iota, VPROLVQ for rho,
 * VALIGNQ and VPERMQ for theta's neighbours and pi, VPBLENDD for chi's
 * operands. The state stays in registers across all blocks; each block goes
 * through a zero-padded copy of exactly rate bytes. Needs AVX-512F/VL;
 * compiled with -mavx512f -mavx512vl.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512VL__))
#error "sha3_avx512.c must be compiled with -mavx512f -mavx512vl"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

// The rounds are sha3_lines_body.h's, which says why this layout; with
// AVX-512VL each of its steps is one instruction.
#define SHA3_LINES_FN td_sha3_blocks_avx512
#define SHA3_LINES_SQUEEZE_FN td_sha3_squeeze_avx512
#define XOR3(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0x96)
#define CHI(a, b, c) _mm256_ternarylogic_epi64(a, b, c, 0xd2)
#define ROL1(v) _mm256_rol_epi64(v, 1)
#define ROLV(v, n) _mm256_rolv_epi64(v, n)
#define PREV(c14, c0) _mm256_alignr_epi64(c14, c0, 3)
#define NEXT(r14, r0) _mm256_alignr_epi64(r0, r14, 1)
#define ROW_NEXT1(br, bo) _mm256_alignr_epi64(bo, br, 1)
#include "sha3_lines_body.h"
