/* SPDX-License-Identifier: Apache-2.0
 * SHAKE128/256 differential: one message absorbed through td_xof_absorb in
 * the pieces the input chooses (zero-length ones with NULL, single bytes,
 * whole blocks of the rate, a block less one), then squeezed in the pieces
 * it chooses, on every single-path backend of the function; the output is
 * compared with td_shake's one call and with the reference's one squeeze
 * (OpenSSL, or ref.h's plain Keccak where the build has no OpenSSL), and
 * both with ref.h's Keccak (ref_keccak) always. A write past the output, an
 * absorb taken after squeezing began, are findings too.
 *
 * Input: alg (bit 0: SHAKE128 or SHAKE256), flags (alignment), the output
 * length (2 bytes, below 4096 + 1), the number of absorb split bytes and
 * those bytes, the number of squeeze split bytes and those bytes, then the
 * message.
 */
#include "fuzz.h"

enum { MAX_SPLITS = 48, MAX_OUT = 4096 };

// The next piece's length from split byte c (0xff: all that is left).
static size_t piece(const uint8_t *splits, size_t nsplits, size_t k, size_t rate, size_t left)
{
    const uint8_t c = nsplits ? splits[k % nsplits] : 0xff;
    size_t n = c == 0xff ? left : fz_len_from(c, rate);
    return n < left ? n : left;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const td_alg alg = fz_u8(&in) & 1 ? TD_SHAKE256 : TD_SHAKE128;
    const size_t skew = fz_u8(&in) & 15;
    const size_t out_len = fz_u16(&in) % (MAX_OUT + 1);
    size_t na, ns;
    const uint8_t *asplits = fz_take(&in, fz_u8(&in) % (MAX_SPLITS + 1), &na);
    const uint8_t *ssplits = fz_take(&in, fz_u8(&in) % (MAX_SPLITS + 1), &ns);
    size_t len;
    const uint8_t *tail = fz_take(&in, in.n, &len);
    uint8_t *block;
    const uint8_t *msg = fz_copy_at(tail, len, skew, &block);
    const size_t rate = td_block_size(alg);

    static uint8_t want[MAX_OUT], plain[MAX_OUT], got[MAX_OUT + 16];
    ref_shake(alg, msg, len, want, out_len);
    ref_keccak_alg(alg, msg, len, plain, out_len);
    fz_what = "the references";
    FZ_EQ_MEM(want, plain, out_len, REF_NAME " vs ref.h's Keccak, %zu bytes out of %zu", out_len,
              len);

    const char *names[TU_MAX_BACKENDS];
    const size_t count = fz_backends(alg, TD_SINGLE, names);
    char what[160];
    for (size_t i = 0; i < count; i++) {
        snprintf(what, sizeof what, "%s, backend %s, length %zu, out %zu, skew %zu, %zu/%zu splits",
                 tu_alg_str(alg), names[i], len, out_len, skew, na, ns);
        fz_what = what;
        fz_pin(alg, TD_SINGLE, names[i]);

        memset(got, 0xEE, sizeof got);
        FZ_CHECK(td_shake(alg, len ? msg : NULL, len, out_len ? got : NULL, out_len) == TD_OK,
                 "td_shake");
        FZ_EQ_MEM(got, want, out_len, "td_shake vs " REF_NAME);
        FZ_CHECK(fz_untouched(got, out_len, sizeof got), "td_shake wrote past out_len");

        td_xof x;
        FZ_CHECK(td_xof_init(&x, alg) == TD_OK, "td_xof_init");
        size_t pos = 0, cycle_start = 0;
        for (size_t k = 0; pos < len; k++) {
            const size_t n = piece(asplits, na, k, rate, len - pos);
            const int rc = td_xof_absorb(&x, n ? msg + pos : NULL, n);
            FZ_CHECK(rc == TD_OK, "td_xof_absorb(%zu bytes at %zu) = %d", n, pos, rc);
            pos += n;
            // A whole round of split bytes that fed nothing: the rest at once.
            if (na != 0 && (k + 1) % na == 0) {
                if (pos == cycle_start)
                    break;
                cycle_start = pos;
            }
        }
        if (pos != len)
            FZ_CHECK(td_xof_absorb(&x, msg + pos, len - pos) == TD_OK, "td_xof_absorb(rest)");

        memset(got, 0xEE, sizeof got);
        pos = cycle_start = 0;
        int squeezed = 0;
        for (size_t k = 0; pos < out_len; k++) {
            const size_t n = piece(ssplits, ns, k, rate, out_len - pos);
            const int rc = td_xof_squeeze(&x, n ? got + pos : NULL, n);
            FZ_CHECK(rc == TD_OK, "td_xof_squeeze(%zu bytes at %zu) = %d", n, pos, rc);
            squeezed = 1;
            pos += n;
            if (ns != 0 && (k + 1) % ns == 0) {
                if (pos == cycle_start)
                    break;
                cycle_start = pos;
            }
        }
        if (pos != out_len || !squeezed)
            FZ_CHECK(td_xof_squeeze(&x, got + pos, out_len - pos) == TD_OK, "td_xof_squeeze(rest)");
        FZ_EQ_MEM(got, want, out_len, "td_xof_* in pieces vs " REF_NAME);
        FZ_CHECK(fz_untouched(got, out_len, sizeof got), "td_xof_squeeze wrote past out_len");
        FZ_CHECK(td_xof_absorb(&x, msg, len) == TD_ERR_STATE, "td_xof_absorb after squeezing");
        FZ_CHECK(td_xof_absorb(&x, NULL, 0) == TD_ERR_STATE, "td_xof_absorb(NULL, 0) after squeezing");
    }
    td_use_backend(alg, TD_SINGLE, NULL);
    free(block);
    return 0;
}
