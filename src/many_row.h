/* SPDX-License-Identifier: Apache-2.0
 * The many path's row for a batch, inline where many.c asks for it: two
 * loads once the choices are made, no call. With small batches each call's
 * own work is a part of the time worth keeping short (AMD Zen 4, one 64-byte
 * SHA-1 message through td_hash_many: TSC ticks in
 * docs/performance-notes.md). dispatch.c makes and publishes the choices.
 */
#ifndef TD_MANY_ROW_H
#define TD_MANY_ROW_H

#include "td_atomic.h"
#include "td_internal.h"

// For each alg and path, NULL until first use; then the row in use. On the
// many path, with no row pinned or named, td_automatic_marker: the rules
// choose by count. Racing first callers compute the same value and store
// the same pointer, so no lock is needed.
TD_HIDDEN extern TD_ATOMIC(const td_backend_row *) td_chosen_rows[TD_ALG_COUNT][2];
TD_HIDDEN extern const td_backend_row td_automatic_marker;

// The automatic many-path choice for each family, shape and count of
// messages: NULL until first asked, then the first rule's row.
TD_HIDDEN extern TD_ATOMIC(const td_backend_row *)
    td_many_auto_rows[TD_FAMILY_COUNT][TD_BATCH_SHAPES][TD_MANY_MAX_LANES + 1];

// The slot of the choice for count messages of a family in a batch of a
// shape: all beyond a full batch count as one.
static inline TD_ATOMIC(const td_backend_row *) *td_many_auto_slot(td_family family,
                                                                  td_batch_shape shape,
                                                                  size_t count)
{
    return &td_many_auto_rows[family][shape][count < TD_MANY_MAX_LANES ? count
                                                                      : TD_MANY_MAX_LANES];
}

// td_many_row_for on its first calls for alg, count and shape: makes and
// publishes the choices.
TD_HIDDEN const td_backend_row *td_many_row_first(td_alg alg, size_t count,
                                                  td_batch_shape shape);

// The many-path row for count messages of alg side by side, count >= 1, in
// a batch of the given shape, where the choice is made: the pinned or named
// row, or else the first rule of the family that holds here. NULL before.
static inline const td_backend_row *td_many_row_made(td_alg alg, size_t count,
                                                     td_batch_shape shape)
{
    const td_backend_row *row = TD_ATOMIC_LOAD(&td_chosen_rows[alg][TD_MULTI]);
    if (row != &td_automatic_marker)
        return row;
    return TD_ATOMIC_LOAD(td_many_auto_slot(td_alg_info_of(alg)->family, shape, count));
}

// The same, made on the first call.
static inline const td_backend_row *td_many_row_for(td_alg alg, size_t count,
                                                    td_batch_shape shape)
{
    const td_backend_row *row = td_many_row_made(alg, count, shape);
    return row != NULL ? row : td_many_row_first(alg, count, shape);
}

#endif // TD_MANY_ROW_H
