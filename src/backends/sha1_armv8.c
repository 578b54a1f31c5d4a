/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 block function with the ARMv8 SHA1 instructions (SHA1C, SHA1P,
 * SHA1M, SHA1H, SHA1SU0, SHA1SU1; Arm ARM, "Cryptographic Extension"), via
 * the ACLE intrinsics. Needs FEAT_SHA1. Compiled with -march=armv8-a+crypto
 * (GCC 12 wants it for these intrinsics) or -march=armv8-a+sha2 (Clang).
 * Not yet timed on hardware; under qemu -cpu max a block is 105 executed
 * instructions (portable C: 1004), by scripts/cross/insn-count.sh.
 */
#include <stddef.h>
#include <stdint.h>

#include <arm_neon.h>

#include "../td_backend.h"
#include "backends.h"

#if defined(__GNUC__) && !defined(__ARM_FEATURE_SHA2) && !defined(__ARM_FEATURE_CRYPTO)
#error "sha1_armv8.c needs the SHA1 instructions: compile it with -march=armv8-a+crypto or +sha2"
#endif
#if defined(__AARCH64EB__)
#error "sha1_armv8.c assumes little-endian AArch64"
#endif

// FIPS 180-4 section 4.2.1: one constant per 20 rounds.
#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

// W[t+16..t+19] from W[t..t+15]: SHA1SU0 gives W[t] ^ W[t+2] ^ W[t+8],
// SHA1SU1 XORs in W[t+13] and rotates by one, computing W[t+16] itself for
// the last lane's W[t+19].
static inline uint32x4_t schedule(uint32x4_t w0, uint32x4_t w4, uint32x4_t w8, uint32x4_t w12)
{
    return vsha1su1q_u32(vsha1su0q_u32(w0, w4, w8), w12);
}

static inline uint32x4_t load_be(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

// Four rounds each: SHA1C (choose, rounds 0-19), SHA1P (parity, 20-39 and
// 60-79), SHA1M (majority, 40-59). e enters the first of the four rounds;
// after four rounds e is a (from before them) rotated left by 30, which
// SHA1H computes from lane 0 of abcd before it is overwritten: e1 holds it
// while the group runs, then becomes the next group's e0.
#define C4(w, k) (e1 = vsha1h_u32(vgetq_lane_u32(abcd, 0)), \
                  abcd = vsha1cq_u32(abcd, e0, vaddq_u32(w, vdupq_n_u32(k))), e0 = e1)
#define P4(w, k) (e1 = vsha1h_u32(vgetq_lane_u32(abcd, 0)), \
                  abcd = vsha1pq_u32(abcd, e0, vaddq_u32(w, vdupq_n_u32(k))), e0 = e1)
#define M4(w, k) (e1 = vsha1h_u32(vgetq_lane_u32(abcd, 0)), \
                  abcd = vsha1mq_u32(abcd, e0, vaddq_u32(w, vdupq_n_u32(k))), e0 = e1)

void td_sha1_blocks_armv8(td_sha1_state *state, const uint8_t *data, size_t nblocks)
{
    // The state, in one vector register and one scalar, for the whole run.
    uint32x4_t abcd = vld1q_u32(&state->h[0]);
    uint32_t e = state->h[4];

    for (; nblocks > 0; nblocks--, data += 64) {
        const uint32x4_t abcd_in = abcd;
        uint32_t e0 = e, e1;
        uint32x4_t m0 = load_be(data);
        uint32x4_t m1 = load_be(data + 16);
        uint32x4_t m2 = load_be(data + 32);
        uint32x4_t m3 = load_be(data + 48);

        // Each group of four rounds uses m[i], then replaces it with the
        // words that the group four later needs (rounds 0-63).
        C4(m0, K0); m0 = schedule(m0, m1, m2, m3);
        C4(m1, K0); m1 = schedule(m1, m2, m3, m0);
        C4(m2, K0); m2 = schedule(m2, m3, m0, m1);
        C4(m3, K0); m3 = schedule(m3, m0, m1, m2);
        C4(m0, K0); m0 = schedule(m0, m1, m2, m3);

        P4(m1, K1); m1 = schedule(m1, m2, m3, m0);
        P4(m2, K1); m2 = schedule(m2, m3, m0, m1);
        P4(m3, K1); m3 = schedule(m3, m0, m1, m2);
        P4(m0, K1); m0 = schedule(m0, m1, m2, m3);
        P4(m1, K1); m1 = schedule(m1, m2, m3, m0);

        M4(m2, K2); m2 = schedule(m2, m3, m0, m1);
        M4(m3, K2); m3 = schedule(m3, m0, m1, m2);
        M4(m0, K2); m0 = schedule(m0, m1, m2, m3);
        M4(m1, K2); m1 = schedule(m1, m2, m3, m0);
        M4(m2, K2); m2 = schedule(m2, m3, m0, m1);

        P4(m3, K3); m3 = schedule(m3, m0, m1, m2);
        P4(m0, K3);
        P4(m1, K3);
        P4(m2, K3);
        P4(m3, K3);

        abcd = vaddq_u32(abcd, abcd_in);
        e += e0;
    }

    vst1q_u32(&state->h[0], abcd);
    state->h[4] = e;
}
