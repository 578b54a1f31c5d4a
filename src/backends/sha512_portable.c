/* SPDX-License-Identifier: Apache-2.0
 * SHA-384/512 and SHA-512/t block function (FIPS 180-4) in portable C: any
 * CPU, any byte order, default flags. The reference the other SHA-512
 * backends are tested against.
 */
#include <stddef.h>
#include <stdint.h>

#include "../td_backend.h"
#include "backends.h"
#include "sha2_constants.h"
#include "../bytes.h"

// The sigmas, with the rotations nested: Sigma1(e) = ((e >>> 23 ^ e) >>> 4
// ^ e) >>> 14 is e >>> 14 ^ e >>> 18 ^ e >>> 41. Without BMI2's RORX each
// parallel rotation costs a register copy; the nested form needs one copy
// per sigma. Longer latency, but a round is bound by instruction count: 3733
// instructions a block instead of 4351 with GCC 12 -O2 (the notes'
// "SHA-224/256 and SHA-384/512, portable").
#define BSIG0(x) rotr64(rotr64(rotr64(x, 5) ^ (x), 6) ^ (x), 28)
#define BSIG1(x) rotr64(rotr64(rotr64(x, 23) ^ (x), 4) ^ (x), 14)
#define SSIG0(x) (rotr64(rotr64(x, 7) ^ (x), 1) ^ ((x) >> 7))
#define SSIG1(x) (rotr64(rotr64(x, 42) ^ (x), 19) ^ ((x) >> 6))

#define SHA2_WORD uint64_t
#define SHA2_FN td_sha512_blocks_portable
#define SHA2_STATE td_sha512_state
#define SHA2_K td_sha512_k
#define SHA2_ROUNDS 80
#define SHA2_LOAD(p, t) load_be64((p) + 8 * (t))
#include "sha2_portable_body.h"
