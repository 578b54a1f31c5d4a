/* SPDX-License-Identifier: Apache-2.0
 * MD5 rounds (RFC 1321) on lanes of independent messages, one message per
 * 32-bit vector lane; shared by md5_avx512_x16.c and md5_avx2_x8.c, each of
 * which defines the vector primitives listed below before including it.
 */
#ifndef TD_MD5_LANES_BODY_H
#define TD_MD5_LANES_BODY_H

#include "md5_constants.h"

// The including file defines:
//   TD_V                     the vector type, one 32-bit word per lane
//   V_ADD(a, b)              32-bit add
//   V_ROL(v, s)              32-bit rotate left by the constant s
//   FN_F(a, b, c, d) ... FN_I(a, b, c, d)
//                            statements that add f(b, c, d) of each round
//                            into a; terms that do not involve b first, so
//                            that only the last operations wait for b
//   PIN(v)                   an empty asm that keeps v in a register, or nothing
// and calls MD5_LANES_BLOCK(a, b, c, d, XT), XT(k, i) being the vector of
// X[k] + T[i] for step i, which reads word k: from a block's message words,
// or from a shared block's precomputed sums.

// One step: a = b + ((a + X[k] + T[i] + f(b, c, d)) <<< s). X[k] + T[i] is
// added as soon as a, four steps old, is ready; PIN keeps the compiler from
// reassociating it after f, which would put one more ADD on the chain from
// one step to the next.
#define MD5_LANES_STEP(FN, a, b, c, d, xt, s)                                  \
    do {                                                                       \
        a = V_ADD(a, xt);                                                      \
        PIN(a);                                                                \
        FN(a, b, c, d);                                                        \
        a = V_ADD(V_ROL(a, s), b);                                             \
    } while (0)

