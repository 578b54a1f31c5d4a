/* SPDX-License-Identifier: Apache-2.0
 * SHA-1 block function (FIPS 180-4) in portable C: any CPU, any byte order,
 * default flags. The reference every other SHA-1 backend is tested against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "backends.h"
#include "../bytes.h"

// The message schedule lives in a 16-word circular window: W[t] for t >= 16
// overwrites W[t - 16], which is never read again. All indices are constants
// after unrolling, so the compiler keeps the window in registers or one
// fixed stack slot each.
#define W(t) w[(t) & 15]

// Rounds 0-15 load a word; rounds 16-79 expand one in place. W[t - 3],
// W[t - 8] and W[t - 14] are W(t + 13), W(t + 8) and W(t + 2) mod 16.
#define LOAD(t)   (W(t) = load_be32(p + 4 * (t)))
#define EXPAND(t) (W(t) = rotl32(W((t) + 13) ^ W((t) + 8) ^ W((t) + 2) ^ W(t), 1))

// One round: e += (a <<< 5) + f(b, c, d) + K + W[t]; b <<<= 30. b, c and d
// were settled a round earlier, so f runs beside the previous round's
// chain; a is added last, leaving ROL and ADD as the only serial work.
// The caller renames the variables instead of moving them.
#define ROUND(a, b, c, d, e, f, k, wt)          \
    do {                                        \
        e += (wt) + (k);                        \
        e += f;                                 \
        e += rotl32(a, 5);                      \
        b = rotl32(b, 30);                      \
    } while (0)

// Ch, parity and Maj. Maj = (b & c) | (d & (b | c)) is written as the sum
// of two terms with no common set bit, (b & c) + (d & (b ^ c)), so each is
// one ADD into e and the two can issue in parallel.
#define CH(b, c, d)  ((((c) ^ (d)) & (b)) ^ (d))
#define PAR(b, c, d) ((b) ^ (c) ^ (d))
#define MAJ(b, c, d) (((b) & (c)) + ((d) & ((b) ^ (c))))

#define R0(a, b, c, d, e, t)  ROUND(a, b, c, d, e, CH(b, c, d),  0x5a827999u, LOAD(t))
#define R1(a, b, c, d, e, t)  ROUND(a, b, c, d, e, CH(b, c, d),  0x5a827999u, EXPAND(t))
#define R2(a, b, c, d, e, t)  ROUND(a, b, c, d, e, PAR(b, c, d), 0x6ed9eba1u, EXPAND(t))
#define R3(a, b, c, d, e, t)  ROUND(a, b, c, d, e, MAJ(b, c, d), 0x8f1bbcdcu, EXPAND(t))
#define R4(a, b, c, d, e, t)  ROUND(a, b, c, d, e, PAR(b, c, d), 0xca62c1d6u, EXPAND(t))

// Five rounds bring the names back to where they started.
#define FIVE(R, t)                              \
    R(a, b, c, d, e, (t));                      \
    R(e, a, b, c, d, (t) + 1);                  \
    R(d, e, a, b, c, (t) + 2);                  \
    R(c, d, e, a, b, (t) + 3);                  \
    R(b, c, d, e, a, (t) + 4)

void td_sha1_blocks_portable(td_sha1_state *state, const uint8_t *data, size_t nblocks)
{
    uint32_t a = state->h[0], b = state->h[1], c = state->h[2];
    uint32_t d = state->h[3], e = state->h[4];
    uint32_t w[16];

    for (const uint8_t *p = data; nblocks > 0; nblocks--, p += 64) {
        const uint32_t a0 = a, b0 = b, c0 = c, d0 = d, e0 = e;

        FIVE(R0, 0);  FIVE(R0, 5);  FIVE(R0, 10);
        R0(a, b, c, d, e, 15);
        R1(e, a, b, c, d, 16);
        R1(d, e, a, b, c, 17);
        R1(c, d, e, a, b, 18);
        R1(b, c, d, e, a, 19);

        FIVE(R2, 20); FIVE(R2, 25); FIVE(R2, 30); FIVE(R2, 35);
        FIVE(R3, 40); FIVE(R3, 45); FIVE(R3, 50); FIVE(R3, 55);
        FIVE(R4, 60); FIVE(R4, 65); FIVE(R4, 70); FIVE(R4, 75);

        a += a0;
        b += b0;
        c += c0;
        d += d0;
        e += e0;
    }

    state->h[0] = a;
    state->h[1] = b;
    state->h[2] = c;
    state->h[3] = d;
    state->h[4] = e;
}
