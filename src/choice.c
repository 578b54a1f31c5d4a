// SPDX-License-Identifier: Apache-2.0
// The choices made (choice.h): the storage dispatch.c fills and many.c reads.

#include "choice.h"

TD_ATOMIC(const td_backend_row *) td_chosen_rows[TD_ALG_INDEX_COUNT][2];
const td_backend_row td_automatic_marker = { .name = "" };
TD_ATOMIC(const td_backend_row *)
    td_many_auto_rows[TD_FAMILY_COUNT][TD_BATCH_SHAPES][TD_MANY_MAX_LANES + 1];
