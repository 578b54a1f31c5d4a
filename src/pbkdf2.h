/* SPDX-License-Identifier: Apache-2.0
 * What pbkdf2.c and the chains of HMACs it calls (pbkdf2_chain_body.h, made
 * for each instruction set) share: the working set of an output block and
 * the chain function's type.
 */
#ifndef TD_PBKDF2_H
#define TD_PBKDF2_H

#include <stddef.h>
#include <stdint.h>

#include "td_internal.h"

// One chaining state, whatever its family.
typedef union td_chain_state {
    td_md5_state    md5;
    td_sha1_state   sha1;
    td_sha256_state sha256;
    td_sha512_state sha512;
} td_chain_state;

// The key's states after its inner and its outer block (HMAC's precomputed
// halves, as td_hmac_init leaves them).
typedef struct td_pbkdf2_key {
    td_chain_state inner;
    td_chain_state outer;
} td_pbkdf2_key;

// One output block's working set: its block, the state being compressed
// and T. Together, so that a state never lies a multiple of 4 KiB from a
// block: a load from one would wait for stores to the other, whose
// addresses match in their low 12 bits.
typedef struct td_pbkdf2_lane {
    uint8_t        block[TD_MAX_BLOCK_SIZE];
    td_chain_state s;
    td_chain_state t;
} td_pbkdf2_lane;

// The chain of k output blocks (k == 1 where row holds a single-path
// function, else 1 <= k <= row->lanes): lanes[i].block holds the inner hash
// of S || INT(i) padded as a message of one key block plus a digest; out of
// it, U_1 .. U_c and lanes[i].t = T_i as state words.
typedef void td_pbkdf2_chain_fn(td_alg alg, const td_backend_row *row, const td_pbkdf2_key *key,
                                td_pbkdf2_lane *lanes, size_t k, uint64_t iterations);
TD_HIDDEN td_pbkdf2_chain_fn td_pbkdf2_chain_ssse3;

#endif // TD_PBKDF2_H
