/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function with the ARMv8.2 SHA512
 * instructions (SHA512H, SHA512H2, SHA512SU0, SHA512SU1; Arm ARM,
 * "Cryptographic Extension"). Needs FEAT_SHA512; compiled with
 * -march=armv8.2-a+sha3. Not yet timed on hardware; under qemu -cpu max a
 * block is 556 executed instructions (portable C: 2484), by
 * scripts/cross/insn-count.sh.
 */
#include <stddef.h>
#include <stdint.h>

#include <arm_neon.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha2_constants.h"

#if defined(__AARCH64EB__)
#error "sha512_armv8_sha512.c assumes little-endian AArch64"
#endif

// The four instructions. The ACLE intrinsics where the compiler has them
// (GCC 8+, Clang 7+ with +sha3); otherwise cmake/isa_arm.cmake defines
// TD_SHA512_INLINE_ASM and the same instructions come from inline assembly
// (GCC and Clang syntax; the assembler must know the mnemonics).
#if defined(TD_SHA512_INLINE_ASM)
#if !defined(__GNUC__)
#error "TD_SHA512_INLINE_ASM needs GCC-style inline assembly"
#endif
static inline uint64x2_t sha512h(uint64x2_t sum, uint64x2_t fg, uint64x2_t de)
{
    __asm__("sha512h %q0, %q1, %2.2d" : "+w"(sum) : "w"(fg), "w"(de));
    return sum;
}
static inline uint64x2_t sha512h2(uint64x2_t t1, uint64x2_t cd, uint64x2_t ab)
{
    __asm__("sha512h2 %q0, %q1, %2.2d" : "+w"(t1) : "w"(cd), "w"(ab));
    return t1;
}
static inline uint64x2_t sha512su0(uint64x2_t w0, uint64x2_t w2)
{
    __asm__("sha512su0 %0.2d, %1.2d" : "+w"(w0) : "w"(w2));
    return w0;
}
static inline uint64x2_t sha512su1(uint64x2_t s, uint64x2_t w14, uint64x2_t w9)
{
    __asm__("sha512su1 %0.2d, %1.2d, %2.2d" : "+w"(s) : "w"(w14), "w"(w9));
    return s;
}
#else
#if defined(__GNUC__) && !defined(__ARM_FEATURE_SHA512)
#error "sha512_armv8_sha512.c needs the SHA512 instructions: compile it with -march=armv8.2-a+sha3"
#endif
#define sha512h   vsha512hq_u64
#define sha512h2  vsha512h2q_u64
#define sha512su0 vsha512su0q_u64
#define sha512su1 vsha512su1q_u64
#endif

// Register layout: each vector holds two state words in order, low lane
// first, so (a,b), (c,d), (e,f), (g,h) load straight from the state, and
// message vector m holds W[2i] (low) and W[2i+1] (high).
//
// Two rounds, t and t+1, following the Arm ARM's pseudocode:
// - SHA512H takes h + K[t] + W[t] in the high lane and g + K[t+1] + W[t+1]
//   in the low one (gh plus kw with its lanes swapped), (f,g) and (d,e); it
//   returns T1 of round t (high) and of round t+1 (low), computing the new e
//   of round t internally as d + T1.
// - The new (e,f) of the pair is then (c,d) + T1: low c + T1(t+1) is e after
//   round t+1, high d + T1(t) is e after round t.
// - SHA512H2 takes those T1, (c,_) and (a,b), and returns the new (a,b).
// After the pair the old (a,b) is the new (c,d) and the old (e,f) the new
// (g,h): the four variables change roles instead of moving, and the next
// pair is ROUND2(gh, ab, cd, ef).
#define ROUND2(ab, cd, ef, gh, m, t)                                                    \
    do {                                                                            \
        const uint64x2_t kw = vaddq_u64((m), vld1q_u64(&td_sha512_k[(t)]));          \
        const uint64x2_t sum = vaddq_u64((gh), vextq_u64(kw, kw, 1));                \
        const uint64x2_t t1 = sha512h(sum, vextq_u64((ef), (gh), 1), vextq_u64((cd), (ef), 1)); \
        (gh) = sha512h2(t1, (cd), (ab));                                            \
        (cd) = vaddq_u64((cd), t1);                                                 \
    } while (0)

