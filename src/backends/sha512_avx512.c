/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function: each round split between the two
 * register files (e's half in scalar registers with BMI2 RORX, a's half in
 * lane 0 of XMM registers with AVX-512VL rotates and VPTERNLOGQ), the message
 * schedule of two blocks at a time in YMM registers. Needs AVX-512F/VL, AVX2,
 * BMI2 and BMI1; compiled with -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi.
 */
#if defined(__GNUC__) && (!defined(__AVX512F__) || !defined(__AVX512VL__) || !defined(__BMI2__) || \
                          !defined(__BMI__))
#error "sha512_avx512.c must be compiled with -mavx512f -mavx512vl -mavx2 -mbmi2 -mbmi"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"
#include "pin.h"

// Why the round is split. All-scalar rounds (sha512_avx2.c) need about 24
// integer operations a round; four integer ALUs then bound a round above
// what its dependency chains allow. Here
// the scalar side keeps only the e chain,
//     e' = d + h + W + K + Ch(e, f, g) + Sigma1(e)        (12 operations),
// and the vector side the a chain,
//     a' = e' - d + Maj(a, b, c) + Sigma0(a)               (8 operations).
// e' crosses to the vector side, where the round's d is kept as well, and
// Maj - d is ready long before a' is due. Each a crosses back once, to be
// the scalar d three rounds later. So one value goes each way every round,
// and neither crossing lies on a chain that must close within a round.
// What is left is each chain's own latency and the two sides' ports (docs/performance-notes.md, "Backend forms:
// figures from the code").
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))

#define ADD _mm_add_epi64
#define TERNLOG _mm_ternarylogic_epi64
#define ROR _mm_ror_epi64
#define TL_MAJ 0xe8 // (a & b) | (a & c) | (b & c), with a = 0xf0, b = 0xcc, c = 0xaa
#define BSIG0_V(x) TERNLOG(ROR(x, 28), ROR(x, 34), ROR(x, 39), 0x96)

static inline __m128i to_lane0(uint64_t x)
{
#if defined(__x86_64__) || defined(_M_X64)
    return _mm_cvtsi64_si128((long long)x);
#else
    return _mm_set_epi64x(0, (long long)x);
#endif
}

static inline uint64_t from_lane0(__m128i v)
{
#if defined(__x86_64__) || defined(_M_X64)
    return (uint64_t)_mm_cvtsi128_si64(v);
#else
    uint64_t x;
    _mm_storel_epi64((__m128i *)&x, v);
    return x;
#endif
}

// Scalar: e, f, g, h, and a, b, c, d, copies of the vector side's va .. vd.
#define ROUND(wkt)                                                             \
    do {                                                                       \
        uint64_t new_e_ = d + h + (wkt);                                       \
        PIN_SCALAR(new_e_);                                                    \
        new_e_ += e & f;                                                       \
        new_e_ += ~e & g;                                                      \
        PIN_SCALAR(new_e_);                                                    \
        new_e_ += BSIG1(e);                                                    \
        PIN_SCALAR(new_e_);                                                    \
        const __m128i maj_minus_d_ = _mm_sub_epi64(TERNLOG(va, vb, vc, TL_MAJ), vd); \
        __m128i new_a_ = ADD(to_lane0(new_e_), maj_minus_d_);                  \
        PIN_VECTOR(new_a_);                                                    \
        new_a_ = ADD(new_a_, BSIG0_V(va));                                     \
        h = g; g = f; f = e; e = new_e_;                                       \
        d = c; c = b; b = a; a = from_lane0(new_a_);                           \
        vd = vc; vc = vb; vb = va; va = new_a_;                                \
    } while (0)

#define ROUND_VARS __m128i va, vb, vc, vd
#define ROUNDS_BEGIN                                                           \
    va = to_lane0(a); vb = to_lane0(b); vc = to_lane0(c); vd = to_lane0(d)

#define TD_SHA512_BLOCKS td_sha512_blocks_avx512
#include "sha512_x2_body.h"
