// SPDX-License-Identifier: Apache-2.0
// Wiping secrets so that the compiler cannot drop the stores.

#include <string.h>

#include "td_internal.h"

// Calling memset through a volatile pointer stops the compiler from proving
// the buffer dead and removing the call (libsodium's fallback technique; C11
// memset_s is optional and glibc lacks it).
static void *(*const volatile memset_v)(void *, int, size_t) = memset;

void td_wipe(void *p, size_t len)
{
    if (len != 0)
        memset_v(p, 0, len);
}
