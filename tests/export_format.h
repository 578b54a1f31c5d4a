/* SPDX-License-Identifier: Apache-2.0
 * The export format of td_ctx_export and td_hmac_ctx_export (turbodigest.h),
 * written out again for test_export and fuzz_export: field places and sizes,
 * and the CRC-32, so that a test can change a field and seal the export
 * again, and so reach the check of that field behind the CRC's. Include
 * after testutil.h.
 */
#ifndef TD_EXPORT_FORMAT_H
#define TD_EXPORT_FORMAT_H

#include "testutil.h"

enum { EF_HEADER = 8, EF_CRC = 4 };
enum { EF_MAGIC = 0, EF_VERSION = 4, EF_ALG = 5, EF_BUFFERED = 6, EF_ZERO = 7, EF_LENGTH = 8 };

// The length field's size: 16 bytes for the SHA-512 family, else 8 (SHA-3
// included: its blocks of 144, 136, 104 and 72 bytes are no 128).
static inline size_t ef_length_size(td_alg alg)
{
    return td_block_size(alg) == 128 ? 16 : 8;
}

// The chaining state's size as it is written.
static inline size_t ef_state_size(td_alg alg)
{
    switch (alg) {
    case TD_MD5:    return 16;
    case TD_SHA1:   return 20;
    case TD_SHA224:
    case TD_SHA256: return 32;
    case TD_SHA3_224:
    case TD_SHA3_256:
    case TD_SHA3_384:
    case TD_SHA3_512: return 200; // Keccak's 25 lanes of 64 bits
    default:        return 64;
    }
}

// Where the buffered bytes start: after the header, the length and one state
// (two for HMAC).
static inline size_t ef_buffered_at(td_alg alg, int hmac)
{
    return EF_HEADER + ef_length_size(alg) + (hmac ? 2 : 1) * ef_state_size(alg);
}

// The size of an export holding n buffered bytes.
static inline size_t ef_size(td_alg alg, int hmac, size_t n)
{
    return ef_buffered_at(alg, hmac) + n + EF_CRC;
}

// CRC-32 as zlib's crc32(): reflected, polynomial 0xedb88320, all ones in
// and out.
static inline uint32_t ef_crc32(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ ((crc & 1u) ? 0xedb88320u : 0u);
    }
    return ~crc;
}

// Writes the CRC of blob[0 .. len - 4) into its last 4 bytes, big-endian.
static inline void ef_seal(uint8_t *blob, size_t len)
{
    const uint32_t crc = ef_crc32(blob, len - EF_CRC);
    for (int i = 0; i < 4; i++)
        blob[len - EF_CRC + (size_t)i] = (uint8_t)(crc >> (24 - 8 * i));
}

static inline uint64_t ef_get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static inline void ef_put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

// The low 64 bits of the length field (the whole field but for the SHA-512
// family's high half).
static inline size_t ef_length_lo_at(td_alg alg)
{
    return EF_LENGTH + ef_length_size(alg) - 8;
}

// Whether blob[0 .. len) is an export the header's format allows, of a
// td_hmac_ctx (hmac) or a td_ctx: the rules stated again, apart from the
// library's code, so that a fuzzer can hold an import to them both ways.
static inline int ef_well_formed(const uint8_t *blob, size_t len, int hmac)
{
    if (len < EF_HEADER || memcmp(blob, hmac ? "tdhm" : "tdcx", 4) != 0 ||
        blob[EF_VERSION] != 1 || blob[EF_ALG] >= TD_ALG_COUNT || blob[EF_ZERO] != 0)
        return 0;
    const td_alg alg = (td_alg)blob[EF_ALG];
    const size_t b = td_block_size(alg), n = blob[EF_BUFFERED];
    if (n >= b || len != ef_size(alg, hmac, n))
        return 0;
    const uint32_t crc = (uint32_t)blob[len - 4] << 24 | (uint32_t)blob[len - 3] << 16 |
                         (uint32_t)blob[len - 2] << 8 | blob[len - 1];
    if (crc != ef_crc32(blob, len - EF_CRC))
        return 0;
    const uint64_t lo = ef_get64(blob + ef_length_lo_at(alg));
    const uint64_t hi = b == 128 ? ef_get64(blob + EF_LENGTH) : 0;
    const uint64_t max_61 = ((uint64_t)1 << 61) - 1;
    if (lo % b != n)
        return 0;
    // Limits: 2^125 - 1 bytes for the SHA-512 family, 2^61 - 1 for SHA-1 and
    // SHA-224/256, none for MD5 (its count wraps), 2^64 - 1 for SHA-3 (any
    // value of the 64-bit field).
    if (b == 128 ? hi > max_61 : alg != TD_MD5 && !tu_is_sha3(alg) && lo > max_61)
        return 0;
    return !hmac || hi != 0 || lo >= b; // an HMAC's inner hash has the key block
}

#endif // TD_EXPORT_FORMAT_H
