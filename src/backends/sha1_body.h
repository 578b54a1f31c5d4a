/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 rounds (FIPS 180-4) with the message schedule in vector registers,
 * shared by sha1_ssse3.c and sha1_avx2.c; included by each after it defines
 * the vector primitives listed below.
 */
#ifndef TD_SHA1_BODY_H
#define TD_SHA1_BODY_H

#include <stddef.h>
#include <stdint.h>

#ifndef TD_V
#error "sha1_body.h: define TD_V and the primitives listed below first"
#endif

// The including file defines:
//   TD_V                  the vector type
//   V_WORDS               32-bit words in a vector: 4 (one block) or 8 (two
//                         blocks, block i in the low 128-bit half, i+1 in the
//                         high one)
//   V_ADD(a, b)           32-bit add;  V_XOR(a, b): xor;  V_OR(a, b): or
//   V_SRL(v, n)           32-bit logical shifts right and left, V_SLL(v, n)
//   V_SRLB(v, n)          byte shifts of each 128-bit half (psrldq, pslldq),
//   V_SLLB(v, n)
//   V_ALIGNR(hi, lo, n)   bytes n..n+15 of hi:lo in each 128-bit half (palignr)
//   V_SET1(k)             k in every word
//   V_STORE(p, v)         unaligned store of V_WORDS words
// Everything the vectors do works within 128-bit halves, so with V_WORDS 8
// the two blocks never mix.

#define ROL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define V_ROL(v, n) V_OR(V_SLL(v, n), V_SRL(v, 32 - (n)))

// W[t..t+3] for t = 16..28 from the four groups before it, x1 = W[t-4..t-1]
// back to x4 = W[t-16..t-13]. W[t+3] needs W[t] of the same group: compute
// the group with 0 in W[t]'s place, then fix the last word, since
// ROL1(v ^ W[t]) = ROL1(v) ^ ROL2(the first word's input).
#define SCHED_EARLY(xn, x1, x2, x3, x4)                                        \
    do {                                                                       \
        const TD_V v = V_XOR(V_XOR(V_SRLB(x1, 4), x2),                         \
                             V_XOR(V_ALIGNR(x3, x4, 8), x4));                  \
        xn = V_XOR(V_ROL(v, 1), V_ROL(V_SLLB(v, 12), 2));                      \
    } while (0)

// W[t..t+3] for t >= 32: W[t] = ROL2(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32])
// (the recurrence applied to itself), whose nearest term is W[t-6], so a
// whole group is independent. x8 = W[t-32..t-29] is overwritten.
#define SCHED_LATE(x8, x1, x2, x4, x7)                                         \
    do {                                                                       \
        const TD_V v = V_XOR(V_XOR(V_ALIGNR(x1, x2, 8), x4), V_XOR(x7, x8));   \
        x8 = V_ROL(v, 2);                                                      \
    } while (0)

// W + K of round t, read through rk; group g (rounds 4g..4g+3) of the low
// half's block is at wk + g * V_WORDS, the high half's beside it.
#define WK(t) rk[(t) / 4 * V_WORDS + (t) % 4]
#define STORE(grp, v) V_STORE(wk + (grp) * V_WORDS, V_ADD(v, k[(grp) / 5]))

// One round: e += W[t] + K + f(b, c, d) + (a <<< 5); b <<<= 30. a is the
// previous round's result and b the one before, so the chain runs through
// both: f is split into terms with no common set bit, each one ADD, so that
// b meets a single AND before the sum, and a <<< 5 is added last.
// Ch = (b & c) + (~b & d) (one ANDN with BMI1), Maj = (b & (c ^ d)) + (c & d).
#define CH(e, b, c, d)  (e += (~(b) & (d)), e += (b) & (c))
#define PAR(e, b, c, d) (e += (b) ^ ((c) ^ (d)))
#define MAJ(e, b, c, d) (e += (c) & (d), e += (b) & ((c) ^ (d)))
#define ROUND(F, a, b, c, d, e, t)                                             \
    do {                                                                       \
        e += WK(t);                                                            \
        F(e, b, c, d);                                                         \
        e += ROL32(a, 5);                                                      \
        b = ROL32(b, 30);                                                      \
    } while (0)

