/* SPDX-License-Identifier: Apache-2.0
 * The choices made, kept for every later call: for each algorithm and path
 * the row in use, and the many path's automatic choice for each family,
 * batch shape and count of messages. dispatch.c makes and stores them;
 * many_row.h reads them where many.c asks for a row. Racing first callers
 * work out the same value and store the same pointer, so no lock is needed.
 */
#ifndef TD_CHOICE_H
#define TD_CHOICE_H

#include <stddef.h>

#include "td_atomic.h"
#include "td_compiler.h"
#include "td_dispatch.h"
#include "td_internal.h"
#include "turbodigest.h"

// For each alg (SHAKE at its index, td_alg_index) and path, NULL until first use; then the row in use. On the
// many path, with no row pinned or named, td_automatic_marker: the rules
// choose by count.
TD_HIDDEN extern TD_ATOMIC(const td_backend_row *) td_chosen_rows[TD_ALG_INDEX_COUNT][2];
TD_HIDDEN extern const td_backend_row td_automatic_marker;

// The automatic many-path choice for each family, shape and count of
// messages: NULL until first asked, then the first rule's row.
TD_HIDDEN extern TD_ATOMIC(const td_backend_row *)
    td_many_auto_rows[TD_FAMILY_COUNT][TD_BATCH_SHAPES][TD_MANY_MAX_LANES + 1];

// The row in use for alg on path, or NULL before the first choice.
static inline const td_backend_row *td_chosen_row(td_alg alg, td_path path)
{
    return TD_ATOMIC_LOAD(&td_chosen_rows[alg][path]);
}

static inline void td_set_chosen_row(td_alg alg, td_path path, const td_backend_row *row)
{
    TD_ATOMIC_STORE(&td_chosen_rows[alg][path], row);
}

// The slot of the choice for count messages of a family in a batch of a
// shape: all beyond a full batch count as one.
static inline TD_ATOMIC(const td_backend_row *) *td_many_auto_slot(td_family family,
                                                                  td_batch_shape shape,
                                                                  size_t count)
{
    return &td_many_auto_rows[family][shape][count < TD_MANY_MAX_LANES ? count
                                                                      : TD_MANY_MAX_LANES];
}

// The automatic choice for count messages, or NULL before it is made.
static inline const td_backend_row *td_many_auto_row(td_family family, td_batch_shape shape,
                                                     size_t count)
{
    return TD_ATOMIC_LOAD(td_many_auto_slot(family, shape, count));
}

static inline void td_set_many_auto_row(td_family family, td_batch_shape shape, size_t count,
                                        const td_backend_row *row)
{
    TD_ATOMIC_STORE(td_many_auto_slot(family, shape, count), row);
}

#endif // TD_CHOICE_H
