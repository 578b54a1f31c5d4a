/* SPDX-License-Identifier: Apache-2.0
 * Loads and stores of big- and little-endian words at any alignment, one byte
 * at a time with shifts: defined behaviour whatever the alignment and the
 * host's byte order, and GCC and Clang turn each into one load or store (and
 * a bswap where needed). The big-endian stores are the exception with GCC
 * and Clang on little-endian hosts: a byte swap and one memcpy, because GCC 12
 * vectorises a loop of bytewise stores (the digest's words) into some 150
 * shuffles.
 */
#ifndef TD_BYTES_H
#define TD_BYTES_H

#include <stdint.h>
#include <string.h>

static inline uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline uint64_t load_be64(const uint8_t *p)
{
    return (uint64_t)load_be32(p) << 32 | load_be32(p + 4);
}

static inline uint64_t load_le64(const uint8_t *p)
{
    return (uint64_t)load_le32(p + 4) << 32 | load_le32(p);
}

static inline void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TD_BYTES_BSWAP_STORES 1
#endif

static inline void store_be32(uint8_t *p, uint32_t v)
{
#if defined(TD_BYTES_BSWAP_STORES)
    v = __builtin_bswap32(v);
    memcpy(p, &v, sizeof v);
#else
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
#endif
}

static inline void store_be64(uint8_t *p, uint64_t v)
{
#if defined(TD_BYTES_BSWAP_STORES)
    v = __builtin_bswap64(v);
    memcpy(p, &v, sizeof v);
#else
    store_be32(p, (uint32_t)(v >> 32));
    store_be32(p + 4, (uint32_t)v);
#endif
}

static inline void store_le64(uint8_t *p, uint64_t v)
{
    store_le32(p, (uint32_t)v);
    store_le32(p + 4, (uint32_t)(v >> 32));
}

// The bytes of v in the opposite order: a big-endian field as a
// little-endian word.
static inline uint64_t byteswap64(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(v);
#else
    v = (v & 0x00ff00ff00ff00ffu) << 8 | (v >> 8 & 0x00ff00ff00ff00ffu);
    v = (v & 0x0000ffff0000ffffu) << 16 | (v >> 16 & 0x0000ffff0000ffffu);
    return v << 32 | v >> 32;
#endif
}

static inline uint32_t rotl32(uint32_t x, unsigned n) { return (x << n) | (x >> ((32 - n) & 31)); }
static inline uint32_t rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << ((32 - n) & 31)); }
static inline uint64_t rotr64(uint64_t x, unsigned n) { return (x >> n) | (x << ((64 - n) & 63)); }
static inline uint64_t rotl64(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

#endif // TD_BYTES_H
