/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 rounds (FIPS 180-4) with the message schedule in vector
 * registers, shared by sha256_ssse3.c and sha256_avx2.c; included by each
 * after it defines the vector primitives listed below.
 */
#ifndef TD_SHA256_BODY_H
#define TD_SHA256_BODY_H

#include <stddef.h>
#include <stdint.h>

#include "sha2_constants.h"

#ifndef TD_V
#error "sha256_body.h: define TD_V and the primitives listed below first"
#endif

// The including file defines:
//   TD_V                  the vector type
//   V_WORDS               32-bit words in a vector: 4 (one block) or 8 (two
//                         blocks, block i in the low 128-bit half, i+1 in the
//                         high one)
//   V_ADD(a, b)           32-bit add;  V_XOR(a, b): xor
//   V_SRL(v, n)           32-bit logical shifts right and left, V_SLL(v, n)
//   V_SRLQ(v, n)          64-bit logical shift right
//   V_ALIGNR(hi, lo, n)   bytes n..n+15 of hi:lo in each 128-bit half (palignr)
//   V_SHUF(v, imm)        pshufd in each half
//   V_SHUFB(v, m)         pshufb in each half
//   V_LOAD4(p)            four words from p, into every 128-bit half
//   V_STORE(p, v)         unaligned store of V_WORDS words
// Everything the vectors do works within 128-bit halves, so with V_WORDS 8
// the two blocks never mix (Intel, "Fast SHA-256 Implementations on Intel
// Architecture Processors", 2012).

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

// pshufb masks that gather words 0 and 2 (where the 64-bit trick below
// leaves two sigma1 values) into words 0-1 or 2-3, zeroing the other two.
static const uint32_t sha256_sig1_lo[4] = { 0x03020100u, 0x0b0a0908u, 0x80808080u, 0x80808080u };
static const uint32_t sha256_sig1_hi[4] = { 0x80808080u, 0x80808080u, 0x03020100u, 0x0b0a0908u };

// sigma1 of words 0 and 2 of d, where each 64-bit lane of d holds one word
// twice: a 64-bit shift right by 17 then leaves ROTR 17 in the low half, so
// two rotations cost two shifts. Words 1 and 3 are garbage.
#define SIG1_PAIRS(d) V_XOR(V_XOR(V_SRLQ(d, 17), V_SRLQ(d, 19)), V_SRL(d, 10))

// x0..x3 hold W[t-16..t-1]; x0 becomes W[t..t+3]. W[t-15..t-12] and
// W[t-7..t-4] straddle two registers (palignr). W[t+2] and W[t+3] need
// sigma1 of W[t] and W[t+1], so sigma1 is done twice on two words.
#define SCHEDULE(x0, x1, x2, x3)                                               \
    do {                                                                       \
        const TD_V w15 = V_ALIGNR(x1, x0, 4);                                  \
        const TD_V w7 = V_ALIGNR(x3, x2, 4);                                   \
        const TD_V s0 = V_XOR(V_XOR(V_XOR(V_SRL(w15, 7), V_SLL(w15, 25)),      \
                                    V_XOR(V_SRL(w15, 18), V_SLL(w15, 14))),    \
                              V_SRL(w15, 3));                                  \
        x0 = V_ADD(V_ADD(x0, w7), s0);                                         \
        x0 = V_ADD(x0, V_SHUFB(SIG1_PAIRS(V_SHUF(x3, 0xfa)), sig1_lo));        \
        x0 = V_ADD(x0, V_SHUFB(SIG1_PAIRS(V_SHUF(x0, 0x50)), sig1_hi));        \
    } while (0)

// One round, the textbook form (22 operations: this file runs where SHA-NI
// is missing, Intel cores up to Cascade Lake, where the shorter-chained form
// of sha512_x2_body.h models slower). h takes W[t] + K[t]
// first, then Ch(e, f, g) and Sigma1(e). With BMI1, Ch = (e & f) + (~e & g),
// the second term one ANDN (faster in sha256_avx2.c; without ANDN, in
// sha256_ssse3.c, ((f ^ g) & e) ^ g). Maj(a, b, c) = b ^ ((a ^ b) & (b ^
// c)), this round's a ^ b being the next round's b ^ c. With BMI2 each
// rotation is one RORX. (docs/performance-notes.md, "Backend forms: figures
// from the code".)
#if defined(__BMI__)
#define ADD_CH(h, e, f, g) (h += (e) & (f), h += ~(e) & (g))
#else
#define ADD_CH(h, e, f, g) (h += (((f) ^ (g)) & (e)) ^ (g))
#endif
#define ROUND(a, b, c, d, e, f, g, h, wk, ab, bc)                              \
    do {                                                                       \
        h += (wk);                                                             \
        ADD_CH(h, e, f, g);                                                    \
        h += ROR32(e, 6) ^ ROR32(e, 11) ^ ROR32(e, 25);                        \
        d += h;                                                                \
        ab = (a) ^ (b);                                                        \
        h += ROR32(a, 2) ^ ROR32(a, 13) ^ ROR32(a, 22);                        \
        h += (b) ^ (ab & bc);                                                  \
    } while (0)

