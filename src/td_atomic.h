/* SPDX-License-Identifier: Apache-2.0
 * Atomic load and store of a pointer or word, for the published backend
 * choice and the cached CPU features. C11 atomics where the compiler has
 * them; MSVC's C mode gets them only behind /experimental:c11atomics.
 */
#ifndef TD_ATOMIC_H
#define TD_ATOMIC_H

#if defined(_MSC_VER) && !defined(__clang__)
#include <stdint.h>
#include <windows.h>
// Aligned word and pointer accesses are atomic on x86-64 and ARM64. Acquire:
// the load, then a full barrier; release: a full barrier, then the store.
#define TD_ATOMIC(T) T volatile
static __forceinline uint32_t td_load_acquire_u32(const volatile uint32_t *p)
{
    const uint32_t v = *p;
    MemoryBarrier();
    return v;
}
static __forceinline int td_load_acquire_int(const volatile int *p)
{
    const int v = *p;
    MemoryBarrier();
    return v;
}
static __forceinline const void *td_load_acquire_ptr(const void *const volatile *p)
{
    const void *v = *p;
    MemoryBarrier();
    return v;
}
// The three kinds of atomic object the library has: a word, a flag and a
// pointer to a backend row.
#define TD_ATOMIC_LOAD(p)                                                       \
    _Generic((p), volatile uint32_t *: td_load_acquire_u32((const volatile uint32_t *)(p)), \
             volatile int *: td_load_acquire_int((const volatile int *)(p)),    \
             default: td_load_acquire_ptr((const void *const volatile *)(p)))
#define TD_ATOMIC_STORE(p, v) do { MemoryBarrier(); *(p) = (v); } while (0)
#define TD_ATOMIC_CAS(p, expected, desired) \
    (InterlockedCompareExchange((LONG volatile *)(p), (desired), (expected)) == (expected))
#else
#include <stdatomic.h>
#define TD_ATOMIC(T) _Atomic(T)
#define TD_ATOMIC_LOAD(p) atomic_load_explicit((p), memory_order_acquire)
#define TD_ATOMIC_STORE(p, v) atomic_store_explicit((p), (v), memory_order_release)
#define TD_ATOMIC_CAS(p, expected, desired) \
    atomic_compare_exchange_strong((p), &(int){ (expected) }, (desired))
#endif

#endif // TD_ATOMIC_H
