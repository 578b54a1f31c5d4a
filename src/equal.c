// SPDX-License-Identifier: Apache-2.0
// Constant-time comparison for MAC checks.

#include "td_internal.h"

int td_equal(const void *a, const void *b, size_t len)
{
    const volatile uint8_t *x = a;
    const volatile uint8_t *y = b;
    uint32_t diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (uint32_t)(x[i] ^ y[i]);
    // (diff - 1) >> 8 has bit 0 set only when diff == 0, without a branch.
    return (int)(((diff - 1) >> 8) & 1);
}
