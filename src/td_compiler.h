/* SPDX-License-Identifier: Apache-2.0
 * The compiler attributes the library's files share.
 */
#ifndef TD_COMPILER_H
#define TD_COMPILER_H

#if defined(__GNUC__) && !defined(_WIN32)
#define TD_HIDDEN __attribute__((visibility("hidden")))
#else
#define TD_HIDDEN
#endif

// For the inline cores that callers specialise with a constant argument: GCC
// 12 otherwise keeps one out-of-line copy of a large one and calls it.
#if defined(__GNUC__) || defined(__clang__)
#define TD_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TD_ALWAYS_INLINE inline
#endif

// For the first-use paths beside a hot one: inlined, their register saves
// would be paid on every call.
#if defined(__GNUC__) || defined(__clang__)
#define TD_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define TD_NOINLINE __declspec(noinline)
#else
#define TD_NOINLINE
#endif

#endif // TD_COMPILER_H
