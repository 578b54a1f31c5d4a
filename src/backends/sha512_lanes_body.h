/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t rounds on lanes of independent messages, one
 * 64-bit word per vector element (FIPS 180-4 section 6.4.2, element-wise).
 * Shared by the SHA-512 lanes backends, which differ only in vector type and
 * primitives.
 *
 * The including file defines, before including this header:
 *   LANES_V                 the vector type
 *   LANES_FN                the name of the function to define
 *   LANES_ADD(a, b), LANES_SUB(a, b)  element-wise a + b, a - b (64-bit)
 *   LANES_SET1(x)           the 64-bit word x in every element
 *   LANES_BSIG0(x), LANES_BSIG1(x), LANES_SSIG0(x), LANES_SSIG1(x)
 *   LANES_CH(e, f, g), LANES_MAJ(a, b, c)
 *   LANES_LOAD(w, data, off)  w[0..15] = the big-endian words of the block
 *                           at data[lane] + off, for every lane
 * and may define
 *   LANES_ROLLED            rounds 16 to 79 of a lane's own block as a loop
 *                           of 16, not unrolled
 *   LANES_FEWEST_OPS        the round in 7 adds and a chain of 6, not 8 adds
 *                           and a chain of 3
 * and gets
 *   static void LANES_FN(LANES_V s[8], const uint8_t *const *data, size_t nblocks,
 *                        const uint64_t *wk)
 * which compresses nblocks (0 or more) 128-byte blocks of each lane into s
 * (s[0] holds every lane's a, ..., s[7] every lane's h), then, when wk is
 * not NULL, one block common to every lane whose W[t] + K[t] is wk[t]. It
 * may be included more than once with different definitions; it undefines
 * its own helper macros.
 */

#include <stddef.h>
#include <stdint.h>

#include "pin.h"
#include "sha2_constants.h" // td_sha512_k

#ifndef LANES_FN
#error "sha512_lanes_body.h: define LANES_V, LANES_FN and the others above first"
#endif

// The schedule is a 16-entry circular window, W[t] overwriting W[t - 16];
// W[t - 2], W[t - 7] and W[t - 15] are W(t + 14), W(t + 9) and W(t + 1).
#define LANES_W(i) w[(i) & 15]
#define LANES_EXPAND(i)                                                          \
    (LANES_W(i) = LANES_ADD(LANES_ADD(LANES_W(i), LANES_SSIG1(LANES_W((i) + 14))), \
                            LANES_ADD(LANES_W((i) + 9), LANES_SSIG0(LANES_W((i) + 1)))))

// Where round t gets W[t + 1] + K[t + 1] from: a lane's own block, or the
// shared block's words, broadcast from memory. A lane's own W[t + 6] is
// expanded at the start of round t: its words W[t + 4], W[t - 1], W[t - 9] and
// W[t - 10] are there by then, and the slot it takes held W[t - 10], which
// round t - 10 and W[t + 5]'s expansion (at round t - 1) were the last to
// read; faster than W[t + 1] (docs/performance-notes.md, "Backend forms:
// figures from the code"). The rolled rounds (below) expand one ahead, as
// their loop does.
#ifdef LANES_ROLLED
#define LANES_AHEAD 1
#else
#define LANES_AHEAD 6
#endif
#define LANES_PREP_DATA(t, i)                                  \
    do {                                                      \
        if ((t) >= 16 - LANES_AHEAD && (t) < 80 - LANES_AHEAD) \
            LANES_EXPAND((i) + LANES_AHEAD);                  \
    } while (0)
#define LANES_NEXT_WK_DATA(t, i) LANES_ADD(LANES_SET1(k[(t) + 1]), LANES_W((i) + 1))
#define LANES_PREP_SHARED(t, i) ((void)0)
#define LANES_NEXT_WK_SHARED(t, i) LANES_SET1(wk[(t) + 1])
// Rounds 16 to 79 of a lane's own block in a loop (LANES_ROLLED), t not a
// constant: every round expands, round 79 too, into a W[80] and a dhk that
// nothing reads (K[0] stands in for K[80]: the table ends at 79).
#define LANES_PREP_LOOP(t, i) LANES_EXPAND((i) + 1)
#define LANES_NEXT_WK_LOOP(t, i)                                                 \
    LANES_ADD(LANES_SET1(k[(t) + 1 < 80 ? (t) + 1 : 0]), LANES_W((i) + 1))