#define MD5_LANES_BLOCK(a, b, c, d, XT)                                        \
    do {                                                                       \
        MD5_LANES_STEP(FN_F, a, b, c, d, XT(0, 0), 7);                         \
        MD5_LANES_STEP(FN_F, d, a, b, c, XT(1, 1), 12);                        \
        MD5_LANES_STEP(FN_F, c, d, a, b, XT(2, 2), 17);                        \
        MD5_LANES_STEP(FN_F, b, c, d, a, XT(3, 3), 22);                        \
        MD5_LANES_STEP(FN_F, a, b, c, d, XT(4, 4), 7);                         \
        MD5_LANES_STEP(FN_F, d, a, b, c, XT(5, 5), 12);                        \
        MD5_LANES_STEP(FN_F, c, d, a, b, XT(6, 6), 17);                        \
        MD5_LANES_STEP(FN_F, b, c, d, a, XT(7, 7), 22);                        \
        MD5_LANES_STEP(FN_F, a, b, c, d, XT(8, 8), 7);                         \
        MD5_LANES_STEP(FN_F, d, a, b, c, XT(9, 9), 12);                        \
        MD5_LANES_STEP(FN_F, c, d, a, b, XT(10, 10), 17);                      \
        MD5_LANES_STEP(FN_F, b, c, d, a, XT(11, 11), 22);                      \
        MD5_LANES_STEP(FN_F, a, b, c, d, XT(12, 12), 7);                       \
        MD5_LANES_STEP(FN_F, d, a, b, c, XT(13, 13), 12);                      \
        MD5_LANES_STEP(FN_F, c, d, a, b, XT(14, 14), 17);                      \
        MD5_LANES_STEP(FN_F, b, c, d, a, XT(15, 15), 22);                      \
                                                                               \
        MD5_LANES_STEP(FN_G, a, b, c, d, XT(1, 16), 5);                        \
        MD5_LANES_STEP(FN_G, d, a, b, c, XT(6, 17), 9);                        \
        MD5_LANES_STEP(FN_G, c, d, a, b, XT(11, 18), 14);                      \
        MD5_LANES_STEP(FN_G, b, c, d, a, XT(0, 19), 20);                       \
        MD5_LANES_STEP(FN_G, a, b, c, d, XT(5, 20), 5);                        \
        MD5_LANES_STEP(FN_G, d, a, b, c, XT(10, 21), 9);                       \
        MD5_LANES_STEP(FN_G, c, d, a, b, XT(15, 22), 14);                      \
        MD5_LANES_STEP(FN_G, b, c, d, a, XT(4, 23), 20);                       \
        MD5_LANES_STEP(FN_G, a, b, c, d, XT(9, 24), 5);                        \
        MD5_LANES_STEP(FN_G, d, a, b, c, XT(14, 25), 9);                       \
        MD5_LANES_STEP(FN_G, c, d, a, b, XT(3, 26), 14);                       \
        MD5_LANES_STEP(FN_G, b, c, d, a, XT(8, 27), 20);                       \
        MD5_LANES_STEP(FN_G, a, b, c, d, XT(13, 28), 5);                       \
        MD5_LANES_STEP(FN_G, d, a, b, c, XT(2, 29), 9);                        \
        MD5_LANES_STEP(FN_G, c, d, a, b, XT(7, 30), 14);                       \
        MD5_LANES_STEP(FN_G, b, c, d, a, XT(12, 31), 20);                      \
                                                                               \
        MD5_LANES_STEP(FN_H, a, b, c, d, XT(5, 32), 4);                        \
        MD5_LANES_STEP(FN_H, d, a, b, c, XT(8, 33), 11);                       \
        MD5_LANES_STEP(FN_H, c, d, a, b, XT(11, 34), 16);                      \
        MD5_LANES_STEP(FN_H, b, c, d, a, XT(14, 35), 23);                      \
        MD5_LANES_STEP(FN_H, a, b, c, d, XT(1, 36), 4);                        \
        MD5_LANES_STEP(FN_H, d, a, b, c, XT(4, 37), 11);                       \
        MD5_LANES_STEP(FN_H, c, d, a, b, XT(7, 38), 16);                       \
        MD5_LANES_STEP(FN_H, b, c, d, a, XT(10, 39), 23);                      \
        MD5_LANES_STEP(FN_H, a, b, c, d, XT(13, 40), 4);                       \
        MD5_LANES_STEP(FN_H, d, a, b, c, XT(0, 41), 11);                       \
        MD5_LANES_STEP(FN_H, c, d, a, b, XT(3, 42), 16);                       \
        MD5_LANES_STEP(FN_H, b, c, d, a, XT(6, 43), 23);                       \
        MD5_LANES_STEP(FN_H, a, b, c, d, XT(9, 44), 4);                        \
        MD5_LANES_STEP(FN_H, d, a, b, c, XT(12, 45), 11);                      \
        MD5_LANES_STEP(FN_H, c, d, a, b, XT(15, 46), 16);                      \
        MD5_LANES_STEP(FN_H, b, c, d, a, XT(2, 47), 23);                       \
                                                                               \
        MD5_LANES_STEP(FN_I, a, b, c, d, XT(0, 48), 6);                        \
        MD5_LANES_STEP(FN_I, d, a, b, c, XT(7, 49), 10);                       \
        MD5_LANES_STEP(FN_I, c, d, a, b, XT(14, 50), 15);                      \
        MD5_LANES_STEP(FN_I, b, c, d, a, XT(5, 51), 21);                       \
        MD5_LANES_STEP(FN_I, a, b, c, d, XT(12, 52), 6);                       \
        MD5_LANES_STEP(FN_I, d, a, b, c, XT(3, 53), 10);                       \
        MD5_LANES_STEP(FN_I, c, d, a, b, XT(10, 54), 15);                      \
        MD5_LANES_STEP(FN_I, b, c, d, a, XT(1, 55), 21);                       \
        MD5_LANES_STEP(FN_I, a, b, c, d, XT(8, 56), 6);                        \
        MD5_LANES_STEP(FN_I, d, a, b, c, XT(15, 57), 10);                      \
        MD5_LANES_STEP(FN_I, c, d, a, b, XT(6, 58), 15);                       \
        MD5_LANES_STEP(FN_I, b, c, d, a, XT(13, 59), 21);                      \
        MD5_LANES_STEP(FN_I, a, b, c, d, XT(4, 60), 6);                        \
        MD5_LANES_STEP(FN_I, d, a, b, c, XT(11, 61), 10);                      \
        MD5_LANES_STEP(FN_I, c, d, a, b, XT(2, 62), 15);                       \
        MD5_LANES_STEP(FN_I, b, c, d, a, XT(9, 63), 21);                       \
    } while (0)

#endif // TD_MD5_LANES_BODY_H
