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
 *   static void LANES_FN(LANES_V s[8], const uint8_t *const *data, size_t nblocks)
 * which compresses nblocks blocks of each lane into s (s[0] holds every
 * lane's a, ..., s[7] every lane's h). It may be included more than once
 * with different definitions; it undefines its own helper macros at the end.
 */

#include "sha2_constants.h"

// The schedule is a 16-entry circular window, W[t] overwriting W[t - 16];
// W[t - 2], W[t - 7] and W[t - 15] are W(t + 14), W(t + 9) and W(t + 1).
#define LANES_W(i) w[(i) & 15]
#define LANES_EXPAND(i)                                                          \
    (LANES_W(i) = LANES_ADD(LANES_ADD(LANES_W(i), LANES_SSIG1(LANES_W((i) + 14))), \
                            LANES_ADD(LANES_W((i) + 9), LANES_SSIG0(LANES_W((i) + 1)))))

// Round t, W index i: T1 = h + K[t] + W[t] + Sigma1(e) + Ch(e, f, g),
// d += T1, h = T1 + Sigma0(a) + Maj(a, b, c); the caller rotates the names.
// hk holds h + K[t] + W[t], summed a round early: this round's g is the next
// round's h, so taking g + K[t + 1] + W[t + 1] before Ch leaves Ch as g's last
// use, and a destructive three-input Ch (VPTERNLOGD) may then overwrite g
// instead of a copy of it (Clang does; GCC 12 reassociates the sums and
// copies anyway, at no measurable cost). So W[t + 1] is expanded at the start
// of round t.
#define LANES_ROUND(a, b, c, d, e, f, g, h, t, i)                                     \
    do {                                                                              \
        if ((t) >= 15 && (t) < 63)                                                    \
            LANES_EXPAND((i) + 1);                                                    \
        LANES_V t1_ = LANES_ADD(hk, LANES_BSIG1(e));                                    \
        if ((t) < 63)                                                                 \
            hk = LANES_ADD((g), LANES_ADD(LANES_SET1(k[(t) + 1]), LANES_W((i) + 1)));   \
        t1_ = LANES_ADD(t1_, LANES_CH((e), (f), (g)));                                \
        (d) = LANES_ADD((d), t1_);                                                    \
        (h) = LANES_ADD(t1_, LANES_ADD(LANES_BSIG0(a), LANES_MAJ((a), (b), (c))));      \
    } while (0)

// Eight rounds from t (a multiple of 8), W index i (0 or 8).
#define LANES_ROUNDS8(t, i)                                   \
    do {                                                      \
        LANES_ROUND(a, b, c, d, e, f, g, h, (t) + 0, (i) + 0); \
        LANES_ROUND(h, a, b, c, d, e, f, g, (t) + 1, (i) + 1); \
        LANES_ROUND(g, h, a, b, c, d, e, f, (t) + 2, (i) + 2); \
        LANES_ROUND(f, g, h, a, b, c, d, e, (t) + 3, (i) + 3); \
        LANES_ROUND(e, f, g, h, a, b, c, d, (t) + 4, (i) + 4); \
        LANES_ROUND(d, e, f, g, h, a, b, c, (t) + 5, (i) + 5); \
        LANES_ROUND(c, d, e, f, g, h, a, b, (t) + 6, (i) + 6); \
        LANES_ROUND(b, c, d, e, f, g, h, a, (t) + 7, (i) + 7); \
    } while (0)

static void LANES_FN(LANES_V s[8], const uint8_t *const *data, size_t nblocks)
{
    // Read through a pointer the compiler cannot see through: it broadcasts
    // each K[t] from memory (a load) instead of folding it into an immediate
    // moved to a general register and broadcast from there (a shuffle).
    const uint32_t *k = td_sha256_k;
#if defined(__GNUC__)
    __asm__("" : "+r"(k));
#endif
    LANES_V a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    size_t off = 0;
    do {
        LANES_V w[16];
        LANES_LOAD(w, data, off);
        // Fully unrolled: every W and K index is a constant.
        LANES_V hk = LANES_ADD(h, LANES_ADD(LANES_SET1(k[0]), LANES_W(0)));
        LANES_ROUNDS8(0, 0);
        LANES_ROUNDS8(8, 8);
        LANES_ROUNDS8(16, 0);
        LANES_ROUNDS8(24, 8);
        LANES_ROUNDS8(32, 0);
        LANES_ROUNDS8(40, 8);
        LANES_ROUNDS8(48, 0);
        LANES_ROUNDS8(56, 8);
        a = s[0] = LANES_ADD(a, s[0]);
        b = s[1] = LANES_ADD(b, s[1]);
        c = s[2] = LANES_ADD(c, s[2]);
        d = s[3] = LANES_ADD(d, s[3]);
        e = s[4] = LANES_ADD(e, s[4]);
        f = s[5] = LANES_ADD(f, s[5]);
        g = s[6] = LANES_ADD(g, s[6]);
        h = s[7] = LANES_ADD(h, s[7]);
        off += 64;
    } while (--nblocks != 0);
}

#undef LANES_W
#undef LANES_EXPAND
#undef LANES_ROUND
#undef LANES_ROUNDS8