// W[2i+16], W[2i+17] into m0, from m0 = W[2i..], m1 = W[2i+2..],
// m4..m5 (W[2i+9], W[2i+10] straddle them) and m7 = W[2i+14..]:
// SHA512SU0 adds sigma0 of W[2i+1..2i+2], SHA512SU1 adds sigma1 of
// W[2i+14..2i+15] and W[2i+9..2i+10].
#define SCHEDULE(m0, m1, m4, m5, m7) \
    ((m0) = sha512su1(sha512su0((m0), (m1)), (m7), vextq_u64((m4), (m5), 1)))

// Eight pairs of rounds: every message vector used once, the state
// variables round their four roles twice.
#define ROUNDS16(t)                                      \
    do {                                                 \
        ROUND2(ab, cd, ef, gh, m0, (t));                 \
        ROUND2(gh, ab, cd, ef, m1, (t) + 2);             \
        ROUND2(ef, gh, ab, cd, m2, (t) + 4);             \
        ROUND2(cd, ef, gh, ab, m3, (t) + 6);             \
        ROUND2(ab, cd, ef, gh, m4, (t) + 8);             \
        ROUND2(gh, ab, cd, ef, m5, (t) + 10);            \
        ROUND2(ef, gh, ab, cd, m6, (t) + 12);            \
        ROUND2(cd, ef, gh, ab, m7, (t) + 14);            \
    } while (0)

#define SCHEDULE16()                           \
    do {                                       \
        SCHEDULE(m0, m1, m4, m5, m7);          \
        SCHEDULE(m1, m2, m5, m6, m0);          \
        SCHEDULE(m2, m3, m6, m7, m1);          \
        SCHEDULE(m3, m4, m7, m0, m2);          \
        SCHEDULE(m4, m5, m0, m1, m3);          \
        SCHEDULE(m5, m6, m1, m2, m4);          \
        SCHEDULE(m6, m7, m2, m3, m5);          \
        SCHEDULE(m7, m0, m3, m4, m6);          \
    } while (0)

static inline uint64x2_t load_be(const uint8_t *p)
{
    return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

void td_sha512_blocks_armv8_sha512(td_sha512_state *state, const uint8_t *data, size_t nblocks)
{
    // The state, in four registers, for the whole run of blocks.
    uint64x2_t ab = vld1q_u64(&state->h[0]);
    uint64x2_t cd = vld1q_u64(&state->h[2]);
    uint64x2_t ef = vld1q_u64(&state->h[4]);
    uint64x2_t gh = vld1q_u64(&state->h[6]);

    for (; nblocks > 0; nblocks--, data += 128) {
        const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
        uint64x2_t m0 = load_be(data), m1 = load_be(data + 16);
        uint64x2_t m2 = load_be(data + 32), m3 = load_be(data + 48);
        uint64x2_t m4 = load_be(data + 64), m5 = load_be(data + 80);
        uint64x2_t m6 = load_be(data + 96), m7 = load_be(data + 112);

        // Rounds 0-63 replace the message words after use; 64-79 do not.
        for (size_t t = 0; t < 64; t += 16) {
            ROUNDS16(t);
            SCHEDULE16();
        }
        ROUNDS16(64);

        ab = vaddq_u64(ab, ab0);
        cd = vaddq_u64(cd, cd0);
        ef = vaddq_u64(ef, ef0);
        gh = vaddq_u64(gh, gh0);
    }

    vst1q_u64(&state->h[0], ab);
    vst1q_u64(&state->h[2], cd);
    vst1q_u64(&state->h[4], ef);
    vst1q_u64(&state->h[6], gh);
}
