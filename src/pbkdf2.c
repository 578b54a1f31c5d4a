// SPDX-License-Identifier: Apache-2.0
// PBKDF2 (RFC 8018 section 5.2) with HMAC over any of the algorithms.
//
// T_i = U_1 ^ U_2 ^ ... ^ U_c, U_1 = HMAC(P, S || INT(i)), U_j = HMAC(P,
// U_{j-1}). From U_1's outer hash on, each HMAC is two compressions of one
// block whose layout never changes: the previous digest, then the padding of
// a message of one key block plus a digest. The key's inner and outer states
// come from td_hmac_init once; the block is padded once, and only its first
// digest_size bytes are rewritten, straight from the state words, between
// compressions (pbkdf2_chain_body.h). Several output blocks go side by side
// through the many path.

#if (defined(__AVX__) || defined(__AVX2__) || defined(__SHA__)) && !defined(TD_ALLOW_AVX_BASELINE)
#error "pbkdf2.c is generic code: compile it for the baseline instruction set (or -DTD_ALLOW_AVX_BASELINE=ON)"
#endif

#include <string.h>

#include "cpu.h"
#include "ctx_core.h"
#include "many_row.h"
#include "pbkdf2.h"
#include "wipe.h"

// The chain for the baseline instruction set: on x86-64 with SSE2's
// shuffles and shifts (pbkdf2_ssse3.c has the one-instruction form).
#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
static inline __m128i reverse_words32(__m128i x)
{
    x = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1);
    return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
}
#define TD_PBKDF2_PIECES 1
#endif
#define PBKDF2_CHAIN chain_baseline
#define PBKDF2_CHAIN_LINKAGE static
#include "pbkdf2_chain_body.h"

// The chain for this CPU.
static td_pbkdf2_chain_fn *chain_for_cpu(void)
{
#if defined(TD_HAVE_PBKDF2_SSSE3)
    if (td_cpu_has(TD_CPU_SSSE3))
        return td_pbkdf2_chain_ssse3;
#endif
    return chain_baseline;
}

// What every output block starts from: HMAC's inner context after the key
// block and S, and the key's two states.
typedef struct keyed {
    td_ctx        salted;
    td_pbkdf2_key key;
} keyed;

// The first HMAC of output block number index (from 1): the inner hash of
// S || INT(index), padded as the message of the outer compression, into
// block.
static void first_inner(td_alg alg, const keyed *key, uint32_t index, uint8_t *block)
{
    const td_alg_info *info = td_alg_info_of(alg);
    td_ctx c = key->salted;
    const uint8_t be_index[4] = { (uint8_t)(index >> 24), (uint8_t)(index >> 16),
                                  (uint8_t)(index >> 8), (uint8_t)index };
    td_update(&c, be_index, sizeof be_index);
    uint8_t digest[TD_MAX_DIGEST_SIZE], padded[TD_PAD_BUFFER_SIZE];
    td_ctx_finish(td_backend_row_for(alg, TD_SINGLE), &c, c.td_buf, c.td_buf_len, digest);
    // Every later block holds digest_size bytes after the key block.
    td_pad(alg, padded, digest, info->digest_size,
           (uint64_t)info->block_size + info->digest_size, 0);
    memcpy(block, padded, info->block_size);
    td_wipe(&c, sizeof c);
    td_wipe(digest, sizeof digest);
    td_wipe(padded, sizeof padded);
}

// Output blocks index .. index + k - 1 through row, which takes k of them
// (a single-path function one): len bytes of them to out.
static void derive_group(td_alg alg, const td_backend_row *row, const keyed *key, uint32_t index,
                         size_t k, uint64_t iterations, uint8_t *out, size_t len)
{
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    _Alignas(64) td_pbkdf2_lane lanes[TD_MANY_MAX_LANES];
    for (size_t i = 0; i < k; i++)
        first_inner(alg, key, index + (uint32_t)i, lanes[i].block);
    chain_for_cpu()(alg, row, &key->key, lanes, k, iterations);
    for (size_t i = 0; i < k; i++) {
        // T_i as bytes; the last block's may be cut short.
        uint8_t digest[TD_MAX_DIGEST_SIZE];
        const size_t at = i * digest_size;
        core_state_digest(alg, &lanes[i].t, digest);
        memcpy(out + at, digest, len - at < digest_size ? len - at : digest_size);
        td_wipe(digest, sizeof digest);
    }
    td_wipe(lanes, k * sizeof lanes[0]);
}

// How many of left output blocks row takes at once: as many messages as for
// td_hash_many (td_row_batch).
static size_t group_size(const td_backend_row *row, size_t left)
{
    return td_row_batch(row, left);
}

