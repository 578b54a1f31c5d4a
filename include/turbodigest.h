/* SPDX-License-Identifier: Apache-2.0
 * turbodigest: MD5, SHA-1, SHA-2 and SHA-3 with the fastest backend for the
 * CPU it runs on, chosen at run time. The only public header.
 */
#ifndef TURBODIGEST_H
#define TURBODIGEST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(TD_STATIC_DEFINE)
#define TD_API
#elif defined(_WIN32)
#if defined(TD_BUILDING_DLL)
#define TD_API __declspec(dllexport)
#else
#define TD_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define TD_API __attribute__((visibility("default")))
#else
#define TD_API
#endif

#define TD_VERSION_STRING "0.1.0"

// ---------------------------------------------------------------- algorithms

// The fixed-output algorithms count up from 0 to TD_ALG_COUNT - 1 (new ones
// are appended, so a value never changes meaning). The extendable-output
// functions SHAKE128 and SHAKE256 stand apart, above them: only td_xof_init
// and td_shake take them; every fixed-output call refuses them (TD_ERR_ARG).
typedef enum td_alg {
    TD_MD5, TD_SHA1, TD_SHA224, TD_SHA256,
    TD_SHA384, TD_SHA512, TD_SHA512_224, TD_SHA512_256,
    TD_SHA3_224, TD_SHA3_256, TD_SHA3_384, TD_SHA3_512,
    TD_ALG_COUNT,
    TD_SHAKE128 = 64, TD_SHAKE256 = 65
} td_alg;

// The block size of SHA-3 and SHAKE is the sponge's rate: 144, 136, 104 and
// 72 bytes for SHA3-224 .. SHA3-512, 168 and 136 for SHAKE128 and SHAKE256.
enum { TD_MAX_DIGEST_SIZE = 64, TD_MAX_BLOCK_SIZE = 168 };

// Digest and block size in bytes; 0 for an unknown alg. SHAKE has a block
// size but no fixed digest size (0).
TD_API size_t td_digest_size(td_alg alg);
TD_API size_t td_block_size(td_alg alg);

// "md5" "sha1" "sha224" "sha256" "sha384" "sha512" "sha512-224"
// "sha512-256" "sha3-224" "sha3-256" "sha3-384" "sha3-512" "shake128"
// "shake256"; NULL for an unknown alg.
TD_API const char *td_alg_name(td_alg alg);

// Case-insensitive; takes the canonical names and the usual spellings
// ("SHA-256", "sha512/256", "sha512_256", "SHA2-256", "SHA3-256",
// "sha3_256", "SHAKE-128", "shake_256"). TD_ERR_ARG otherwise.
TD_API int td_alg_from_name(const char *name, td_alg *alg);

// ------------------------------------------------------------- status codes

typedef enum td_status {
    TD_OK              =  0,
    TD_ERR_ARG         = -1, // NULL pointer where data is needed, unknown alg or name
    TD_ERR_UNSUPPORTED = -2, // backend not built in, or not usable on this CPU
    TD_ERR_STATE       = -3, // context not initialised, or used after final
    TD_ERR_LENGTH      = -4  // message longer than the algorithm allows
} td_status;

// A short English description of a status code; never NULL.
TD_API const char *td_strerror(int status);

// ---------------------------------------------------- streaming and one-shot

// Private. The layout may change when the soname changes; use the td_
// functions only. Complete so that callers can keep contexts on the stack.
typedef struct td_ctx {
    union {
        struct td_md5_state    { uint32_t h[4]; } md5;
        struct td_sha1_state   { uint32_t h[5]; } sha1;
        struct td_sha256_state { uint32_t h[8]; } sha256;
        struct td_sha512_state { uint64_t h[8]; } sha512;
        struct td_sha3_state   { uint64_t a[25]; } sha3; // Keccak's lanes
    } td_state;
    uint64_t td_bytes_lo;           // message length in bytes so far,
    uint64_t td_bytes_hi;           // 128 bits wide for SHA-384/512
    uint8_t  td_buf[TD_MAX_BLOCK_SIZE];
    uint32_t td_magic;              // says "initialised, not finished"
    uint32_t td_alg;
    uint32_t td_buf_len;
    uint32_t td_reserved;
} td_ctx;

