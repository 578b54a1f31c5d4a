/* SPDX-License-Identifier: Apache-2.0
 * Every backend's functions, declared from backends.def with the type its
 * kind of row takes: a file whose definition does not match its line fails
 * to compile there. The contract is in ../td_backend.h; the tables that list
 * them are made in ../dispatch.c.
 */
#ifndef TD_BACKENDS_H
#define TD_BACKENDS_H

#include "../td_backend.h"

#define TD_FN_TYPE_SINGLE(family)  td_##family##_blocks_fn
#define TD_FN_TYPE_LANES(family)   td_##family##_blocks_many_fn
#define TD_FN_TYPE_STREAMS(family) td_##family##_blocks_many_fn
#define TD_NODES_PROTOTYPE_NO(family, fn)
#define TD_NODES_PROTOTYPE_EACH(family, fn) TD_HIDDEN td_##family##_nodes_fn fn;
#define TD_NODES_PROTOTYPE_LEVEL(family, fn) TD_HIDDEN td_##family##_nodes_fn fn;
#define TD_SQUEEZE_PROTOTYPE_NO(family, fn)
#define TD_SQUEEZE_PROTOTYPE_YES(family, fn) TD_HIDDEN td_##family##_squeeze_fn fn;

#define TD_BEGIN_FAMILY(family)
#define TD_END_FAMILY(family)
#define TD_ROW(family, id, name, isa, file, needs, kind, fn, lanes, nodes_kind, nodes_fn, \
               squeeze_kind, squeeze_fn, pinned)                                           \
    TD_HIDDEN TD_FN_TYPE_##kind(family) fn;                                                \
    TD_NODES_PROTOTYPE_##nodes_kind(family, nodes_fn)                                      \
    TD_SQUEEZE_PROTOTYPE_##squeeze_kind(family, squeeze_fn)
#include "backends.def"
#undef TD_BEGIN_FAMILY
#undef TD_END_FAMILY
#undef TD_ROW

#endif // TD_BACKENDS_H
