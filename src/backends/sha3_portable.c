/* SPDX-License-Identifier: Apache-2.0
 * Keccak-f[1600] (FIPS 202) absorbing SHA-3 and SHAKE blocks in portable C:
 * any CPU, any byte order, default flags. The reference the other Keccak
 * backends are tested against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "backends.h"
#include "keccak_constants.h"
#include "../bytes.h"

// One round on the lanes a[x + 5y]: theta's column parities c and their
// mix d, rho's rotations and pi's move into b (b[y + 5((2x + 3y) mod 5)]
// takes lane (x, y)), chi along each row, iota. Written out lane by lane so
// that the compiler keeps what it can in registers and no index is
// computed at run time.
//
// Lane complementing (the Keccak team's implementation overview, section
// 2.2): inside the function the six lanes (1, 0), (2, 0), (3, 1), (2, 2),
// (2, 3), (0, 4) are kept complemented. theta, rho, pi and iota carry the
// complements along; chi, given which of its inputs are complemented, is
// written with AND or OR per output so that its outputs come out in the
// same pattern, with one NOT a row instead of five (a NOT is an instruction
// of its own where the target has no ANDN). Faster with GCC and Clang alike
// (docs/performance-notes.md, "Keccak-f[1600] on one message").
static TD_ALWAYS_INLINE void keccak_round(uint64_t a[25], uint64_t rc)
{
    const uint64_t c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
    const uint64_t c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
    const uint64_t c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
    const uint64_t c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
    const uint64_t c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
    const uint64_t d0 = c4 ^ rotl64(c1, 1);
    const uint64_t d1 = c0 ^ rotl64(c2, 1);
    const uint64_t d2 = c1 ^ rotl64(c3, 1);
    const uint64_t d3 = c2 ^ rotl64(c4, 1);
    const uint64_t d4 = c3 ^ rotl64(c0, 1);
        const uint64_t b0 = a[0] ^ d0;
        const uint64_t b1 = rotl64(a[6] ^ d1, 44);
        const uint64_t b2 = rotl64(a[12] ^ d2, 43);
        const uint64_t b3 = rotl64(a[18] ^ d3, 21);
        const uint64_t b4 = rotl64(a[24] ^ d4, 14);
        const uint64_t b5 = rotl64(a[3] ^ d3, 28);
        const uint64_t b6 = rotl64(a[9] ^ d4, 20);
        const uint64_t b7 = rotl64(a[10] ^ d0, 3);
        const uint64_t b8 = rotl64(a[16] ^ d1, 45);
        const uint64_t b9 = rotl64(a[22] ^ d2, 61);
        const uint64_t b10 = rotl64(a[1] ^ d1, 1);
        const uint64_t b11 = rotl64(a[7] ^ d2, 6);
        const uint64_t b12 = rotl64(a[13] ^ d3, 25);
        const uint64_t b13 = rotl64(a[19] ^ d4, 8);
        const uint64_t b14 = rotl64(a[20] ^ d0, 18);
        const uint64_t b15 = rotl64(a[4] ^ d4, 27);
        const uint64_t b16 = rotl64(a[5] ^ d0, 36);
        const uint64_t b17 = rotl64(a[11] ^ d1, 10);
        const uint64_t b18 = rotl64(a[17] ^ d2, 15);
        const uint64_t b19 = rotl64(a[23] ^ d3, 56);
        const uint64_t b20 = rotl64(a[2] ^ d2, 62);
        const uint64_t b21 = rotl64(a[8] ^ d3, 55);
        const uint64_t b22 = rotl64(a[14] ^ d4, 39);
        const uint64_t b23 = rotl64(a[15] ^ d0, 41);
        const uint64_t b24 = rotl64(a[21] ^ d1, 2);
    // chi on the complemented lanes (see above): each row's five outputs
    // with one NOT between them.
    const uint64_t n2 = ~b2, n9 = ~b9, n13 = ~b13, n18 = ~b18, n21 = ~b21;
    a[0] = b0 ^ (b1 | b2);
    a[1] = b1 ^ (n2 | b3);
    a[2] = b2 ^ (b3 & b4);
    a[3] = b3 ^ (b4 | b0);
    a[4] = b4 ^ (b0 & b1);
    a[5] = b5 ^ (b6 | b7);
    a[6] = b6 ^ (b7 & b8);
    a[7] = b7 ^ (b8 | n9);
    a[8] = b8 ^ (b9 | b5);
    a[9] = b9 ^ (b5 & b6);
    a[10] = b10 ^ (b11 | b12);
    a[11] = b11 ^ (b12 & b13);
    a[12] = b12 ^ (n13 & b14);
    a[13] = n13 ^ (b14 | b10);
    a[14] = b14 ^ (b10 & b11);
    a[15] = b15 ^ (b16 & b17);
    a[16] = b16 ^ (b17 | b18);
    a[17] = b17 ^ (n18 | b19);
    a[18] = n18 ^ (b19 & b15);
    a[19] = b19 ^ (b15 | b16);
    a[20] = b20 ^ (n21 & b22);
    a[21] = n21 ^ (b22 | b23);
    a[22] = b22 ^ (b23 & b24);
    a[23] = b23 ^ (b24 | b20);
    a[24] = b24 ^ (b20 & b21);
    a[0] ^= rc;
}

// Into the complemented form and back out: the state between calls is the
// plain one.
static TD_ALWAYS_INLINE void complement_lanes(uint64_t a[25])
{
    a[1] = ~a[1];
    a[2] = ~a[2];
    a[8] = ~a[8];
    a[12] = ~a[12];
    a[17] = ~a[17];
    a[20] = ~a[20];
}

void td_sha3_blocks_portable(td_sha3_state *state, const uint8_t *data, size_t nblocks,
                             size_t rate)
{
    uint64_t a[25];
    for (size_t i = 0; i < 25; i++)
        a[i] = state->a[i];
    complement_lanes(a);
    const size_t words = rate / 8;
    do {
        for (size_t i = 0; i < words; i++)
            a[i] ^= load_le64(data + 8 * i);
        for (size_t r = 0; r < 24; r++)
            keccak_round(a, td_keccak_rc[r]);
        data += rate;
    } while (--nblocks != 0);
    complement_lanes(a);
    for (size_t i = 0; i < 25; i++)
        state->a[i] = a[i];
}
