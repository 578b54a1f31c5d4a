/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 rounds on lanes of independent messages, one 32-bit word per
 * vector element (FIPS 180-4 section 6.2.2, element-wise). Shared by the
 * lanes backends, which differ only in vector type and primitives.
 *
 * The including file defines, before including this header:
 *   LANES_V                 the vector type
 *   LANES_FN                the name of the function to define
 *   LANES_ADD(a, b)         element-wise a + b
 *   LANES_SET1(x)           the 32-bit word x in every element
 *   LANES_BSIG0(x), LANES_BSIG1(x), LANES_SSIG0(x), LANES_SSIG1(x)
 *   LANES_CH(e, f, g), LANES_MAJ(a, b, c)
 *   LANES_LOAD(w, data, off)  w[0..15] = the big-endian words of the block
 *                           at data[lane] + off, for every lane
 * and gets
 *   static void LANES_FN(LANES_V s[8], const uint8_t *const *data, size_t nblocks,
 *                        const uint32_t *wk)
 * which compresses nblocks (0 or more) blocks of each lane into s (s[0]
 * holds every lane's a, ..., s[7] every lane's h), then, when wk is not
 * NULL, the block whose W[t] + K[t] is wk[t] in every lane, the state still
 * in registers. It may be included more than once with different
 * definitions; it undefines its own helper macros at the end.
 */

#include <stddef.h>
#include <stdint.h>

#include "pin.h"
#include "sha2_constants.h"

#ifndef LANES_FN
#error "sha256_lanes_body.h: define LANES_V, LANES_FN and the others above first"
#endif

// The schedule is a 16-entry circular window, W[t] overwriting W[t - 16];
// W[t - 2], W[t - 7] and W[t - 15] are W(t + 14), W(t + 9) and W(t + 1).
#define LANES_W(i) w[(i) & 15]
#define LANES_EXPAND(i)                                                          \
    (LANES_W(i) = LANES_ADD(LANES_ADD(LANES_W(i), LANES_SSIG1(LANES_W((i) + 14))), \
                            LANES_ADD(LANES_W((i) + 9), LANES_SSIG0(LANES_W((i) + 1)))))

// Round t; the caller rotates the names. On entry hk = h + W[t] + K[t].
// T1 = (hk + Ch) + Sigma1(e), e' = d + T1, a' = T1 + (Sigma0(a) + Maj): 17
// vector operations, the fewest, since the lanes are bound by how many issue
// rather than by e's chain of four. PIN_VECTOR keeps GCC from reassociating
// the sums, which put five operations after the rotations (the notes'
// "SHA-224/256 lanes").
// EXP(t) is round t's share of the schedule, WK(t) the vector W[t] + K[t].
#define LANES_ROUND(a, b, c, d, e, f, g, h, t, EXP, WK)                          \
    do {                                                                          \
        const LANES_V ch_ = LANES_CH((e), (f), (g));                              \
        const LANES_V s1_ = LANES_BSIG1(e);                                       \
        EXP(t);                                                                   \
        LANES_V t1_ = LANES_ADD(hk, ch_);                                         \
        PIN_VECTOR(t1_);                                                          \
        if ((t) < 63)                                                             \
            hk = LANES_ADD((g), WK((t) + 1));                                     \
        PIN_VECTOR(hk);                                                           \
        t1_ = LANES_ADD(t1_, s1_);                                                \
        PIN_VECTOR(t1_);                                                          \
        (d) = LANES_ADD((d), t1_);                                                \
        LANES_V t2_ = LANES_ADD(LANES_BSIG0(a), LANES_MAJ((a), (b), (c)));        \
        PIN_VECTOR(t2_);                                                          \
        (h) = LANES_ADD(t1_, t2_);                                                \
    } while (0)

