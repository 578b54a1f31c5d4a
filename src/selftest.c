// SPDX-License-Identifier: Apache-2.0
// A short known-answer test of every backend usable here, on both paths.

#include <string.h>

#include "td_internal.h"

// The digests of "abc": FIPS 180-4's examples (published with the standard as
// SHA_All.pdf and the SHA-512/t examples), FIPS 202's (SHA3-224 .. 512, in
// NIST's example values) and RFC 1321's test suite.
static const char *const abc_digests[TD_ALG_COUNT] = {
    [TD_MD5] = "900150983cd24fb0d6963f7d28e17f72",
    [TD_SHA1] = "a9993e364706816aba3e25717850c26c9cd0d89d",
    [TD_SHA224] = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
    [TD_SHA256] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    [TD_SHA384] = "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
                  "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
    [TD_SHA512] = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    [TD_SHA512_224] = "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
    [TD_SHA512_256] = "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
    [TD_SHA3_224] = "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
    [TD_SHA3_256] = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
    [TD_SHA3_384] = "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
                    "98d88cea927ac7f539f1edf228376d25",
    [TD_SHA3_512] = "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                    "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
};

static int matches_hex(const uint8_t *digest, size_t len, const char *hex)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        if (hex[2 * i] != digits[digest[i] >> 4] || hex[2 * i + 1] != digits[digest[i] & 15])
            return 0;
    }
    return hex[2 * len] == '\0';
}

// SHAKE128 of "abc" on the backend in use: 200 bytes in pieces of 1, 167
// and 32 (past a block: the permutation between blocks of output), its first
// 32 against NIST's example value, all of them against td_shake's in one
// piece.
static int shake_known_answer(void)
{
    static const char want[] =
        "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8";
    uint8_t out[200];
    td_xof x;
    if (td_xof_init(&x, TD_SHAKE128) != TD_OK || td_xof_absorb(&x, "abc", 3) != TD_OK ||
        td_xof_squeeze(&x, out, 1) != TD_OK || td_xof_squeeze(&x, out + 1, 167) != TD_OK ||
        td_xof_squeeze(&x, out + 168, 32) != TD_OK)
        return 0;
    uint8_t again[200];
    return matches_hex(out, 32, want) && td_shake(TD_SHAKE128, "abc", 3, again, 200) == TD_OK &&
           memcmp(out, again, 200) == 0;
}

// Every length from 0 to three blocks (all padding cases, multi-block runs),
// hashed with row and with portable, must agree; one digest chains into the
// next message so any difference carries to the end. On the many path the
// batch size cycles through 16, 8, 4, 2 and 1, so that full and partly
// empty lanes run.
static int agrees_with_portable(td_alg alg, td_path path, const td_backend_row *row,
                                const td_backend_row *portable)
{
    enum { MAX_BATCH = 16 };
    static const size_t batch_sizes[] = { 16, 8, 4, 2, 1 };
    uint8_t msg[3 * TD_MAX_BLOCK_SIZE + 3];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 131 + 7);
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    const size_t max_len = 3 * td_alg_info_of(alg)->block_size;
    for (size_t len = 0; len <= max_len; len++) {
        uint8_t want[MAX_BATCH * TD_MAX_DIGEST_SIZE], got[MAX_BATCH * TD_MAX_DIGEST_SIZE];
        size_t n = 1;
        if (path == TD_SINGLE) {
            td_hash_with(portable, alg, msg, len, want);
            td_hash_with(row, alg, msg, len, got);
        } else {
            // Uneven lengths and alignments across the lanes.
            const void *data[MAX_BATCH];
            size_t lens[MAX_BATCH];
            n = batch_sizes[len % (sizeof batch_sizes / sizeof batch_sizes[0])];
            for (size_t i = 0; i < n; i++) {
                data[i] = msg + i % 3;
                lens[i] = (len + 37 * i) % (max_len + 1);
            }
            td_hash_many_with(portable, alg, n, data, lens, want);
            td_hash_many_with(row, alg, n, data, lens, got);
        }
        if (memcmp(want, got, n * digest_size) != 0)
            return 0;
        memcpy(msg, got, digest_size);
    }
    return 1;
}

// Equal lengths on the many path (td_hash_many_fixed): counts that take the
// shared last block by its schedule and as bytes, lengths where the last
// block is shared (0, a block, two, a tail too long for the length field) or
// not.
static int fixed_agrees_with_portable(td_alg alg, const td_backend_row *row,
                                      const td_backend_row *portable)
{
    enum { MAX_BATCH = 16 };
    uint8_t msg[MAX_BATCH * 2 * TD_MAX_BLOCK_SIZE];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 167 + 3);
    const size_t b = td_alg_info_of(alg)->block_size;
    const size_t lens[] = { 0, 5, b - 1, b, b + b / 2, 2 * b };
    const size_t counts[] = { 1, 3, 9, MAX_BATCH };
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            uint8_t want[MAX_BATCH * TD_MAX_DIGEST_SIZE], got[MAX_BATCH * TD_MAX_DIGEST_SIZE];
            const size_t n = counts[c];
            td_hash_many_fixed_with(portable, alg, n, msg, lens[l], want);
            td_hash_many_fixed_with(row, alg, n, msg, lens[l], got);
            if (memcmp(want, got, n * td_alg_info_of(alg)->digest_size) != 0)
                return 0;
        }
    }
    return 1;
}

// PBKDF2 on the backends in use: RFC 6070's second vector (HMAC-SHA-1, two
// iterations, one output block) and RFC 7914's first (HMAC-SHA-256, 64
// bytes: two output blocks side by side on the many path).
static int pbkdf2_known_answers(void)
{
    uint8_t dk[64];
    return td_pbkdf2_hmac(TD_SHA1, "password", 8, "salt", 4, 2, dk, 20) == TD_OK &&
           matches_hex(dk, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957") &&
           td_pbkdf2_hmac(TD_SHA256, "passwd", 6, "salt", 4, 1, dk, 64) == TD_OK &&
           matches_hex(dk, 64, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                               "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783");
}

int td_selftest(void)
{
    for (int a = 0; a < TD_ALG_COUNT; a++) {
        const td_alg alg = (td_alg)a;
        const size_t digest_size = td_alg_info_of(alg)->digest_size;
        for (int p = 0; p < 2; p++) {
            const td_path path = (td_path)p;
            const td_backend_table t = td_backend_table_of(td_alg_info_of(alg)->family, path);
            const td_backend_row *portable = &t.rows[t.count - 1];
            for (size_t i = 0; i < t.count; i++) {
                const td_backend_row *row = &t.rows[i];
                if (!td_backend_row_usable(row))
                    continue;
                uint8_t digest[TD_MAX_DIGEST_SIZE];
                const uint8_t abc[3] = { 'a', 'b', 'c' };
                if (path == TD_SINGLE) {
                    td_hash_with(row, alg, abc, 3, digest);
                } else {
                    const void *data[1] = { abc };
                    const size_t lens[1] = { 3 };
                    td_hash_many_with(row, alg, 1, data, lens, digest);
                }
                if (!matches_hex(digest, digest_size, abc_digests[alg]))
                    return TD_ERR_UNSUPPORTED;
                if (row != portable && !agrees_with_portable(alg, path, row, portable))
                    return TD_ERR_UNSUPPORTED;
                if (path == TD_MULTI && row != portable &&
                    !fixed_agrees_with_portable(alg, row, portable))
                    return TD_ERR_UNSUPPORTED;
            }
        }
    }
    return pbkdf2_known_answers() && shake_known_answer() ? TD_OK : TD_ERR_UNSUPPORTED;
}