// Eight rounds from two groups of four W + K words; the names come back.
#define ROUNDS8(p, q)                                                          \
    ROUND(a, b, c, d, e, f, g, h, (p)[0], x, y);                               \
    ROUND(h, a, b, c, d, e, f, g, (p)[1], y, x);                               \
    ROUND(g, h, a, b, c, d, e, f, (p)[2], x, y);                               \
    ROUND(f, g, h, a, b, c, d, e, (p)[3], y, x);                               \
    ROUND(e, f, g, h, a, b, c, d, (q)[0], x, y);                               \
    ROUND(d, e, f, g, h, a, b, c, (q)[1], y, x);                               \
    ROUND(c, d, e, f, g, h, a, b, (q)[2], x, y);                               \
    ROUND(b, c, d, e, f, g, h, a, (q)[3], y, x)

#define LOAD_STATE(s)                                                          \
    uint32_t a = (s)[0], b = (s)[1], c = (s)[2], d = (s)[3];                   \
    uint32_t e = (s)[4], f = (s)[5], g = (s)[6], h = (s)[7];                   \
    uint32_t x, y = b ^ c

#define ADD_STATE(s)                                                           \
    do {                                                                       \
        (s)[0] += a; (s)[1] += b; (s)[2] += c; (s)[3] += d;                    \
        (s)[4] += e; (s)[5] += f; (s)[6] += g; (s)[7] += h;                    \
    } while (0)

// The first (low-half) block of x0..x3 (W[0..15], byte-swapped) into s.
// Its rounds read W + K from wk, a group of four words every V_WORDS words,
// while the schedule writes the groups ahead of them: groups t/4 + 4..7
// are computed during rounds t..t+15. With V_WORDS 8 the high half's words
// land beside them for sha256_rounds_wk.
static void sha256_pass(uint32_t s[8], TD_V x0, TD_V x1, TD_V x2, TD_V x3, uint32_t *wk)
{
    const TD_V sig1_lo = V_LOAD4(sha256_sig1_lo), sig1_hi = V_LOAD4(sha256_sig1_hi);
    LOAD_STATE(s);

    V_STORE(wk + 0 * V_WORDS, V_ADD(x0, V_LOAD4(td_sha256_k + 0)));
    V_STORE(wk + 1 * V_WORDS, V_ADD(x1, V_LOAD4(td_sha256_k + 4)));
    V_STORE(wk + 2 * V_WORDS, V_ADD(x2, V_LOAD4(td_sha256_k + 8)));
    V_STORE(wk + 3 * V_WORDS, V_ADD(x3, V_LOAD4(td_sha256_k + 12)));
    for (int t = 0; t < 48; t += 16) {
        uint32_t *p = wk + t / 4 * V_WORDS;
        const uint32_t *k = td_sha256_k + t + 16;
        SCHEDULE(x0, x1, x2, x3);
        V_STORE(p + 4 * V_WORDS, V_ADD(x0, V_LOAD4(k + 0)));
        SCHEDULE(x1, x2, x3, x0);
        V_STORE(p + 5 * V_WORDS, V_ADD(x1, V_LOAD4(k + 4)));
        ROUNDS8(p, p + V_WORDS);
        SCHEDULE(x2, x3, x0, x1);
        V_STORE(p + 6 * V_WORDS, V_ADD(x2, V_LOAD4(k + 8)));
        SCHEDULE(x3, x0, x1, x2);
        V_STORE(p + 7 * V_WORDS, V_ADD(x3, V_LOAD4(k + 12)));
        ROUNDS8(p + 2 * V_WORDS, p + 3 * V_WORDS);
    }
    ROUNDS8(wk + 12 * V_WORDS, wk + 13 * V_WORDS);
    ROUNDS8(wk + 14 * V_WORDS, wk + 15 * V_WORDS);

    ADD_STATE(s);
}

#if V_WORDS == 8
// A block whose W + K words sha256_pass already wrote (wk + 4: the high
// half's words) into s: rounds only.
static void sha256_rounds_wk(uint32_t s[8], const uint32_t *wk)
{
    LOAD_STATE(s);
    for (int t = 0; t < 64; t += 16) {
        const uint32_t *p = wk + t / 4 * V_WORDS;
        ROUNDS8(p, p + V_WORDS);
        ROUNDS8(p + 2 * V_WORDS, p + 3 * V_WORDS);
    }
    ADD_STATE(s);
}
#endif

#endif // TD_SHA256_BODY_H