#define LANES_LAST_DATA(t) ((t) == 79)
#define LANES_LAST_SHARED(t) ((t) == 79)
#define LANES_LAST_LOOP(t) 0

#ifdef LANES_FEWEST_OPS
// Round t, W index i, in FIPS 180-4's order and 7 adds: T1 = dhk + Ch(e, f,
// g) + Sigma1(e), e' = d + T1, a' = T1 + Maj(a, b, c) + Sigma0(a), dhk = h +
// W[t] + K[t] summed a round early (this round's g is the next one's h). A
// chain of 6 from e to e', for lanes that wait on issue, not on latency.
#define LANES_ROUND(a, b, c, d, e, f, g, h, t, i, SRC)                           \
    do {                                                                         \
        LANES_PREP_##SRC(t, i);                                                  \
        const LANES_V t1_ = LANES_ADD(LANES_ADD(dhk, LANES_CH((e), (f), (g))), LANES_BSIG1(e)); \
        if (!LANES_LAST_##SRC(t))                                                \
            dhk = LANES_ADD((g), LANES_NEXT_WK_##SRC(t, i));                     \
        (d) = LANES_ADD((d), t1_);                                               \
        (h) = LANES_ADD(LANES_ADD(t1_, LANES_MAJ((a), (b), (c))), LANES_BSIG0(a)); \
    } while (0)
#define LANES_DHK(h, d, wk) LANES_ADD((h), (wk))
#else
// Round t, W index i, as in the scalar round of sha512_x2_body.h: e' = dhk +
// Ch(e, f, g) + Sigma1(e) and a' = e' + (Maj(a, b, c) - d) + Sigma0(a), dhk
// = d + h + W[t] + K[t] being summed a round early (this round's c and g are
// the next one's d and h): e' waits on e for a rotation, the three-way XOR
// and one add.
// (the textbook form, which GCC 12 made a chain of 6, was slower: the
// notes' "SHA-384/512 lanes"). Summing g into
// dhk before Ch leaves Ch as g's last use, so a destructive three-input Ch
// may overwrite it. The PINs keep the sums in this order.
// W[t + 1] is expanded at the start of round t.
#define LANES_ROUND(a, b, c, d, e, f, g, h, t, i, SRC)                           \
    do {                                                                         \
        LANES_PREP_##SRC(t, i);                                                  \
        LANES_V next_ = dhk;                                                     \
        if (!LANES_LAST_##SRC(t)) {                                              \
            next_ = LANES_ADD(LANES_ADD((g), LANES_NEXT_WK_##SRC(t, i)), (c));     \
            PIN_VECTOR(next_);                                                   \
        }                                                                        \
        LANES_V x_ = LANES_ADD(dhk, LANES_CH((e), (f), (g)));                     \
        PIN_VECTOR(x_);                                                          \
        dhk = next_;                                                             \
        LANES_V maj_minus_d_ = LANES_SUB(LANES_MAJ((a), (b), (c)), (d));           \
        PIN_VECTOR(maj_minus_d_);                                                \
        (d) = LANES_ADD(x_, LANES_BSIG1(e));                                      \
        PIN_VECTOR(d);                                                           \
        (h) = LANES_ADD((d), maj_minus_d_);                                      \
        PIN_VECTOR(h);                                                           \
        (h) = LANES_ADD((h), LANES_BSIG0(a));                                     \
    } while (0)
#define LANES_DHK(h, d, wk) LANES_ADD(LANES_ADD((h), (wk)), (d))
#endif

// Eight rounds from t (a multiple of 8), W index i (0 or 8).
#define LANES_ROUNDS8(t, i, SRC)                                   \
    do {                                                           \
        LANES_ROUND(a, b, c, d, e, f, g, h, (t) + 0, (i) + 0, SRC); \
        LANES_ROUND(h, a, b, c, d, e, f, g, (t) + 1, (i) + 1, SRC); \
        LANES_ROUND(g, h, a, b, c, d, e, f, (t) + 2, (i) + 2, SRC); \
        LANES_ROUND(f, g, h, a, b, c, d, e, (t) + 3, (i) + 3, SRC); \
        LANES_ROUND(e, f, g, h, a, b, c, d, (t) + 4, (i) + 4, SRC); \
        LANES_ROUND(d, e, f, g, h, a, b, c, (t) + 5, (i) + 5, SRC); \
        LANES_ROUND(c, d, e, f, g, h, a, b, (t) + 6, (i) + 6, SRC); \
        LANES_ROUND(b, c, d, e, f, g, h, a, (t) + 7, (i) + 7, SRC); \
    } while (0)

// All 80 rounds, fully unrolled: every W, K and wk index is a constant.
#define LANES_ROUNDS80(SRC)         \
    do {                            \
        LANES_ROUNDS8(0, 0, SRC);   \
        LANES_ROUNDS8(8, 8, SRC);   \
        LANES_ROUNDS8(16, 0, SRC);  \
        LANES_ROUNDS8(24, 8, SRC);  \
        LANES_ROUNDS8(32, 0, SRC);  \
        LANES_ROUNDS8(40, 8, SRC);  \
        LANES_ROUNDS8(48, 0, SRC);  \
        LANES_ROUNDS8(56, 8, SRC);  \
        LANES_ROUNDS8(64, 0, SRC);  \
        LANES_ROUNDS8(72, 8, SRC);  \
    } while (0)

// s += the working variables, which then start the next block.
#define LANES_FEED_FORWARD()          \
    do {                              \
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
                     const uint64_t *wk)
{
    LANES_V a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    LANES_V dhk;
    for (size_t off = 0; nblocks != 0; nblocks--, off += 128) {
        // Read K through a pointer the compiler cannot see through, once
        // per block: each K[t] is then broadcast from memory in the round
        // that uses it, instead of built as an immediate in a general
        // register, or hoisted out of the loop as 80 broadcasts that GCC 12
        // keeps in stack slots.
        const uint64_t *k = td_sha512_k;
        PIN_SCALAR(k);
        LANES_V w[16];
        LANES_LOAD(w, data, off);
        dhk = LANES_DHK(h, d, LANES_ADD(LANES_SET1(k[0]), LANES_W(0)));
#ifdef LANES_ROLLED
        LANES_ROUNDS8(0, 0, DATA);
        LANES_ROUNDS8(8, 8, DATA);
        for (size_t t = 16; t < 80; t += 16) {
            LANES_ROUNDS8(t, 0, LOOP);
            LANES_ROUNDS8(t + 8, 8, LOOP);
        }
#else
        LANES_ROUNDS80(DATA);
#endif
        LANES_FEED_FORWARD();
    }
    if (wk != NULL) {
        // The shared block: no load, transpose or schedule.
        dhk = LANES_DHK(h, d, LANES_SET1(wk[0]));
        LANES_ROUNDS80(SHARED);
        LANES_FEED_FORWARD();
    }
}

#undef LANES_W
#undef LANES_EXPAND
#undef LANES_AHEAD
#undef LANES_PREP_DATA
#undef LANES_NEXT_WK_DATA
#undef LANES_PREP_SHARED
#undef LANES_NEXT_WK_SHARED
#undef LANES_PREP_LOOP
#undef LANES_NEXT_WK_LOOP
#undef LANES_LAST_DATA
#undef LANES_LAST_SHARED
#undef LANES_LAST_LOOP
#undef LANES_ROUND
#undef LANES_DHK
#undef LANES_ROUNDS8
#undef LANES_ROUNDS80
#undef LANES_FEED_FORWARD
