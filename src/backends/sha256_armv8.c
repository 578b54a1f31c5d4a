/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 block function with the ARMv8 SHA2 instructions (SHA256H,
 * SHA256H2, SHA256SU0, SHA256SU1; Arm ARM, "Cryptographic Extension"), via
 * the ACLE intrinsics. Needs FEAT_SHA256. Compiled with -march=armv8-a+crypto
 * (GCC 12 wants it for these intrinsics) or -march=armv8-a+sha2 (Clang).
 * Not yet timed on hardware; under qemu -cpu max a block is 125 executed
 * instructions (portable C: 1870), by scripts/cross/insn-count.sh.
 */
#include <stddef.h>
#include <stdint.h>

#include <arm_neon.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha2_constants.h"

#if defined(__GNUC__) && !defined(__ARM_FEATURE_SHA2) && !defined(__ARM_FEATURE_CRYPTO)
#error "sha256_armv8.c needs the SHA2 instructions: compile it with -march=armv8-a+crypto or +sha2"
#endif
#if defined(__AARCH64EB__)
#error "sha256_armv8.c assumes little-endian AArch64"
#endif

// Four rounds. SHA256H turns (a,b,c,d) into the new (a,b,c,d) and needs the
// old (e,f,g,h); SHA256H2 turns (e,f,g,h) into the new one and needs the old
// (a,b,c,d): so the old abcd is kept for the second instruction.
static inline void rounds4(uint32x4_t *abcd, uint32x4_t *efgh, uint32x4_t wk)
{
    const uint32x4_t abcd_in = *abcd;
    *abcd = vsha256hq_u32(abcd_in, *efgh, wk);
    *efgh = vsha256h2q_u32(*efgh, abcd_in, wk);
}

// W[t+16..t+19] from W[t..t+3], W[t+4..t+7], W[t+8..t+11], W[t+12..t+15]:
// SHA256SU0 adds sigma0(W[t+1..t+4]), SHA256SU1 adds W[t+9..t+12] and
// sigma1(W[t+14..t+17]), the last two of which it computes itself.
static inline uint32x4_t schedule(uint32x4_t w0, uint32x4_t w4, uint32x4_t w8, uint32x4_t w12)
{
    return vsha256su1q_u32(vsha256su0q_u32(w0, w4), w8, w12);
}

// 16 big-endian words at any alignment: vld1q_u8 has no alignment
// requirement, and REV32 swaps the bytes of each word.
static inline uint32x4_t load_be(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

void td_sha256_blocks_armv8(td_sha256_state *state, const uint8_t *data, size_t nblocks)
{
    // The state, in two registers, for the whole run of blocks.
    uint32x4_t abcd = vld1q_u32(&state->h[0]);
    uint32x4_t efgh = vld1q_u32(&state->h[4]);

    for (; nblocks > 0; nblocks--, data += 64) {
        const uint32x4_t abcd0 = abcd, efgh0 = efgh;
        uint32x4_t m0 = load_be(data);
        uint32x4_t m1 = load_be(data + 16);
        uint32x4_t m2 = load_be(data + 32);
        uint32x4_t m3 = load_be(data + 48);

        // Rounds 0-47: use four message words, then replace them with the
        // four that rounds 16 later need.
        for (size_t t = 0; t < 48; t += 16) {
            rounds4(&abcd, &efgh, vaddq_u32(m0, vld1q_u32(&td_sha256_k[t])));
            m0 = schedule(m0, m1, m2, m3);
            rounds4(&abcd, &efgh, vaddq_u32(m1, vld1q_u32(&td_sha256_k[t + 4])));
            m1 = schedule(m1, m2, m3, m0);
            rounds4(&abcd, &efgh, vaddq_u32(m2, vld1q_u32(&td_sha256_k[t + 8])));
            m2 = schedule(m2, m3, m0, m1);
            rounds4(&abcd, &efgh, vaddq_u32(m3, vld1q_u32(&td_sha256_k[t + 12])));
            m3 = schedule(m3, m0, m1, m2);
        }
        // Rounds 48-63: nothing left to schedule.
        rounds4(&abcd, &efgh, vaddq_u32(m0, vld1q_u32(&td_sha256_k[48])));
        rounds4(&abcd, &efgh, vaddq_u32(m1, vld1q_u32(&td_sha256_k[52])));
        rounds4(&abcd, &efgh, vaddq_u32(m2, vld1q_u32(&td_sha256_k[56])));
        rounds4(&abcd, &efgh, vaddq_u32(m3, vld1q_u32(&td_sha256_k[60])));

        abcd = vaddq_u32(abcd, abcd0);
        efgh = vaddq_u32(efgh, efgh0);
    }

    vst1q_u32(&state->h[0], abcd);
    vst1q_u32(&state->h[4], efgh);
}
