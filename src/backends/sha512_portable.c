/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function (FIPS 180-4) in portable C: any
 * CPU, any byte order, default flags. The reference the other SHA-512
 * backends are tested against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_internal.h"
#include "backends.h"
#include "sha2_constants.h"
#include "../bytes.h"

// The sigmas, with the rotations nested: Sigma1(e) = ((e >>> 23 ^ e) >>> 4
// ^ e) >>> 14 is e >>> 14 ^ e >>> 18 ^ e >>> 41. Without BMI2's RORX each
// parallel rotation costs a register copy; the nested form needs one copy
// per sigma. Longer latency, but a round is bound by instruction count:
// 3733 instructions a block instead of 4351 with GCC 12 -O2, SHA-512 at
// 16 KiB 0.97x OpenSSL's integer code instead of 0.83x (Sapphire Rapids).
#define BSIG0(x) rotr64(rotr64(rotr64(x, 5) ^ (x), 6) ^ (x), 28)
#define BSIG1(x) rotr64(rotr64(rotr64(x, 23) ^ (x), 4) ^ (x), 14)
#define SSIG0(x) (rotr64(rotr64(x, 7) ^ (x), 1) ^ ((x) >> 7))
#define SSIG1(x) (rotr64(rotr64(x, 42) ^ (x), 19) ^ ((x) >> 6))

// The message schedule lives in a 16-word circular window: W[t] for t >= 16
// overwrites W[t - 16], which is never read again. W[t - 2], W[t - 7] and
// W[t - 15] are W(t + 14), W(t + 9) and W(t + 1) mod 16.
#define W(t) w[(t) & 15]
#define LOAD(t)   (W(t) = load_be64(p + 8 * (t)))
#define EXPAND(t) (W(t) += SSIG1(W((t) + 14)) + W((t) + 9) + SSIG0(W((t) + 1)))

// One round, in sha256_portable.c's order: K[t] + W[t], which do not depend
// on the round before; Ch(e, f, g) = ((f ^ g) & e) ^ g, the shorter; then
// Sigma1(e), each added to h on its own (a few percent faster than adding
// their sum). Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)) costs two operations,
// this round's a ^ b being the next round's b ^ c (ab and bc swap names).
#define ROUND(a, b, c, d, e, f, g, h, t, wt, ab, bc)    \
    do {                                                \
        h += (wt) + td_sha512_k[t];                     \
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

void td_sha512_blocks_portable(td_sha512_state *state, const uint8_t *data, size_t nblocks)
{
    uint64_t a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
    uint64_t e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
    uint64_t w[16];

    for (const uint8_t *p = data; nblocks > 0; nblocks--, p += 128) {
        const uint64_t a0 = a, b0 = b, c0 = c, d0 = d;
        const uint64_t e0 = e, f0 = f, g0 = g, h0 = h;
        uint64_t x, y = b ^ c;

        EIGHT(LOAD, 0);    EIGHT(LOAD, 8);
        EIGHT(EXPAND, 16); EIGHT(EXPAND, 24);
        EIGHT(EXPAND, 32); EIGHT(EXPAND, 40);
        EIGHT(EXPAND, 48); EIGHT(EXPAND, 56);
        EIGHT(EXPAND, 64); EIGHT(EXPAND, 72);

        a += a0; b += b0; c += c0; d += d0;
        e += e0; f += f0; g += g0; h += h0;
    }

    state->h[0] = a; state->h[1] = b; state->h[2] = c; state->h[3] = d;
    state->h[4] = e; state->h[5] = f; state->h[6] = g; state->h[7] = h;
}