// Starts a hash. TD_ERR_ARG for a NULL ctx, an unknown alg or SHAKE (td_xof).
TD_API int td_init(td_ctx *ctx, td_alg alg);

// Adds len bytes. NULL data is fine when len is 0. TD_ERR_STATE on a context
// that was never initialised or is finished; TD_ERR_LENGTH (context left as it
// was) when the message would pass the algorithm's length limit.
TD_API int td_update(td_ctx *ctx, const void *data, size_t len);

// Writes td_digest_size(alg) bytes to out, then wipes the context: a later
// update, final or copy returns TD_ERR_STATE.
TD_API int td_final(td_ctx *ctx, void *out);

// Forks a running hash: dst continues from where src stands.
TD_API int td_copy(td_ctx *dst, const td_ctx *src);

// One call: init, update, final.
TD_API int td_hash(td_alg alg, const void *data, size_t len, void *out);

// Typed one-shots: no dispatch on alg, the fast path for small messages
// (SHA-3 has none: td_hash takes it).
// Same backend choice as streaming. data may be NULL when len is 0.
TD_API void td_md5       (const void *data, size_t len, uint8_t out[16]);
TD_API void td_sha1      (const void *data, size_t len, uint8_t out[20]);
TD_API void td_sha224    (const void *data, size_t len, uint8_t out[28]);
TD_API void td_sha256    (const void *data, size_t len, uint8_t out[32]);
TD_API void td_sha384    (const void *data, size_t len, uint8_t out[48]);
TD_API void td_sha512    (const void *data, size_t len, uint8_t out[64]);
TD_API void td_sha512_224(const void *data, size_t len, uint8_t out[28]);
TD_API void td_sha512_256(const void *data, size_t len, uint8_t out[32]);

// ---------------------------------------------------- many messages at once

// Hashes n independent messages; out receives n * td_digest_size(alg)
// bytes, in order. Messages may differ in length (0 included) and overlap
// each other; out must not overlap any of them (digests are written batch by
// batch, before later messages are read).
TD_API int td_hash_many(td_alg alg, size_t n,
                        const void *const *data, const size_t *lens,
                        void *out);

// Hashes n messages of len bytes each, laid end to end: message i at
// data + i * len (Merkle nodes: 64 bytes for SHA-256). Same result as
// td_hash_many, faster where the last block holds padding alone (len a
// multiple of the block size, among others): its message schedule is worked
// out once for the whole batch. data may be NULL when len is 0. out may be
// data itself (a tree level hashed in place) when len >= td_digest_size(alg);
// otherwise it must not overlap the messages.
TD_API int td_hash_many_fixed(td_alg alg, size_t n, const void *data, size_t len,
                              void *out);

// ------------------------------------------------------ SHAKE (FIPS 202)

// An extendable-output function in progress: private, like td_ctx.
typedef struct td_xof {
    td_ctx td_core;
} td_xof;

// Starts SHAKE128 or SHAKE256 (TD_SHAKE128, TD_SHAKE256): TD_ERR_ARG for
// any other alg or a NULL x.
TD_API int td_xof_init(td_xof *x, td_alg alg);

// Adds len bytes, in any pieces. TD_ERR_STATE once squeezing has begun, or
// on an xof never initialised.
TD_API int td_xof_absorb(td_xof *x, const void *data, size_t len);

// Writes the next len bytes of output: any sequence of lengths gives the
// bytes of one long squeeze. The first call ends the absorbing.
TD_API int td_xof_squeeze(td_xof *x, void *out, size_t len);

// One call: out_len bytes of SHAKE128 or SHAKE256 of data.
TD_API int td_shake(td_alg alg, const void *data, size_t len, void *out, size_t out_len);

// ------------------------------------------------------------- HMAC and HKDF

// Private, like td_ctx. May be copied by assignment after td_hmac_init to
// reuse a key's precomputed state.
typedef struct td_hmac_ctx {
    td_ctx   td_inner;
    td_ctx   td_outer;
} td_hmac_ctx;

