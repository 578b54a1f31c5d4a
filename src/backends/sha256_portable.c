/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 block function (FIPS 180-4) in portable C: any CPU, any byte
 * order, default flags. The reference the other SHA-256 backends are tested
 * against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_internal.h"
#include "backends.h"
#include "../bytes.h"

// FIPS 180-4 section 4.2.2. Only ever indexed by constants, so the compiler
// folds each entry into an immediate: no table is read at run time.
static const uint32_t K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

// The sigmas, with the rotations nested: Sigma1(e) = ((e >>> 14 ^ e) >>> 5
// ^ e) >>> 6 is e >>> 6 ^ e >>> 11 ^ e >>> 25. Without BMI2's RORX each
// parallel rotation costs a register copy; the nested form needs one copy
// per sigma. Longer latency, but a round is bound by instruction count:
// 2790 instructions a block instead of 3280 with GCC 12 -O2, SHA-256 at
// 16 KiB 1.03x OpenSSL's integer code instead of 0.88x (Sapphire Rapids).
#define BSIG0(x) rotr32(rotr32(rotr32(x, 9) ^ (x), 11) ^ (x), 2)
#define BSIG1(x) rotr32(rotr32(rotr32(x, 14) ^ (x), 5) ^ (x), 6)
#define SSIG0(x) (rotr32(rotr32(x, 11) ^ (x), 7) ^ ((x) >> 3))
#define SSIG1(x) (rotr32(rotr32(x, 2) ^ (x), 17) ^ ((x) >> 10))

// The message schedule lives in a 16-word circular window: W[t] for t >= 16
// overwrites W[t - 16], which is never read again. W[t - 2], W[t - 7] and
// W[t - 15] are W(t + 14), W(t + 9) and W(t + 1) mod 16.
#define W(t) w[(t) & 15]
#define LOAD(t)   (W(t) = load_be32(p + 4 * (t)))
#define EXPAND(t) (W(t) += SSIG1(W((t) + 14)) + W((t) + 9) + SSIG0(W((t) + 1)))

// One round. h takes K[t] + W[t] first, since neither depends on the round
// before, then Ch(e, f, g) = ((f ^ g) & e) ^ g, then Sigma1(e): Ch is the
// shorter of the two, and adding the two separately measured a few percent
// faster than adding their sum. Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and
// this round's a ^ b is the next round's b ^ c, so Maj costs two operations
// plus the XOR kept in ab/bc (the caller swaps the two names every round
// instead of copying). ((a | b) & c) | (a & b) measured 2-5% slower.
#define ROUND(a, b, c, d, e, f, g, h, t, wt, ab, bc)    \
    do {                                                \
        h += (wt) + K[t];                               \
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

void td_sha256_blocks_portable(td_sha256_state *state, const uint8_t *data, size_t nblocks)
{
    uint32_t a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];
    uint32_t e = state->h[4], f = state->h[5], g = state->h[6], h = state->h[7];
    uint32_t w[16];

    for (const uint8_t *p = data; nblocks > 0; nblocks--, p += 64) {
        const uint32_t a0 = a, b0 = b, c0 = c, d0 = d;
        const uint32_t e0 = e, f0 = f, g0 = g, h0 = h;
        uint32_t x, y = b ^ c;

        EIGHT(LOAD, 0);    EIGHT(LOAD, 8);
        EIGHT(EXPAND, 16); EIGHT(EXPAND, 24);
        EIGHT(EXPAND, 32); EIGHT(EXPAND, 40);
        EIGHT(EXPAND, 48); EIGHT(EXPAND, 56);

        a += a0; b += b0; c += c0; d += d0;
        e += e0; f += f0; g += g0; h += h0;
    }

    state->h[0] = a; state->h[1] = b; state->h[2] = c; state->h[3] = d;
    state->h[4] = e; state->h[5] = f; state->h[6] = g; state->h[7] = h;
}
