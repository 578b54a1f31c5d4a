/* SPDX-License-Identifier: Apache-2.0
 * MD5 block function (RFC 1321) in portable C: any CPU, any byte order,
 * default flags. The reference every other MD5 backend is tested against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "backends.h"
#include "../bytes.h"
#include "pin.h"

// Message word k of the current block, little-endian at any alignment.
#define X(k) load_le32(p + 4 * (k))

// Pins the early sum X[k] + T (+ the G term) into a before the b-dependent
// part is added. Clang 14 otherwise reassociates the sum and adds T after f(b,
// c, d), one more ADD on every step's chain (docs/performance-notes.md,
// "Backend forms: figures from the code"). Costs nothing with GCC 12, which
// keeps the order anyway.
#define PIN(v) PIN_SCALAR(v)

// Each step is a += f(b, c, d) + X[k] + T; a = b + (a <<< s). The terms that
// do not depend on b, the value the previous step just produced, are added
// first so that only the last few operations sit on the chain from one step
// to the next (animetosho's md5-optimisation study). Per step, after b is
// known: F 5 operations, G 4, H 4, I 5.

// F = (b & c) | (~b & d), written d ^ (b & (c ^ d)): c ^ d is ready early.
#define F(a, b, c, d, k, s, t)                  \
    do {                                        \
        a += X(k) + (t);                        \
        PIN(a);                                 \
        a += (((c) ^ (d)) & (b)) ^ (d);         \
        a = rotl32(a, s) + (b);                 \
    } while (0)

// G = (b & d) | (c & ~d). The two terms never share a set bit, so they can
// be added one at a time: ~d & c is added before b arrives, leaving one AND
// and one ADD on the chain instead of AND, OR, ADD.
#define G(a, b, c, d, k, s, t)                  \
    do {                                        \
        a += X(k) + (t) + (~(d) & (c));         \
        PIN(a);                                 \
        a += (b) & (d);                         \
        a = rotl32(a, s) + (b);                 \
    } while (0)

// H = b ^ c ^ d with c ^ d formed before b is known.
#define H(a, b, c, d, k, s, t)                  \
    do {                                        \
        a += X(k) + (t);                        \
        PIN(a);                                 \
        a += ((c) ^ (d)) ^ (b);                 \
        a = rotl32(a, s) + (b);                 \
    } while (0)

// I = c ^ (b | ~d): ~d is ready early; OR and XOR wait for b.
#define I(a, b, c, d, k, s, t)                  \
    do {                                        \
        a += X(k) + (t);                        \
        PIN(a);                                 \
        a += (c) ^ ((b) | ~(d));                \
        a = rotl32(a, s) + (b);                 \
    } while (0)

void td_md5_blocks_portable(td_md5_state *state, const uint8_t *data, size_t nblocks)
{
    uint32_t a = state->h[0], b = state->h[1], c = state->h[2], d = state->h[3];

    for (const uint8_t *p = data; nblocks > 0; nblocks--, p += 64) {
        const uint32_t a0 = a, b0 = b, c0 = c, d0 = d;

        F(a, b, c, d,  0,  7, 0xd76aa478u);
        F(d, a, b, c,  1, 12, 0xe8c7b756u);
        F(c, d, a, b,  2, 17, 0x242070dbu);
        F(b, c, d, a,  3, 22, 0xc1bdceeeu);
        F(a, b, c, d,  4,  7, 0xf57c0fafu);
        F(d, a, b, c,  5, 12, 0x4787c62au);
        F(c, d, a, b,  6, 17, 0xa8304613u);
        F(b, c, d, a,  7, 22, 0xfd469501u);
        F(a, b, c, d,  8,  7, 0x698098d8u);
        F(d, a, b, c,  9, 12, 0x8b44f7afu);
        F(c, d, a, b, 10, 17, 0xffff5bb1u);
        F(b, c, d, a, 11, 22, 0x895cd7beu);
        F(a, b, c, d, 12,  7, 0x6b901122u);
        F(d, a, b, c, 13, 12, 0xfd987193u);
        F(c, d, a, b, 14, 17, 0xa679438eu);
        F(b, c, d, a, 15, 22, 0x49b40821u);

        G(a, b, c, d,  1,  5, 0xf61e2562u);
        G(d, a, b, c,  6,  9, 0xc040b340u);
        G(c, d, a, b, 11, 14, 0x265e5a51u);
        G(b, c, d, a,  0, 20, 0xe9b6c7aau);
        G(a, b, c, d,  5,  5, 0xd62f105du);
        G(d, a, b, c, 10,  9, 0x02441453u);
        G(c, d, a, b, 15, 14, 0xd8a1e681u);
        G(b, c, d, a,  4, 20, 0xe7d3fbc8u);
        G(a, b, c, d,  9,  5, 0x21e1cde6u);
        G(d, a, b, c, 14,  9, 0xc33707d6u);
        G(c, d, a, b,  3, 14, 0xf4d50d87u);
        G(b, c, d, a,  8, 20, 0x455a14edu);
        G(a, b, c, d, 13,  5, 0xa9e3e905u);
        G(d, a, b, c,  2,  9, 0xfcefa3f8u);
        G(c, d, a, b,  7, 14, 0x676f02d9u);
        G(b, c, d, a, 12, 20, 0x8d2a4c8au);

        H(a, b, c, d,  5,  4, 0xfffa3942u);
        H(d, a, b, c,  8, 11, 0x8771f681u);
        H(c, d, a, b, 11, 16, 0x6d9d6122u);
        H(b, c, d, a, 14, 23, 0xfde5380cu);
        H(a, b, c, d,  1,  4, 0xa4beea44u);
        H(d, a, b, c,  4, 11, 0x4bdecfa9u);
        H(c, d, a, b,  7, 16, 0xf6bb4b60u);
        H(b, c, d, a, 10, 23, 0xbebfbc70u);
        H(a, b, c, d, 13,  4, 0x289b7ec6u);
        H(d, a, b, c,  0, 11, 0xeaa127fau);
        H(c, d, a, b,  3, 16, 0xd4ef3085u);
        H(b, c, d, a,  6, 23, 0x04881d05u);
        H(a, b, c, d,  9,  4, 0xd9d4d039u);
        H(d, a, b, c, 12, 11, 0xe6db99e5u);
        H(c, d, a, b, 15, 16, 0x1fa27cf8u);
        H(b, c, d, a,  2, 23, 0xc4ac5665u);

        I(a, b, c, d,  0,  6, 0xf4292244u);
        I(d, a, b, c,  7, 10, 0x432aff97u);
        I(c, d, a, b, 14, 15, 0xab9423a7u);
        I(b, c, d, a,  5, 21, 0xfc93a039u);
        I(a, b, c, d, 12,  6, 0x655b59c3u);
        I(d, a, b, c,  3, 10, 0x8f0ccc92u);
        I(c, d, a, b, 10, 15, 0xffeff47du);
        I(b, c, d, a,  1, 21, 0x85845dd1u);
        I(a, b, c, d,  8,  6, 0x6fa87e4fu);
        I(d, a, b, c, 15, 10, 0xfe2ce6e0u);
        I(c, d, a, b,  6, 15, 0xa3014314u);
        I(b, c, d, a, 13, 21, 0x4e0811a1u);
        I(a, b, c, d,  4,  6, 0xf7537e82u);
        I(d, a, b, c, 11, 10, 0xbd3af235u);
        I(c, d, a, b,  2, 15, 0x2ad7d2bbu);
        I(b, c, d, a,  9, 21, 0xeb86d391u);

        a += a0;
        b += b0;
        c += c0;
        d += d0;
    }

    state->h[0] = a;
    state->h[1] = b;
    state->h[2] = c;
    state->h[3] = d;
}