// HMAC (RFC 2104). A key longer than the block size is hashed first. Over
// SHA-3 the block is the rate (144, 136, 104, 72 bytes), as NIST's HMAC-SHA3.
TD_API int td_hmac_init(td_hmac_ctx *ctx, td_alg alg, const void *key, size_t key_len);
TD_API int td_hmac_update(td_hmac_ctx *ctx, const void *data, size_t len);
TD_API int td_hmac_final(td_hmac_ctx *ctx, void *out);   // wipes the context
TD_API int td_hmac(td_alg alg, const void *key, size_t key_len,
                   const void *msg, size_t len, void *out);

// HKDF (RFC 5869), extract then expand. TD_ERR_ARG when out_len is above
// 255 times the digest size. out must not overlap info, which is read again
// for every block of output.
TD_API int td_hkdf(td_alg alg, const void *salt, size_t salt_len,
                   const void *ikm, size_t ikm_len,
                   const void *info, size_t info_len,
                   void *out, size_t out_len);

// PBKDF2 (RFC 8018 section 5.2) with HMAC over alg: out_len bytes derived
// from the password and salt in iterations rounds, as OpenSSL's
// PKCS5_PBKDF2_HMAC. A password longer than the block size is hashed first.
// TD_ERR_ARG, out untouched, when iterations or out_len is 0, out_len is
// above (2^32 - 1) times the digest size, or a pointer is NULL where data is
// needed (password and salt may be NULL when their length is 0). out may
// overlap the password and the salt. Wipes what it derives on the way.
TD_API int td_pbkdf2_hmac(td_alg alg, const void *password, size_t password_len,
                          const void *salt, size_t salt_len, uint64_t iterations,
                          void *out, size_t out_len);

// Compares in time that depends on len only: 1 when equal, 0 when not.
TD_API int td_equal(const void *a, const void *b, size_t len);

// ------------------------------------------------ saving and resuming a hash

// A running hash as bytes that any machine reads back, to continue it
// later, elsewhere, or after a restart. Format version 1, all integers
// big-endian:
//
//   offset  size  field
//   0       4     magic: "tdcx" for a td_ctx, "tdhm" for a td_hmac_ctx
//   4       1     format version: 1
//   5       1     algorithm: its td_alg value (TD_MD5 0 ... TD_SHA3_512 11)
//   6       1     n: bytes buffered, below the block size: the message length
//                 modulo the block size
//   7       1     0
//   8       L     message length in bytes so far: L = 16 for SHA-384, SHA-512
//                 and SHA-512/t, 8 for the others (MD5's modulo 2^64)
//   8+L     S     chaining state, as words: S = 16 for MD5 (4 of 32 bits), 20
//                 for SHA-1 (5 of 32), 32 for SHA-224/256 (8 of 32), 64 for the
//                 SHA-512 family (8 of 64), 200 for SHA-3 (Keccak's 25 lanes of
//                 64 bits, lane (x, y) the (x + 5y)th)
//   8+L+S   S     td_hmac_ctx only: the outer hash's state, which has taken the
//                 key block and nothing else (the length above and the
//                 buffered bytes are the inner hash's, key block included)
//   ...     n     the buffered bytes
//   ...     4     CRC-32 (as zlib's crc32) of every byte before it
//
// An export holds the message's last bytes and, for HMAC, the key's states:
// keep it as secret as they are. The largest exports, to size buffers by:
// SHA3-224 contexts with 143 bytes buffered.
enum { TD_CTX_EXPORT_MAX = 363, TD_HMAC_CTX_EXPORT_MAX = 563 };

// Writes ctx's export to buf and returns its size (8 + L + S + n + 4 bytes,
// at most TD_CTX_EXPORT_MAX); ctx is unchanged. Returns 0, writing nothing,
// when ctx or buf is NULL, ctx was never initialised or is finished, or cap
// is below the size.
TD_API size_t td_ctx_export(const td_ctx *ctx, void *buf, size_t cap);

