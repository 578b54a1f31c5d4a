/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function (FIPS 180-4) in portable C: any
 * CPU, any byte order, default flags. The reference the other SHA-512
 * backends are tested against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_internal.h"
#include "backends.h"
#include "../bytes.h"

// FIPS 180-4 section 4.2.3. Only ever indexed by constants, so the compiler
// folds each entry into an immediate: no table is read at run time.
static const uint64_t K[80] = {
    0x428a2f98d728ae22u, 0x7137449123ef65cdu,
    0xb5c0fbcfec4d3b2fu, 0xe9b5dba58189dbbcu,
    0x3956c25bf348b538u, 0x59f111f1b605d019u,
    0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u,
    0xd807aa98a3030242u, 0x12835b0145706fbeu,
    0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u,
    0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u,
    0x9bdc06a725c71235u, 0xc19bf174cf692694u,
    0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u,
    0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u,
    0x2de92c6f592b0275u, 0x4a7484aa6ea6e483u,
    0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u,
    0x983e5152ee66dfabu, 0xa831c66d2db43210u,
    0xb00327c898fb213fu, 0xbf597fc7beef0ee4u,
    0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
    0x06ca6351e003826fu, 0x142929670a0e6e70u,
    0x27b70a8546d22ffcu, 0x2e1b21385c26c926u,
    0x4d2c6dfc5ac42aedu, 0x53380d139d95b3dfu,
    0x650a73548baf63deu, 0x766a0abb3c77b2a8u,
    0x81c2c92e47edaee6u, 0x92722c851482353bu,
    0xa2bfe8a14cf10364u, 0xa81a664bbc423001u,
    0xc24b8b70d0f89791u, 0xc76c51a30654be30u,
    0xd192e819d6ef5218u, 0xd69906245565a910u,
    0xf40e35855771202au, 0x106aa07032bbd1b8u,
    0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u,
    0x2748774cdf8eeb99u, 0x34b0bcb5e19b48a8u,
    0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu,
    0x5b9cca4f7763e373u, 0x682e6ff3d6b2b8a3u,
    0x748f82ee5defb2fcu, 0x78a5636f43172f60u,
    0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
    0x90befffa23631e28u, 0xa4506cebde82bde9u,
    0xbef9a3f7b2c67915u, 0xc67178f2e372532bu,
    0xca273eceea26619cu, 0xd186b8c721c0c207u,
    0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u,
    0x06f067aa72176fbau, 0x0a637dc5a2c898a6u,
    0x113f9804bef90daeu, 0x1b710b35131c471bu,
    0x28db77f523047d84u, 0x32caab7b40c72493u,
    0x3c9ebe0a15c9bebcu, 0x431d67c49c100d4cu,
    0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au,
    0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u,
};

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
