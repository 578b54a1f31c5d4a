/* SPDX-License-Identifier: Apache-2.0
 * The last block that equal-length messages share when it holds padding
 * alone (td_backend.h says why), for many.c.
 */
#ifndef TD_SHARED_BLOCK_H
#define TD_SHARED_BLOCK_H

#include "td_backend.h"

typedef union td_shared_block {
    td_md5_shared_block    md5;
    td_sha1_shared_block   sha1;
    td_sha256_shared_block sha256;
    td_sha512_shared_block sha512;
} td_shared_block;

// The bytes of b, 64 or 128 of them by family.
static inline uint8_t *td_shared_block_bytes_of(td_family family, td_shared_block *b)
{
    switch (family) {
    case TD_FAMILY_MD5:    return b->md5.bytes;
    case TD_FAMILY_SHA1:   return b->sha1.bytes;
    case TD_FAMILY_SHA256: return b->sha256.bytes;
    default:               return b->sha512.bytes;
    }
}

// Whether the last block of a message of len bytes holds no message byte:
// where there is no tail, the block is 0x80, zeros and the length; where the
// tail leaves no room for the 0x80 byte and the length field, they spill
// into a block of zeros and the length. Inline, so that a constant family
// makes it a mask and a compare.
static inline int td_last_block_is_shared(td_family family, uint64_t len)
{
    if (family == TD_FAMILY_SHA3) // Keccak's padding: no length, no schedule
        return 0;
    const size_t block_size = family == TD_FAMILY_SHA512 ? 128 : 64;
    const size_t field = family == TD_FAMILY_SHA512 ? 16 : 8;
    const size_t tail = (size_t)(len % block_size);
    return tail == 0 || tail + 1 + field > block_size;
}

// Writes that block (64 or 128 bytes) for a message of len bytes, which must
// be one where td_last_block_is_shared holds.
TD_HIDDEN void td_shared_block_bytes(td_family family, uint8_t *block, uint64_t len);

// Fills in the schedule of b from its bytes.
TD_HIDDEN void td_shared_block_schedule(td_family family, td_shared_block *b);

#endif // TD_SHARED_BLOCK_H
