/* SPDX-License-Identifier: Apache-2.0
 * The SHA-2 block function in portable C (FIPS 180-4 section 6.2.2 and
 * 6.4.2): one body for SHA-224/256 and SHA-384/512, which differ only in
 * word size, constants and the number of rounds.
 *
 * The including file defines, before including this header:
 *   SHA2_WORD               uint32_t or uint64_t
 *   SHA2_FN, SHA2_STATE     the function to define and its state type
 *   SHA2_K                  the round constants
 *   SHA2_ROUNDS             64 or 80
 *   SHA2_LOAD(p, t)         the big-endian word t of the block at p
 *   BSIG0, BSIG1, SSIG0, SSIG1  the sigmas
 * and gets
 *   void SHA2_FN(SHA2_STATE *state, const uint8_t *data, size_t nblocks)
 */

#include <stddef.h>
#include <stdint.h>

#ifndef SHA2_FN
#error "sha2_portable_body.h: define SHA2_FN and the others above first"
#endif

// The message schedule lives in a 16-word circular window: W[t] for t >= 16
// overwrites W[t - 16], which is never read again. W[t - 2], W[t - 7] and
// W[t - 15] are W(t + 14), W(t + 9) and W(t + 1) mod 16.
#define W(t) w[(t) & 15]
#define LOAD(t)   (W(t) = SHA2_LOAD(p, t))
#define EXPAND(t) (W(t) += SSIG1(W((t) + 14)) + W((t) + 9) + SSIG0(W((t) + 1)))

// One round. h takes K[t] + W[t] first, since neither depends on the round
// before, then Ch(e, f, g) = ((f ^ g) & e) ^ g, the shorter, then Sigma1(e),
// each added on its own (a few percent faster than adding their sum).
// Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)): this round's a ^ b is the next
// round's b ^ c, so Maj costs two operations plus the XOR kept in ab/bc (the
// caller swaps the two names every round instead of copying).
#define ROUND(a, b, c, d, e, f, g, h, t, wt, ab, bc)    \
    do {                                                \
        h += (wt) + SHA2_K[t];                          \
        h += (((f) ^ (g)) & (e)) ^ (g);                 \
        h += BSIG1(e);                                  \
        d += h;                                         \
        ab = (a) ^ (b);                                 \
        h += BSIG0(a) + ((b) ^ (ab & bc));              \
    } while (0)

// Eight rounds bring the names back to where they started; x and y take
// turns as a ^ b and b ^ c.
#define EIGHT(M, t)                                     \
    ROUND(a, b, c, d, e, f, g, h, (t),     M((t)),     x, y); \
    ROUND(h, a, b, c, d, e, f, g, (t) + 1, M((t) + 1), y, x); \
    ROUND(g, h, a, b, c, d, e, f, (t) + 2, M((t) + 2), x, y); \
    ROUND(f, g, h, a, b, c, d, e, (t) + 3, M((t) + 3), y, x); \
    ROUND(e, f, g, h, a, b, c, d, (t) + 4, M((t) + 4), x, y); \
    ROUND(d, e, f, g, h, a, b, c, (t) + 5, M((t) + 5), y, x); \
    ROUND(c, d, e, f, g, h, a, b, (t) + 6, M((t) + 6), x, y); \
    ROUND(b, c, d, e, f, g, h, a, (t) + 7, M((t) + 7), y, x)

void SHA2_FN(SHA2_STATE *state, const uint8_t *data, size_t nblocks)
{
    SHA2_WORD a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
    SHA2_WORD e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
    SHA2_WORD w[16];

    for (const uint8_t *p = data; nblocks > 0; nblocks--, p += 16 * sizeof(SHA2_WORD)) {
        const SHA2_WORD a0 = a, b0 = b, c0 = c, d0 = d;
        const SHA2_WORD e0 = e, f0 = f, g0 = g, h0 = h;
        SHA2_WORD x, y = b ^ c;

        EIGHT(LOAD, 0);    EIGHT(LOAD, 8);
        EIGHT(EXPAND, 16); EIGHT(EXPAND, 24);
        EIGHT(EXPAND, 32); EIGHT(EXPAND, 40);
        EIGHT(EXPAND, 48); EIGHT(EXPAND, 56);
#if SHA2_ROUNDS == 80
        EIGHT(EXPAND, 64); EIGHT(EXPAND, 72);
#endif

        a += a0; b += b0; c += c0; d += d0;
        e += e0; f += f0; g += g0; h += h0;
    }

    state->h[0] = a; state->h[1] = b; state->h[2] = c; state->h[3] = d;
    state->h[4] = e; state->h[5] = f; state->h[6] = g; state->h[7] = h;
}

#undef W
#undef LOAD
#undef EXPAND
#undef ROUND
#undef EIGHT