// Every output block, in groups through the many path's row for the number
// still to come.
static void derive_many(td_alg alg, const keyed *key, size_t nblocks, uint64_t iterations,
                        uint8_t *out, size_t out_len)
{
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    size_t done = 0;
    while (done < nblocks) {
        // Each call takes one block a message, as a Merkle level's nodes
        // do: their rules.
        const td_backend_row *row = td_many_row_for(alg, nblocks - done, TD_BATCH_NODES);
        const size_t k = group_size(row, nblocks - done);
        const size_t at = done * digest_size;
        const size_t len = out_len - at < k * digest_size ? out_len - at : k * digest_size;
        derive_group(alg, row, key, (uint32_t)(done + 1), k, iterations, out + at, len);
        done += k;
    }
}

// The key's states and the salted inner context; TD_ERR_LENGTH where the
// password or the salt passes the algorithm's length limit.
static int key_up(keyed *key, td_alg alg, const void *password, size_t password_len,
                  const void *salt, size_t salt_len)
{
    td_hmac_ctx h;
    int status = td_hmac_init(&h, alg, password, password_len);
    if (status == TD_OK) {
        memcpy(&key->key.inner, &h.td_inner.td_state, sizeof key->key.inner);
        memcpy(&key->key.outer, &h.td_outer.td_state, sizeof key->key.outer);
        status = td_update(&h.td_inner, salt, salt_len);
        key->salted = h.td_inner;
    }
    td_wipe(&h, sizeof h);
    return status;
}

// SHA-3's output blocks, one HMAC after another from the key's contexts:
// a Keccak state cannot take a digest into its next block's words as the
// chains above do, and each HMAC is two permutations either way.
static int derive_by_hmac(td_alg alg, const void *password, size_t password_len,
                          const void *salt, size_t salt_len, uint64_t iterations, uint8_t *out,
                          size_t out_len)
{
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    td_hmac_ctx key_ctx, salted, h;
    uint8_t u[TD_MAX_DIGEST_SIZE], t[TD_MAX_DIGEST_SIZE];
    int status = td_hmac_init(&key_ctx, alg, password, password_len);
    salted = key_ctx;
    if (status == TD_OK)
        status = td_hmac_update(&salted, salt, salt_len);
    for (size_t at = 0, index = 1; status == TD_OK && at < out_len; at += digest_size, index++) {
        const uint8_t be_index[4] = { (uint8_t)(index >> 24), (uint8_t)(index >> 16),
                                      (uint8_t)(index >> 8), (uint8_t)index };
        h = salted;
        td_hmac_update(&h, be_index, sizeof be_index);
        td_hmac_final(&h, u);
        memcpy(t, u, digest_size);
        for (uint64_t j = 1; j < iterations; j++) {
            h = key_ctx;
            td_hmac_update(&h, u, digest_size);
            td_hmac_final(&h, u);
            for (size_t b = 0; b < digest_size; b++)
                t[b] ^= u[b];
        }
        memcpy(out + at, t, out_len - at < digest_size ? out_len - at : digest_size);
    }
    td_wipe(&key_ctx, sizeof key_ctx);
    td_wipe(&salted, sizeof salted);
    td_wipe(&h, sizeof h);
    td_wipe(u, sizeof u);
    td_wipe(t, sizeof t);
    return status;
}

int td_pbkdf2_hmac(td_alg alg, const void *password, size_t password_len, const void *salt,
                   size_t salt_len, uint64_t iterations, void *out, size_t out_len)
{
    if ((unsigned)alg >= (unsigned)TD_ALG_COUNT || iterations == 0 || out == NULL ||
        out_len == 0 || (password == NULL && password_len != 0) ||
        (salt == NULL && salt_len != 0))
        return TD_ERR_ARG;
    // The block index is 32 bits: at most 2^32 - 1 blocks of output.
    const size_t digest_size = td_alg_info_of(alg)->digest_size;
    if ((uint64_t)out_len > (uint64_t)UINT32_MAX * digest_size)
        return TD_ERR_ARG;
    if (td_alg_info_of(alg)->family == TD_FAMILY_SHA3)
        return derive_by_hmac(alg, password, password_len, salt, salt_len, iterations, out,
                              out_len);

    keyed key;
    // The inner context is complete after the key block and the salt (the
    // password and salt are read here only, so out may overlap them).
    int status = key_up(&key, alg, password, password_len, salt, salt_len);
    if (status == TD_OK) {
        const size_t nblocks = (out_len - 1) / digest_size + 1;
        if (nblocks == 1)
            derive_group(alg, td_backend_row_for(alg, TD_SINGLE), &key, 1, 1, iterations, out,
                         out_len);
        else
            derive_many(alg, &key, nblocks, iterations, out, out_len);
    }
    td_wipe(&key, sizeof key);
    return status;
}
