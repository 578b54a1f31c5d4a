/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function: scalar rounds with BMI2 RORX, the
 * message schedule of two blocks at a time in YMM registers with AVX-512VL
 * rotates and three-input XORs. Needs AVX-512F/VL, AVX2, BMI2 and BMI1;
 * compiled with -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi.
 *
 * For cores where vector operations are slow beside scalar ones (the
 * slow-vector-int trait), so sha512_avx512.c's vector half of the
 * round is the longer chain. There the schedule's own chain (sigma1 of the
 * step before, then an add) matters too: five operations deep with AVX2,
 * three with AVX-512VL (docs/performance-notes.md, "Backend forms: figures
 * from the code").
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512VL__) || !defined(__BMI2__) || \
                          !defined(__BMI__))
#error "sha512_avx512_scalar.c must be compiled with -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

#define TD_SHA512_BLOCKS td_sha512_blocks_avx512_scalar
#include "sha512_x2_body.h"
