// SPDX-License-Identifier: Apache-2.0
// The many-message path's portable backend: one message after another through
// the portable single-stream compressor. Lanes backends are measured against it.

#include "../td_internal.h"
#include "backends.h"

#define TD_DEFINE_MANY_PORTABLE(family)                                              \
    void td_##family##_blocks_many_portable(td_##family##_state *const *states,      \
                                            const uint8_t *const *data, size_t n,    \
                                            size_t nblocks)                          \
    {                                                                                \
        for (size_t i = 0; i < n; i++)                                               \
            td_##family##_blocks_portable(states[i], data[i], nblocks);              \
    }

TD_DEFINE_MANY_PORTABLE(md5)
TD_DEFINE_MANY_PORTABLE(sha1)
TD_DEFINE_MANY_PORTABLE(sha256)
TD_DEFINE_MANY_PORTABLE(sha512)
