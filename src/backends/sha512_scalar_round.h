/* SPDX-License-Identifier: Apache-2.0
 * The SHA-384/512 round in general-purpose registers (BMI2 RORX, BMI1 ANDN),
 * for sha512_x2_body.h: shared by sha512_avx2.c and sha512_avx512_scalar.c,
 * which differ only in the instructions of their message schedule. Not a
 * standalone header.
 */

#include "pin.h"

// FIPS 180-4's big sigmas as three parallel rotations: RORX leaves its
// source intact, so the nested form of sha512_portable.c saves nothing here
// and lengthens the chain.
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))

// A round is about 24 operations that all wait, in the end, for the round
// before, so both its chain length and its operation count set the pace.
// This form closes each chain in 4 cycles with 24 operations:
//  - e' = d + h + W + K + Ch(e, f, g) + Sigma1(e): d + h + W + K is summed
//    before e is known; Ch is two disjoint halves, e & f and ~e & g, that
//    can be added one by one; Sigma1 (3 cycles) comes last.
//  - a' = e' - d + Maj(a, b, c) + Sigma0(a), with Maj(a, b, c) =
//    (~(b ^ c) & b) + ((b ^ c) & a): (~(b ^ c) & b) - d is ready early, and
//    b ^ c is the last round's a ^ b. a' waits for e' and then for
//    Sigma0(a), so a runs 2 cycles behind e and its chain closes in 4 too.
// The textbook T1 + T2 form takes 22 operations but 5-cycle chains (the
// forms measured against this one: docs/performance-notes.md).
#define ROUND(wkt)                                                             \
    do {                                                                       \
        uint64_t new_e_ = h + (wkt);                                           \
        new_e_ += d;                                                           \
        PIN_SCALAR(new_e_);                                                    \
        new_e_ += e & f;                                                       \
        new_e_ += ~e & g;                                                      \
        PIN_SCALAR(new_e_);                                                    \
        new_e_ += BSIG1(e);                                                    \
        uint64_t maj_minus_d_ = (~bc & b) - d;                                 \
        maj_minus_d_ += bc & a;                                                \
        PIN_SCALAR(maj_minus_d_);                                              \
        bc = a ^ b;                                                            \
        uint64_t new_a_ = new_e_ + maj_minus_d_;                               \
        PIN_SCALAR(new_a_);                                                    \
        new_a_ += BSIG0(a);                                                    \
        h = g; g = f; f = e; e = new_e_;                                       \
        d = c; c = b; b = a; a = new_a_;                                       \
    } while (0)

#define ROUND_VARS uint64_t bc // b ^ c
#define ROUNDS_BEGIN bc = b ^ c
