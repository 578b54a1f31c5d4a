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
//   V_T(i)                   the constant T[i] in every lane
//   V_ROL(v, s)              32-bit rotate left by the constant s
//   FN_F(a, b, c, d) ... FN_I(a, b, c, d)
//                            statements that add f(b, c, d) of each round
//                            into a; terms that do not involve b first, so
//                            that only the last operations wait for b
//   PIN(v)                   an empty asm that keeps v in a register, or nothing
// and calls MD5_LANES_BLOCK(a, b, c, d, w) with w[16] the block's message
// words, lane i of w[k] being word k of lane i's block.

// One step: a = b + ((a + X[k] + T[i] + f(b, c, d)) <<< s). X[k] + T[i] is
// added as soon as a, four steps old, is ready; PIN keeps the compiler from
// reassociating it after f, which would put one more ADD on the chain from
// one step to the next.
#define MD5_LANES_STEP(FN, a, b, c, d, x, s, i)                                \
    do {                                                                       \
        a = V_ADD(a, V_ADD(x, V_T(i)));                                        \
        PIN(a);                                                                \
        FN(a, b, c, d);                                                        \
        a = V_ADD(V_ROL(a, s), b);                                             \
    } while (0)

#define MD5_LANES_BLOCK(a, b, c, d, w)                                         \
    do {                                                                       \
        MD5_LANES_STEP(FN_F, a, b, c, d, w[0], 7, 0);                          \
        MD5_LANES_STEP(FN_F, d, a, b, c, w[1], 12, 1);                         \
        MD5_LANES_STEP(FN_F, c, d, a, b, w[2], 17, 2);                         \
        MD5_LANES_STEP(FN_F, b, c, d, a, w[3], 22, 3);                         \
        MD5_LANES_STEP(FN_F, a, b, c, d, w[4], 7, 4);                          \
        MD5_LANES_STEP(FN_F, d, a, b, c, w[5], 12, 5);                         \
        MD5_LANES_STEP(FN_F, c, d, a, b, w[6], 17, 6);                         \
        MD5_LANES_STEP(FN_F, b, c, d, a, w[7], 22, 7);                         \
        MD5_LANES_STEP(FN_F, a, b, c, d, w[8], 7, 8);                          \
        MD5_LANES_STEP(FN_F, d, a, b, c, w[9], 12, 9);                         \
        MD5_LANES_STEP(FN_F, c, d, a, b, w[10], 17, 10);                       \
        MD5_LANES_STEP(FN_F, b, c, d, a, w[11], 22, 11);                       \
        MD5_LANES_STEP(FN_F, a, b, c, d, w[12], 7, 12);                        \
        MD5_LANES_STEP(FN_F, d, a, b, c, w[13], 12, 13);                       \
        MD5_LANES_STEP(FN_F, c, d, a, b, w[14], 17, 14);                       \
        MD5_LANES_STEP(FN_F, b, c, d, a, w[15], 22, 15);                       \
                                                                               \
        MD5_LANES_STEP(FN_G, a, b, c, d, w[1], 5, 16);                         \
        MD5_LANES_STEP(FN_G, d, a, b, c, w[6], 9, 17);                         \
        MD5_LANES_STEP(FN_G, c, d, a, b, w[11], 14, 18);                       \
        MD5_LANES_STEP(FN_G, b, c, d, a, w[0], 20, 19);                        \
        MD5_LANES_STEP(FN_G, a, b, c, d, w[5], 5, 20);                         \
        MD5_LANES_STEP(FN_G, d, a, b, c, w[10], 9, 21);                        \
        MD5_LANES_STEP(FN_G, c, d, a, b, w[15], 14, 22);                       \
        MD5_LANES_STEP(FN_G, b, c, d, a, w[4], 20, 23);                        \
        MD5_LANES_STEP(FN_G, a, b, c, d, w[9], 5, 24);                         \
        MD5_LANES_STEP(FN_G, d, a, b, c, w[14], 9, 25);                        \
        MD5_LANES_STEP(FN_G, c, d, a, b, w[3], 14, 26);                        \
        MD5_LANES_STEP(FN_G, b, c, d, a, w[8], 20, 27);                        \
        MD5_LANES_STEP(FN_G, a, b, c, d, w[13], 5, 28);                        \
        MD5_LANES_STEP(FN_G, d, a, b, c, w[2], 9, 29);                         \
        MD5_LANES_STEP(FN_G, c, d, a, b, w[7], 14, 30);                        \
        MD5_LANES_STEP(FN_G, b, c, d, a, w[12], 20, 31);                       \
                                                                               \
        MD5_LANES_STEP(FN_H, a, b, c, d, w[5], 4, 32);                         \
        MD5_LANES_STEP(FN_H, d, a, b, c, w[8], 11, 33);                        \
        MD5_LANES_STEP(FN_H, c, d, a, b, w[11], 16, 34);                       \
        MD5_LANES_STEP(FN_H, b, c, d, a, w[14], 23, 35);                       \
        MD5_LANES_STEP(FN_H, a, b, c, d, w[1], 4, 36);                         \
        MD5_LANES_STEP(FN_H, d, a, b, c, w[4], 11, 37);                        \
        MD5_LANES_STEP(FN_H, c, d, a, b, w[7], 16, 38);                        \
        MD5_LANES_STEP(FN_H, b, c, d, a, w[10], 23, 39);                       \
        MD5_LANES_STEP(FN_H, a, b, c, d, w[13], 4, 40);                        \
        MD5_LANES_STEP(FN_H, d, a, b, c, w[0], 11, 41);                        \
        MD5_LANES_STEP(FN_H, c, d, a, b, w[3], 16, 42);                        \
        MD5_LANES_STEP(FN_H, b, c, d, a, w[6], 23, 43);                        \
        MD5_LANES_STEP(FN_H, a, b, c, d, w[9], 4, 44);                         \
        MD5_LANES_STEP(FN_H, d, a, b, c, w[12], 11, 45);                       \
        MD5_LANES_STEP(FN_H, c, d, a, b, w[15], 16, 46);                       \
        MD5_LANES_STEP(FN_H, b, c, d, a, w[2], 23, 47);                        \
                                                                               \
        MD5_LANES_STEP(FN_I, a, b, c, d, w[0], 6, 48);                         \
        MD5_LANES_STEP(FN_I, d, a, b, c, w[7], 10, 49);                        \
        MD5_LANES_STEP(FN_I, c, d, a, b, w[14], 15, 50);                       \
        MD5_LANES_STEP(FN_I, b, c, d, a, w[5], 21, 51);                        \
        MD5_LANES_STEP(FN_I, a, b, c, d, w[12], 6, 52);                        \
        MD5_LANES_STEP(FN_I, d, a, b, c, w[3], 10, 53);                        \
        MD5_LANES_STEP(FN_I, c, d, a, b, w[10], 15, 54);                       \
        MD5_LANES_STEP(FN_I, b, c, d, a, w[1], 21, 55);                        \
        MD5_LANES_STEP(FN_I, a, b, c, d, w[8], 6, 56);                         \
        MD5_LANES_STEP(FN_I, d, a, b, c, w[15], 10, 57);                       \
        MD5_LANES_STEP(FN_I, c, d, a, b, w[6], 15, 58);                        \
        MD5_LANES_STEP(FN_I, b, c, d, a, w[13], 21, 59);                       \
        MD5_LANES_STEP(FN_I, a, b, c, d, w[4], 6, 60);                         \
        MD5_LANES_STEP(FN_I, d, a, b, c, w[11], 10, 61);                       \
        MD5_LANES_STEP(FN_I, c, d, a, b, w[2], 15, 62);                        \
        MD5_LANES_STEP(FN_I, b, c, d, a, w[9], 21, 63);                        \
    } while (0)

#endif // TD_MD5_LANES_BODY_H