// Five rounds bring the names back.
#define ROUNDS5(F, t)                                                          \
    ROUND(F, a, b, c, d, e, (t));                                              \
    ROUND(F, e, a, b, c, d, (t) + 1);                                          \
    ROUND(F, d, e, a, b, c, (t) + 2);                                          \
    ROUND(F, c, d, e, a, b, (t) + 3);                                          \
    ROUND(F, b, c, d, e, a, (t) + 4)

#define ROUNDS20(F, t)                                                         \
    ROUNDS5(F, (t));                                                           \
    ROUNDS5(F, (t) + 5);                                                       \
    ROUNDS5(F, (t) + 10);                                                      \
    ROUNDS5(F, (t) + 15)

#define LOAD_STATE(s)                                                          \
    uint32_t a = (s)[0], b = (s)[1], c = (s)[2], d = (s)[3], e = (s)[4]

#define ADD_STATE(s)                                                           \
    do {                                                                       \
        (s)[0] += a; (s)[1] += b; (s)[2] += c; (s)[3] += d; (s)[4] += e;       \
    } while (0)

// The first (low-half) block of x0..x3 (W[0..15], byte-swapped) into s. Its
// rounds read W + K from wk while the schedule writes the groups ahead:
// each 20 rounds run beside the next five groups. Eight registers hold the
// last 32 words (group g in x(g mod 8)).
static void sha1_pass(uint32_t s[5], TD_V x0, TD_V x1, TD_V x2, TD_V x3, uint32_t *wk)
{
    const TD_V k[4] = { V_SET1(0x5a827999u), V_SET1(0x6ed9eba1u),
                        V_SET1(0x8f1bbcdcu), V_SET1(0xca62c1d6u) };
    TD_V x4, x5, x6, x7;
    // The rounds read W + K back through a volatile pointer: otherwise GCC 12
    // forwards the stored vectors to them with VPEXTRD (two uops each) instead
    // of a load (docs/performance-notes.md, "Backend forms: figures from the
    // code").
    const volatile uint32_t *rk = wk;
    LOAD_STATE(s);

    STORE(0, x0); STORE(1, x1); STORE(2, x2); STORE(3, x3);
    SCHED_EARLY(x4, x3, x2, x1, x0); STORE(4, x4);
    SCHED_EARLY(x5, x4, x3, x2, x1); STORE(5, x5);
    SCHED_EARLY(x6, x5, x4, x3, x2); STORE(6, x6);
    SCHED_EARLY(x7, x6, x5, x4, x3); STORE(7, x7);
    SCHED_LATE(x0, x7, x6, x4, x1);  STORE(8, x0);
    ROUNDS20(CH, 0);
    SCHED_LATE(x1, x0, x7, x5, x2);  STORE(9, x1);
    SCHED_LATE(x2, x1, x0, x6, x3);  STORE(10, x2);
    SCHED_LATE(x3, x2, x1, x7, x4);  STORE(11, x3);
    SCHED_LATE(x4, x3, x2, x0, x5);  STORE(12, x4);
    SCHED_LATE(x5, x4, x3, x1, x6);  STORE(13, x5);
    ROUNDS20(PAR, 20);
    SCHED_LATE(x6, x5, x4, x2, x7);  STORE(14, x6);
    SCHED_LATE(x7, x6, x5, x3, x0);  STORE(15, x7);
    SCHED_LATE(x0, x7, x6, x4, x1);  STORE(16, x0);
    SCHED_LATE(x1, x0, x7, x5, x2);  STORE(17, x1);
    SCHED_LATE(x2, x1, x0, x6, x3);  STORE(18, x2);
    ROUNDS20(MAJ, 40);
    SCHED_LATE(x3, x2, x1, x7, x4);  STORE(19, x3);
    ROUNDS20(PAR, 60);

    ADD_STATE(s);
}

#if V_WORDS == 8
// A block whose W + K words sha1_pass already wrote (wk + 4: the high
// half's words) into s: rounds only.
static void sha1_rounds_wk(uint32_t s[5], const uint32_t *rk)
{
    LOAD_STATE(s);
    ROUNDS20(CH, 0);
    ROUNDS20(PAR, 20);
    ROUNDS20(MAJ, 40);
    ROUNDS20(PAR, 60);
    ADD_STATE(s);
}
#endif

#endif // TD_SHA1_BODY_H
