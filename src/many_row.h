/* SPDX-License-Identifier: Apache-2.0
 * The many path's row for a batch, inline where many.c asks for it: two
 * loads of choice.h's cache once the choices are made, no call. With small
 * batches each call's own work is a part of the time worth keeping short
 * (docs/performance-notes.md, "64-byte messages to digests, the lone
 * message"). On a first call, dispatch.c makes the choice.
 */
#ifndef TD_MANY_ROW_H
#define TD_MANY_ROW_H

#include <stddef.h>

#include "choice.h"
#include "td_dispatch.h"
#include "td_internal.h"

// The many-path row for count messages of alg side by side, count >= 1, in
// a batch of the given shape, where the choice is made: the pinned or named
// row, or else the first rule of the family that holds here. NULL before.
static inline const td_backend_row *td_many_row_made(td_alg alg, size_t count,
                                                     td_batch_shape shape)
{
    const td_backend_row *row = td_chosen_row(alg, TD_MULTI);
    if (row != &td_automatic_marker)
        return row;
    return td_many_auto_row(td_alg_info_of(alg)->family, shape, count);
}

// The same, made on the first call.
static inline const td_backend_row *td_many_row_for(td_alg alg, size_t count,
                                                    td_batch_shape shape)
{
    const td_backend_row *row = td_many_row_made(alg, count, shape);
    return row != NULL ? row : td_many_row_first(alg, count, shape);
}

#endif // TD_MANY_ROW_H
