/* SPDX-License-Identifier: Apache-2.0
 * Hashes NBLOCKS whole blocks with one pinned backend, for counting executed
 * instructions under qemu (scripts/cross/insn-count.sh): run twice with
 * different NBLOCKS, the difference in instructions divided by the
 * difference in blocks is the cost of one block, call overhead excluded.
 *
 * usage: insn_count ALG BACKEND NBLOCKS
 */
#include <stdio.h>
#include <stdlib.h>

#include "turbodigest.h"

int main(int argc, char **argv)
{
    static unsigned char buf[64 * 128]; // filled whole, so the fill costs the same in both runs
    unsigned char out[TD_MAX_DIGEST_SIZE];
    td_alg alg;
    td_ctx ctx;

    if (argc != 4 || td_alg_from_name(argv[1], &alg) != TD_OK)
        return 2;
    const size_t nblocks = (size_t)strtoul(argv[3], NULL, 10);
    const size_t len = nblocks * td_block_size(alg);
    if (len > sizeof buf || td_use_backend(alg, TD_SINGLE, argv[2]) != TD_OK)
        return 2;
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 131u + 7u);
    // Whole blocks in one update: ctx.c hands them to the backend in one call.
    td_init(&ctx, alg);
    td_update(&ctx, buf, len);
    td_final(&ctx, out);
    printf("%s %s %zu %02x%02x\n", argv[1], argv[2], nblocks, out[0], out[1]);
    return 0;
}
