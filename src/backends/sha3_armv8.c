/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] absorbing SHA-3 and SHAKE blocks with the ARMv8.2 SHA3
 * instructions (EOR3, RAX1, XAR, BCAX; Arm ARM, "Cryptographic
 * Extension"). Needs FEAT_SHA3; compiled with -march=armv8.2-a+sha3. Not
 * yet timed on hardware; under qemu -cpu max a 136-byte block (SHA3-256)
 * is 1876 executed instructions with GCC 12 (portable C: 3766), 1755 with
 * Clang 14 (3907): docs/performance-notes.md, "Keccak-f[1600] on AArch64".
 */
#include <stddef.h>
#include <stdint.h>

#include <arm_neon.h>

#include "../td_backend.h"
#include "backends.h"
#include "keccak_constants.h"

#if defined(__AARCH64EB__)
#error "sha3_armv8.c assumes little-endian AArch64"
#endif
#if defined(__GNUC__) && !defined(__ARM_FEATURE_SHA3)
#error "sha3_armv8.c needs the SHA3 instructions: compile it with -march=armv8.2-a+sha3"
#endif

// Register layout: one lane per vector, lane (x, y) in the low half of
// register a[x + 5y]. The high halves run a second Keccak on whatever the
// absorbing left there and are never stored. 25 registers for the state and
// up to 7 for C, D and the row chi is writing: the state stays in registers
// for the whole run of blocks.
//
// A round:
// - theta's column parities: C[x] = EOR3(EOR3(a[x], a[x+5], a[x+10]),
//   a[x+15], a[x+20]), two instructions each;
// - D[x] = C[x-1] ^ rol(C[x+1], 1): one RAX1;
// - theta's XOR, rho's rotation and pi's move in one XAR per lane,
//   b = ror(a ^ D, 64 - r) (lane (0, 0), not rotated, a plain EOR);
// - chi, a ^ (~b & c): one BCAX, a ^ (c & ~b);
// - iota: one EOR with the round constant.
// 67 vector instructions a round with the constant's load, 69 with the
// loop's count and branch: Clang 14's loop is 71, GCC 12's 76 (7 of them
// moving values to and from the stack).

// The state's registers pinned at the start of each round, so that no
// round's work moves into the one before it: without them GCC 12's loop is
// 78 instructions, with 9 to and from the stack (pins at other places
// inside the round made it no better). No instruction is emitted.
#if defined(__GNUC__)
#define PIN(v) __asm__("" : "+w"(v))
#else
#define PIN(v) ((void)0)
#endif
#define PIN5(p0, p1, p2, p3, p4) \
    do {                         \
        PIN(p0);                 \
        PIN(p1);                 \
        PIN(p2);                 \
        PIN(p3);                 \
        PIN(p4);                 \
    } while (0)

#define XAR(a, d, r) vxarq_u64((a), (d), 64 - (r))

// chi along a row, in place: p[i] ^= ~p[i+1] & p[i+2], from the row as it
// was (the first two kept for the last two).
#define CHI_ROW(p0, p1, p2, p3, p4)                      \
    do {                                                 \
        const uint64x2_t q0_ = (p0), q1_ = (p1);         \
        (p0) = vbcaxq_u64(q0_, (p2), q1_);               \
        (p1) = vbcaxq_u64(q1_, (p3), (p2));              \
        (p2) = vbcaxq_u64((p2), (p4), (p3));             \
        (p3) = vbcaxq_u64((p3), q0_, (p4));              \
        (p4) = vbcaxq_u64((p4), q1_, q0_);               \
    } while (0)

// Two words from p into a and b; one into a.
#define ABSORB2(a, b, p)                                             \
    do {                                                             \
        const uint64x2_t m_ = vreinterpretq_u64_u8(vld1q_u8(p));     \
        (a) = veorq_u64((a), m_);                                    \
        (b) = veorq_u64((b), vdupq_laneq_u64(m_, 1));                \
    } while (0)
#define ABSORB1(a, p) \
    ((a) = veorq_u64((a), vcombine_u64(vreinterpret_u64_u8(vld1_u8(p)), vdup_n_u64(0))))

void td_sha3_blocks_armv8_sha3(td_sha3_state *state, const uint8_t *data, size_t nblocks,
                               size_t rate)
{
    uint64x2_t a0 = vld1q_dup_u64(&state->a[0]), a1 = vld1q_dup_u64(&state->a[1]);
    uint64x2_t a2 = vld1q_dup_u64(&state->a[2]), a3 = vld1q_dup_u64(&state->a[3]);
    uint64x2_t a4 = vld1q_dup_u64(&state->a[4]), a5 = vld1q_dup_u64(&state->a[5]);
    uint64x2_t a6 = vld1q_dup_u64(&state->a[6]), a7 = vld1q_dup_u64(&state->a[7]);
    uint64x2_t a8 = vld1q_dup_u64(&state->a[8]), a9 = vld1q_dup_u64(&state->a[9]);
    uint64x2_t a10 = vld1q_dup_u64(&state->a[10]), a11 = vld1q_dup_u64(&state->a[11]);
    uint64x2_t a12 = vld1q_dup_u64(&state->a[12]), a13 = vld1q_dup_u64(&state->a[13]);
    uint64x2_t a14 = vld1q_dup_u64(&state->a[14]), a15 = vld1q_dup_u64(&state->a[15]);
    uint64x2_t a16 = vld1q_dup_u64(&state->a[16]), a17 = vld1q_dup_u64(&state->a[17]);
    uint64x2_t a18 = vld1q_dup_u64(&state->a[18]), a19 = vld1q_dup_u64(&state->a[19]);
    uint64x2_t a20 = vld1q_dup_u64(&state->a[20]), a21 = vld1q_dup_u64(&state->a[21]);
    uint64x2_t a22 = vld1q_dup_u64(&state->a[22]), a23 = vld1q_dup_u64(&state->a[23]);
    uint64x2_t a24 = vld1q_dup_u64(&state->a[24]);

    do {
        // The rates' words: 9, 13, 17, 18 or 21, in pairs where they pair.
        ABSORB2(a0, a1, data);
        ABSORB2(a2, a3, data + 16);
        ABSORB2(a4, a5, data + 32);
        ABSORB2(a6, a7, data + 48);
        if (rate == 72) {
            ABSORB1(a8, data + 64);
        } else {
            ABSORB2(a8, a9, data + 64);
            ABSORB2(a10, a11, data + 80);
            if (rate == 104) {
                ABSORB1(a12, data + 96);
            } else {
                ABSORB2(a12, a13, data + 96);
                ABSORB2(a14, a15, data + 112);
                if (rate == 136) {
                    ABSORB1(a16, data + 128);
                } else {
                    ABSORB2(a16, a17, data + 128);
                    if (rate == 168) {
                        ABSORB2(a18, a19, data + 144);
                        ABSORB1(a20, data + 160);
                    }
                }
            }
        }
        data += rate;

        for (size_t r = 0; r < 24; r++) {
            PIN5(a0, a1, a2, a3, a4);
            PIN5(a5, a6, a7, a8, a9);
            PIN5(a10, a11, a12, a13, a14);
            PIN5(a15, a16, a17, a18, a19);
            PIN5(a20, a21, a22, a23, a24);
            // theta: C, then D, each D where a C has died, so that state, C
            // and D never need more than 32 registers.
            const uint64x2_t c0 = veor3q_u64(veor3q_u64(a0, a5, a10), a15, a20);
            const uint64x2_t c1 = veor3q_u64(veor3q_u64(a1, a6, a11), a16, a21);
            const uint64x2_t c2 = veor3q_u64(veor3q_u64(a2, a7, a12), a17, a22);
            const uint64x2_t c3 = veor3q_u64(veor3q_u64(a3, a8, a13), a18, a23);
            const uint64x2_t c4 = veor3q_u64(veor3q_u64(a4, a9, a14), a19, a24);
            const uint64x2_t d1 = vrax1q_u64(c0, c2);
            const uint64x2_t d3 = vrax1q_u64(c2, c4);
            const uint64x2_t d0 = vrax1q_u64(c4, c1);
            const uint64x2_t d2 = vrax1q_u64(c1, c3);
            const uint64x2_t d4 = vrax1q_u64(c3, c0);
            // theta's XOR, rho and pi along pi's one cycle of 24 lanes: lane
            // (x, y) goes to (y, 2x + 3y mod 5), rotated left by rho's
            // offset for (x, y), each into the place the last one left.
            const uint64x2_t t = a1;
            a0 = veorq_u64(a0, d0);
            a1 = XAR(a6, d1, 44);
            a6 = XAR(a9, d4, 20);
            a9 = XAR(a22, d2, 61);
            a22 = XAR(a14, d4, 39);
            a14 = XAR(a20, d0, 18);
            a20 = XAR(a2, d2, 62);
            a2 = XAR(a12, d2, 43);
            a12 = XAR(a13, d3, 25);
            a13 = XAR(a19, d4, 8);
            a19 = XAR(a23, d3, 56);
            a23 = XAR(a15, d0, 41);
            a15 = XAR(a4, d4, 27);
            a4 = XAR(a24, d4, 14);
            a24 = XAR(a21, d1, 2);
            a21 = XAR(a8, d3, 55);
            a8 = XAR(a16, d1, 45);
            a16 = XAR(a5, d0, 36);
            a5 = XAR(a3, d3, 28);
            a3 = XAR(a18, d3, 21);
            a18 = XAR(a17, d2, 15);
            a17 = XAR(a11, d1, 10);
            a11 = XAR(a7, d2, 6);
            a7 = XAR(a10, d0, 3);
            a10 = XAR(t, d1, 1);
            // chi, row by row, and iota.
            CHI_ROW(a0, a1, a2, a3, a4);
            CHI_ROW(a5, a6, a7, a8, a9);
            CHI_ROW(a10, a11, a12, a13, a14);
            CHI_ROW(a15, a16, a17, a18, a19);
            CHI_ROW(a20, a21, a22, a23, a24);
            a0 = veorq_u64(a0, vld1q_dup_u64(&td_keccak_rc[r]));
        }
    } while (--nblocks != 0);

    vst1q_lane_u64(&state->a[0], a0, 0);
    vst1q_lane_u64(&state->a[1], a1, 0);
    vst1q_lane_u64(&state->a[2], a2, 0);
    vst1q_lane_u64(&state->a[3], a3, 0);
    vst1q_lane_u64(&state->a[4], a4, 0);
    vst1q_lane_u64(&state->a[5], a5, 0);
    vst1q_lane_u64(&state->a[6], a6, 0);
    vst1q_lane_u64(&state->a[7], a7, 0);
    vst1q_lane_u64(&state->a[8], a8, 0);
    vst1q_lane_u64(&state->a[9], a9, 0);
    vst1q_lane_u64(&state->a[10], a10, 0);
    vst1q_lane_u64(&state->a[11], a11, 0);
    vst1q_lane_u64(&state->a[12], a12, 0);
    vst1q_lane_u64(&state->a[13], a13, 0);
    vst1q_lane_u64(&state->a[14], a14, 0);
    vst1q_lane_u64(&state->a[15], a15, 0);
    vst1q_lane_u64(&state->a[16], a16, 0);
    vst1q_lane_u64(&state->a[17], a17, 0);
    vst1q_lane_u64(&state->a[18], a18, 0);
    vst1q_lane_u64(&state->a[19], a19, 0);
    vst1q_lane_u64(&state->a[20], a20, 0);
    vst1q_lane_u64(&state->a[21], a21, 0);
    vst1q_lane_u64(&state->a[22], a22, 0);
    vst1q_lane_u64(&state->a[23], a23, 0);
    vst1q_lane_u64(&state->a[24], a24, 0);
}