// Sets ctx to the hash that buf's len bytes hold, whatever ctx held before.
// Every field is checked (magic, version, algorithm, buffered count against
// the block size and the length, the algorithm's length limit, the size,
// with no byte after the CRC, and the CRC): TD_ERR_ARG on any mismatch or a
// NULL pointer, and ctx is left as it was.
TD_API int td_ctx_import(td_ctx *ctx, const void *buf, size_t len);

// The same for HMAC: both halves in one export, of one algorithm
// (TD_HMAC_CTX_EXPORT_MAX bytes at most). A td_hmac_ctx whose halves are not
// as td_hmac_init and td_hmac_update leave them (another algorithm in each,
// the outer hash fed) exports nothing; an import whose inner hash has not
// taken the key block is refused.
TD_API size_t td_hmac_ctx_export(const td_hmac_ctx *ctx, void *buf, size_t cap);
TD_API int td_hmac_ctx_import(td_hmac_ctx *ctx, const void *buf, size_t len);

// ----------------------------------------------------- many streams at once

// Feeds n running hashes at once: the same as td_update(ctxs[i], data[i],
// lens[i]) for every i, with the whole blocks of the n streams compressed
// side by side on the many path (SIMD lanes or SHA-NI streams, chosen as for
// td_hash_many, or the pinned TD_MULTI backend). Contexts may be at any
// stage and hold partial blocks; lengths may differ (0 included). All
// contexts hold one algorithm and appear once (TD_ERR_ARG otherwise); one
// never initialised or finished is TD_ERR_STATE; a length past the
// algorithm's limit is TD_ERR_LENGTH. On any error no context is changed.
// n == 0 does nothing.
TD_API int td_update_many(size_t n, td_ctx *const *ctxs,
                          const void *const *data, const size_t *lens);

// td_final for each of n contexts, their last blocks side by side: digest i
// to out + i * td_digest_size(alg), then every context is wiped. Errors as
// td_update_many's, and on any error nothing is written.
TD_API int td_final_many(size_t n, td_ctx *const *ctxs, void *out);

// The same for HMAC contexts (td_hmac_update, td_hmac_final).
TD_API int td_hmac_update_many(size_t n, td_hmac_ctx *const *ctxs,
                               const void *const *data, const size_t *lens);
TD_API int td_hmac_final_many(size_t n, td_hmac_ctx *const *ctxs, void *out);

// ------------------------------------------------------------------ backends

typedef enum td_path { TD_SINGLE = 0, TD_MULTI = 1 } td_path;

// The backends built in and usable on this CPU, best first. Fills
// min(cap, count) names and returns count; names may be NULL when cap is 0.
// SHAKE has TD_SINGLE alone (0 backends, NULL and TD_ERR_ARG on TD_MULTI);
// its backends are SHA-3's, pinned apart.
TD_API size_t td_backends(td_alg alg, td_path path, const char **names, size_t cap);

// The backend in use (pinned, from TURBODIGEST_BACKEND, or the first listed);
// NULL for an unknown alg or path.
TD_API const char *td_backend(td_alg alg, td_path path);

// Pins a backend by name; NULL restores the automatic choice.
// TD_ERR_UNSUPPORTED if not built in or not usable here. Meant to be called
// before other threads hash; called while they do, it is one atomic store:
// their digests stay right, but which backend a call running at that moment
// used is not defined (README: Threads).
TD_API int td_use_backend(td_alg alg, td_path path, const char *name);

// The CPU features detected, e.g. "sse2 ssse3 avx2 avx512f sha-ni", then the
// performance traits the automatic choice weighs ("slow-rotate",
// "slow-vector-int", "slow-zmm", "fast-sha1msg"), after TURBODIGEST_CPU has
// hidden or forced some.
TD_API const char *td_cpu_features(void);
TD_API const char *td_version(void);

// Known-answer test of every backend usable here, on both paths, each also
// checked against portable C, and of PBKDF2 on the backends in use: TD_OK,
// or TD_ERR_UNSUPPORTED when a backend gives a wrong digest (it must then
// not be used; pin another).
TD_API int td_selftest(void);

#ifdef __cplusplus
}
#endif

#endif // TURBODIGEST_H
