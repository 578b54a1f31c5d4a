/* SPDX-License-Identifier: Apache-2.0
 * MD5 (RFC 1321) on lanes of independent messages, one message per 32-bit
 * vector lane: the rounds, and the function that runs them over a batch's
 * blocks. Shared by md5_avx512_x16.c (16 and 32 lanes) and md5_avx2_x8.c,
 * each of which defines the primitives listed below before including it.
 */
#ifndef TD_MD5_LANES_BODY_H
#define TD_MD5_LANES_BODY_H

#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "md5_constants.h"
#include "pin.h"

// The including file defines:
//   TD_V                     the vector type, one 32-bit word per lane
//   V_ADD(a, b)              32-bit add
//   V_ROL(v, s)              32-bit rotate left by the constant s
//   V_SET1(x)                the word x in every lane
//   FN_F(a, b, c, d) ... FN_I(a, b, c, d)
//                            statements that add f(b, c, d) of each round
//                            into a; terms that do not involve b first, so
//                            that only the last operations wait for b
//   PIN(v)                   an empty asm that keeps v in a register, or nothing
// and calls MD5_LANES_BLOCK(a, b, c, d, XT), XT(k, i) being the vector of
// X[k] + T[i] for step i, which reads word k: from a block's message words,
// or from a shared block's precomputed sums. MD5_LANES_FUNCTION below
// defines a whole kernel from these and a few more.

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

// static void name(states, data, live, nblocks, tail, ntail, last): the
// many-path contract (td_md5_blocks_many_fn) for lanes lanes, lanes live..
// lanes-1 being copies of lane 0 whose results are dropped. Besides the
// primitives above it uses
//   WORDS_DECLARE(w)                 declares the words of one block, every lane
//   WORDS_LOAD(w, p, off)            loads them, transposed, from p[lane] + off
//   WORD(w, k)                       word k of every lane, a TD_V
//   STATE_LOAD(h, a, b, c, d)        the states at h[lane] into a, b, c, d
//   STATE_STORE(h, live, a, b, c, d) and back, lanes 0 .. live-1 only
// The body's and the tail's blocks run in one loop each; the shared block
// follows in the same pass, the state still in registers, X[k] + T[i]
// worked out once for the batch (docs/performance-notes.md, "Backend forms:
// figures from the code").
#define MD5_LANES_FUNCTION(name, lanes)                                            \
    static void name(td_md5_state *const *states, const uint8_t *const *data,       \
                     size_t live, size_t nblocks, const uint8_t *const *tail,        \
                     size_t ntail, const td_md5_shared_block *last)                 \
    {                                                                              \
        const uint8_t *p[lanes];                                                   \
        uint32_t *h[lanes];                                                        \
        for (size_t i = 0; i < (lanes); i++)                                       \
            h[i] = states[i < live ? i : 0]->h;                                    \
        TD_V a, b, c, d;                                                           \
        STATE_LOAD(h, a, b, c, d);                                                 \
        for (int segment = 0; segment < 2; segment++) {                            \
            size_t count = segment == 0 ? nblocks : ntail;                         \
            if (count != 0)                                                        \
                td_lane_pointers(p, (lanes), segment == 0 ? data : tail, live);    \
            for (size_t off = 0; count > 0; count--, off += 64) {                  \
                const TD_V a0 = a, b0 = b, c0 = c, d0 = d;                         \
                /* The table's address goes through an empty asm once a block,   \
                   so that the compiler cannot hoist 64 broadcasts out of the    \
                   loop (and spill them): each T[i] stays a memory operand. */   \
                const uint32_t *t = td_md5_t;                                      \
                PIN_SCALAR(t);                                                     \
                WORDS_DECLARE(w);                                                  \
                WORDS_LOAD(w, p, off);                                             \
                MD5_LANES_BLOCK(a, b, c, d, MD5_XT_WORDS);                         \
                a = V_ADD(a, a0);                                                  \
                b = V_ADD(b, b0);                                                  \
                c = V_ADD(c, c0);                                                  \
                d = V_ADD(d, d0);                                                  \
            }                                                                      \
        }                                                                          \
        if (last != NULL) {                                                        \
            const TD_V a0 = a, b0 = b, c0 = c, d0 = d;                             \
            MD5_LANES_BLOCK(a, b, c, d, MD5_XT_SHARED);                            \
            a = V_ADD(a, a0);                                                      \
            b = V_ADD(b, b0);                                                      \
            c = V_ADD(c, c0);                                                      \
            d = V_ADD(d, d0);                                                      \
        }                                                                          \
        STATE_STORE(h, live, a, b, c, d);                                          \
    }
#define MD5_XT_WORDS(k, i) V_ADD(WORD(w, k), V_SET1(t[i]))
#define MD5_XT_SHARED(k, i) V_SET1(last->xt[i])

#endif // TD_MD5_LANES_BODY_H
