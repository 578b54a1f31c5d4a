/* SPDX-License-Identifier: Apache-2.0
 * One call of a many-path row, whatever it holds: the body many.c (whole
 * messages) and many_streams.c (running contexts) share.
 */
#ifndef TD_MANY_COMPRESS_H
#define TD_MANY_COMPRESS_H

#include "shared_block.h"
#include "td_internal.h"

// Compresses nblocks blocks of data[0 .. k), then ntail blocks of tail[0 ..
// k), into k states with row, then last by its schedule when it is not
// NULL; STATE(fam, i) names state i as a td_<fam>_state pointer. A row of
// many messages takes 1 <= k <= row->lanes of them in one call; a
// single-path row's function is called for each. Expects row, states, data,
// k, nblocks, tail, ntail and last in scope.
#define TD_COMPRESS_FAMILY(fam, STATE)                                                    \
    do {                                                                                  \
        if (row->kind == TD_ROW_SINGLE) {                                                 \
            for (size_t i = 0; i < k; i++) {                                              \
                if (nblocks != 0)                                                         \
                    row->blocks.fam(STATE(fam, i), data[i], nblocks);                     \
                if (ntail != 0)                                                           \
                    row->blocks.fam(STATE(fam, i), tail[i], ntail);                       \
                if (last != NULL)                                                         \
                    row->blocks.fam(STATE(fam, i), last->fam.bytes, 1);                   \
            }                                                                             \
        } else {                                                                          \
            td_##fam##_state *s[TD_MANY_MAX_LANES];                                       \
            for (size_t i = 0; i < k; i++)                                                \
                s[i] = STATE(fam, i);                                                     \
            row->blocks.fam##_many(s, data, k, nblocks, tail, ntail,                      \
                                   last ? &last->fam : NULL);                             \
        }                                                                                 \
    } while (0)

// The same for Keccak, whose blocks are rate bytes (in scope) and whose
// last block has no schedule to share (last is not read).
#define TD_COMPRESS_SHA3(STATE)                                                           \
    do {                                                                                  \
        if (row->kind == TD_ROW_SINGLE) {                                                 \
            for (size_t i = 0; i < k; i++) {                                              \
                if (nblocks != 0)                                                         \
                    row->blocks.sha3(STATE(sha3, i), data[i], nblocks, rate);             \
                if (ntail != 0)                                                           \
                    row->blocks.sha3(STATE(sha3, i), tail[i], ntail, rate);               \
            }                                                                             \
        } else {                                                                          \
            td_sha3_state *s[TD_MANY_MAX_LANES];                                          \
            for (size_t i = 0; i < k; i++)                                                \
                s[i] = STATE(sha3, i);                                                    \
            row->blocks.sha3_many(s, data, k, nblocks, tail, ntail, rate);                \
        }                                                                                 \
    } while (0)

#endif // TD_MANY_COMPRESS_H