// Eight rounds from t, a multiple of 8.
#define LANES_ROUNDS8(t, EXP, WK)                               \
    do {                                                        \
        LANES_ROUND(a, b, c, d, e, f, g, h, (t) + 0, EXP, WK); \
        LANES_ROUND(h, a, b, c, d, e, f, g, (t) + 1, EXP, WK); \
        LANES_ROUND(g, h, a, b, c, d, e, f, (t) + 2, EXP, WK); \
        LANES_ROUND(f, g, h, a, b, c, d, e, (t) + 3, EXP, WK); \
        LANES_ROUND(e, f, g, h, a, b, c, d, (t) + 4, EXP, WK); \
        LANES_ROUND(d, e, f, g, h, a, b, c, (t) + 5, EXP, WK); \
        LANES_ROUND(c, d, e, f, g, h, a, b, (t) + 6, EXP, WK); \
        LANES_ROUND(b, c, d, e, f, g, h, a, (t) + 7, EXP, WK); \
    } while (0)
#define LANES_ROUNDS64(EXP, WK)     \
    do {                            \
        LANES_ROUNDS8(0, EXP, WK);  \
        LANES_ROUNDS8(8, EXP, WK);  \
        LANES_ROUNDS8(16, EXP, WK); \
        LANES_ROUNDS8(24, EXP, WK); \
        LANES_ROUNDS8(32, EXP, WK); \
        LANES_ROUNDS8(40, EXP, WK); \
        LANES_ROUNDS8(48, EXP, WK); \
        LANES_ROUNDS8(56, EXP, WK); \
    } while (0)

// A block of the lanes: round t expands W[t + 8], whose slot (W[t - 8]'s)
// nothing reads any more; eight rounds ahead measured faster than one.
#define LANES_EXP_DATA(t)                  \
    do {                                   \
        if ((t) + 8 >= 16 && (t) + 8 < 64) \
            LANES_EXPAND((t) + 8);         \
    } while (0)
#define LANES_WK_DATA(t) LANES_ADD(LANES_W(t), LANES_SET1(k[(t) & 63]))
// The shared block: no schedule, W[t] + K[t] broadcast from memory.
#define LANES_EXP_NONE(t) ((void)0)
#define LANES_WK_SHARED(t) LANES_SET1(wk[(t) & 63])

#define LANES_FEED_FORWARD()           \
    do {                               \
        a = s[0] = LANES_ADD(a, s[0]); \
        b = s[1] = LANES_ADD(b, s[1]); \
        c = s[2] = LANES_ADD(c, s[2]); \
        d = s[3] = LANES_ADD(d, s[3]); \
        e = s[4] = LANES_ADD(e, s[4]); \
        f = s[5] = LANES_ADD(f, s[5]); \
        g = s[6] = LANES_ADD(g, s[6]); \
        h = s[7] = LANES_ADD(h, s[7]); \
    } while (0)

static void LANES_FN(LANES_V s[8], const uint8_t *const *data, size_t nblocks,
                     const uint32_t *wk)
{
    LANES_V a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    LANES_V hk;
    for (size_t off = 0; nblocks != 0; nblocks--, off += 64) {
        // Hidden from GCC inside the loop, so that each K[t] is a broadcast
        // memory operand, not one of 64 vectors hoisted to the stack.
        const uint32_t *k = td_sha256_k;
        PIN_SCALAR(k);
        LANES_V w[16];
        LANES_LOAD(w, data, off);
        hk = LANES_ADD(h, LANES_WK_DATA(0));
        LANES_ROUNDS64(LANES_EXP_DATA, LANES_WK_DATA);
        LANES_FEED_FORWARD();
    }
    if (wk != NULL) {
        hk = LANES_ADD(h, LANES_WK_SHARED(0));
        LANES_ROUNDS64(LANES_EXP_NONE, LANES_WK_SHARED);
        LANES_FEED_FORWARD();
    }
}

#undef LANES_W
#undef LANES_EXPAND
#undef LANES_ROUND
#undef LANES_ROUNDS8
#undef LANES_ROUNDS64
#undef LANES_EXP_DATA
#undef LANES_WK_DATA
#undef LANES_EXP_NONE
#undef LANES_WK_SHARED
#undef LANES_FEED_FORWARD
