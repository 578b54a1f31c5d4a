/* SPDX-License-Identifier: Apache-2.0
 * SHA-224/256 block function (FIPS 180-4) in portable C: any CPU, any byte
 * order, default flags. The reference the other SHA-256 backends are tested
 * against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha2_constants.h"
#include "../bytes.h"

// The sigmas, with the rotations nested: Sigma1(e) = ((e >>> 14 ^ e) >>> 5
// ^ e) >>> 6 is e >>> 6 ^ e >>> 11 ^ e >>> 25. Without BMI2's RORX each
// parallel rotation costs a register copy; the nested form needs one copy
// per sigma. Longer latency, but a round is bound by instruction count: 2790
// instructions a block instead of 3280 with GCC 12 -O2 (the notes'
// "SHA-224/256 and SHA-384/512, portable").
#define BSIG0(x) rotr32(rotr32(rotr32(x, 9) ^ (x), 11) ^ (x), 2)
#define BSIG1(x) rotr32(rotr32(rotr32(x, 14) ^ (x), 5) ^ (x), 6)
#define SSIG0(x) (rotr32(rotr32(x, 11) ^ (x), 7) ^ ((x) >> 3))
#define SSIG1(x) (rotr32(rotr32(x, 2) ^ (x), 17) ^ ((x) >> 10))

#define SHA2_WORD uint32_t
#define SHA2_FN td_sha256_blocks_portable
#define SHA2_STATE td_sha256_state
#define SHA2_K td_sha256_k
#define SHA2_ROUNDS 64
#define SHA2_LOAD(p, t) load_be32((p) + 4 * (t))
#include "sha2_portable_body.h"
