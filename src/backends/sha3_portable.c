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
#define CHI_ROW(y, p0, p1, p2, p3, p4)        \
    a[5 * (y) + 0] = p0 ^ (~p1 & p2);         \
    a[5 * (y) + 1] = p1 ^ (~p2 & p3);         \
    a[5 * (y) + 2] = p2 ^ (~p3 & p4);         \
    a[5 * (y) + 3] = p3 ^ (~p4 & p0);         \
    a[5 * (y) + 4] = p4 ^ (~p0 & p1)
    CHI_ROW(0, b0, b1, b2, b3, b4);
    CHI_ROW(1, b5, b6, b7, b8, b9);
    CHI_ROW(2, b10, b11, b12, b13, b14);
    CHI_ROW(3, b15, b16, b17, b18, b19);
    CHI_ROW(4, b20, b21, b22, b23, b24);
#undef CHI_ROW
    a[0] ^= rc;
}

void td_sha3_blocks_portable(td_sha3_state *state, const uint8_t *data, size_t nblocks,
                             size_t rate)
{
    uint64_t a[25];
    for (size_t i = 0; i < 25; i++)
        a[i] = state->a[i];
    const size_t words = rate / 8;
    do {
        for (size_t i = 0; i < words; i++)
            a[i] ^= load_le64(data + 8 * i);
        for (size_t r = 0; r < 24; r++)
            keccak_round(a, td_keccak_rc[r]);
        data += rate;
    } while (--nblocks != 0);
    for (size_t i = 0; i < 25; i++)
        state->a[i] = a[i];
}
