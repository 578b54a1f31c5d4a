/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t on the many path, 4 messages at once in the
 * 64-bit elements of YMM registers (rotations as two shifts). Needs AVX2;
 * compiled with -mavx2.
 */
#if defined(__GNUC__) && !defined(__AVX2__)
#error "sha512_avx2_x4.c needs -mavx2"
#endif

#include <immintrin.h>

#include "../td_backend.h"
#include "backends.h"

// AVX2 has no vector rotate and no three-input logic: each Sigma is six
// shifts and five XORs (the ORs of each rotation folded into the XORs), Ch
// is ((f ^ g) & e) ^ g and Maj is (a & b) | ((a | b) & c).
#define SHR(x, n) _mm256_srli_epi64((x), (n))
#define SHL(x, n) _mm256_slli_epi64((x), (n))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define SIGMA(x, r1, r2, r3) \
    XOR(XOR(XOR(SHR(x, r1), SHL(x, 64 - (r1))), XOR(SHR(x, r2), SHL(x, 64 - (r2)))), \
        XOR(SHR(x, r3), SHL(x, 64 - (r3))))
#define SMALL_SIGMA(x, r1, r2, s) \
    XOR(XOR(XOR(SHR(x, r1), SHL(x, 64 - (r1))), XOR(SHR(x, r2), SHL(x, 64 - (r2)))), SHR(x, s))
// sigma0's rotation by 8 is a byte shuffle: one instruction instead of three.
#define ROR8(x)                                                                        \
    _mm256_shuffle_epi8((x), _mm256_set_epi64x(0x080f0e0d0c0b0a09LL, 0x0007060504030201LL, \
                                               0x080f0e0d0c0b0a09LL, 0x0007060504030201LL))

#define LANES_ADD(a, b) _mm256_add_epi64((a), (b))
#define LANES_SUB(a, b) _mm256_sub_epi64((a), (b))
#define LANES_SET1(x) _mm256_set1_epi64x((long long)(x))
#define LANES_BSIG0(x) SIGMA((x), 28, 34, 39)
#define LANES_BSIG1(x) SIGMA((x), 14, 18, 41)
#define LANES_SSIG0(x) XOR(XOR(SHR((x), 1), SHL((x), 63)), XOR(ROR8(x), SHR((x), 7)))
#define LANES_SSIG1(x) SMALL_SIGMA((x), 19, 61, 6)
#define LANES_CH(e, f, g) XOR(_mm256_and_si256(XOR((f), (g)), (e)), (g))
#define LANES_MAJ(a, b, c) \
    _mm256_or_si256(_mm256_and_si256((a), (b)), _mm256_and_si256(_mm256_or_si256((a), (b)), (c)))

// About 50 instructions a round: 80 unrolled rounds overflow a 4K-entry op
// cache, and decoding them bounds the loop; rounds 16 to 79 as a loop of 16
// fit (docs/performance-notes.md, "Backend forms: figures from the code").
#define LANES_ROLLED
// Four lanes wait on issue, not on the chain from e to e': the round in 7
// adds, not the chain of 3 in 8 (docs/performance-notes.md, "Backend forms:
// figures from the code").
#define LANES_FEWEST_OPS
#include "sha512_lanes_x4.h"

void td_sha512_blocks_many_avx2_x4(td_sha512_state *const *states, const uint8_t *const *data,
                                   size_t n, size_t nblocks, const uint8_t *const *tail,
                                   size_t ntail, const td_sha512_shared_block *last)
{
    sha512_x4_run(states, data, n, nblocks, tail, ntail, last);
}
