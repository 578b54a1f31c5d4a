/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 on the many path, 8 messages at once in the 32-bit elements of
 * YMM registers (rotations as two shifts and an OR). Needs AVX2; compiled
 * with -mavx2.
 */
#if defined(__GNUC__) && !defined(__AVX2__)
#error "sha256_avx2_x8.c needs -mavx2"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

// AVX2 has no vector rotate and no three-input logic: Sigma1 is six shifts
// and five XORs (the ORs of each rotation folded into the XORs), Ch is
// ((f ^ g) & e) ^ g and Maj is (a & b) | ((a | b) & c).
#define SHR(x, n) _mm256_srli_epi32((x), (n))
#define SHL(x, n) _mm256_slli_epi32((x), (n))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define SIGMA(x, r1, r2, r3) \
    XOR(XOR(XOR(SHR(x, r1), SHL(x, 32 - (r1))), XOR(SHR(x, r2), SHL(x, 32 - (r2)))), \
        XOR(SHR(x, r3), SHL(x, 32 - (r3))))
#define SMALL_SIGMA(x, r1, r2, s) \
    XOR(XOR(XOR(SHR(x, r1), SHL(x, 32 - (r1))), XOR(SHR(x, r2), SHL(x, 32 - (r2)))), SHR(x, s))

#define LANES_ADD(a, b) _mm256_add_epi32((a), (b))
#define LANES_SET1(x) _mm256_set1_epi32((int)(x))
#define LANES_BSIG0(x) SIGMA((x), 2, 13, 22)
#define LANES_BSIG1(x) SIGMA((x), 6, 11, 25)
#define LANES_SSIG0(x) SMALL_SIGMA((x), 7, 18, 3)
#define LANES_SSIG1(x) SMALL_SIGMA((x), 17, 19, 10)
#define LANES_CH(e, f, g) XOR(_mm256_and_si256(XOR((f), (g)), (e)), (g))
#define LANES_MAJ(a, b, c) \
    _mm256_or_si256(_mm256_and_si256((a), (b)), _mm256_and_si256(_mm256_or_si256((a), (b)), (c)))

#include "sha256_lanes_x8.h"

void td_sha256_blocks_many_avx2_x8(td_sha256_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_sha256_shared_block *last)
{
    sha256_x8_run(states, data, n, nblocks, tail, ntail, last);
}
