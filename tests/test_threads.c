/* SPDX-License-Identifier: Apache-2.0
 * Threads: many threads make their first calls into the library at the same
 * moment, then hash side by side.
 *
 * The library is not touched before the threads start. Released together,
 * each thread's first call is another entry point (td_hash, a typed
 * one-shot, streaming, td_hash_many, td_hash_many_fixed, td_cpu_features,
 * td_backends, td_backend, td_selftest), each on another algorithm, so the
 * CPU probe, the feature text and every first-use choice race. Then every
 * thread hashes every algorithm through all of them, round after round,
 * while one more thread pins each listed backend in turn and releases it
 * (td_use_backend: the README says what that guarantees meanwhile). Every
 * digest of every round must be the reference's (ref.h), which is worked
 * out after the threads end. `make test-tsan` runs this program built with
 * -fsanitize=thread, where a data race fails it.
 *
 * usage: test_threads [VECTORS_DIR] [SEED]   (TD_TEST_SHORT=1: fewer rounds)
 */
#include "testutil.h"
#include "ref.h"

#if defined(TD_TEST_HAVE_PTHREADS) && TD_TEST_HAVE_PTHREADS
#include <pthread.h>

enum {
    HASHERS = 8,                // threads that hash, and one more that pins
    MIXED = 24,                 // messages of mixed lengths
    FIXED = 40,                 // messages of one length, end to end
    POOL = 16384,
    XOF_IN = 1000,              // SHAKE128's message (SHAKE256's: 333 more)
    XOF_OUT = 500,              // bytes squeezed
};

// The work of every thread: read-only once the threads start.
static uint8_t pool[POOL];
static const void *mixed_ptr[MIXED];
static size_t mixed_len[MIXED];
static size_t fixed_len[TD_ALG_COUNT];
static int rounds;

// What each thread saw, compared with the reference after the threads end;
// a round that differs from the thread's first is counted at once.
typedef struct hasher {
    int id;
    uint8_t mixed[TD_ALG_COUNT][4][MIXED][TD_MAX_DIGEST_SIZE]; // td_hash, typed, streamed, many
    uint8_t fixed[TD_ALG_COUNT][2][FIXED][TD_MAX_DIGEST_SIZE]; // many_fixed, many (equal lengths)
    uint8_t xof[2][2][XOF_OUT];  // SHAKE128/256: td_shake, td_xof_* in pieces
    unsigned long changed;     // digests that differ from the same call's first round
    unsigned long errors;      // calls that returned an error
    char features[200];        // td_cpu_features() as this thread saw it
} hasher;

static hasher hashers[HASHERS];

// Released together: a barrier of a mutex and a condition (pthread_barrier_t
// is optional in POSIX and missing on macOS).
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_open = PTHREAD_COND_INITIALIZER;
static int gate_waiting;

static void gate(void)
{
    pthread_mutex_lock(&gate_lock);
    if (++gate_waiting == HASHERS + 1)
        pthread_cond_broadcast(&gate_open);
    while (gate_waiting < HASHERS + 1)
        pthread_cond_wait(&gate_open, &gate_lock);
    pthread_mutex_unlock(&gate_lock);
}

// Stores a digest of a round, or checks it against the first round's.
static void keep(hasher *h, uint8_t *slot, const uint8_t *md, size_t d, int round)
{
    if (round == 0)
        memcpy(slot, md, d);
    else if (memcmp(slot, md, d) != 0)
        h->changed++;
}

static void streamed(hasher *h, td_alg alg, const void *data, size_t len, uint8_t *md)
{
    const uint8_t *msg = (const uint8_t *)data;
    td_ctx ctx;
    int rc = td_init(&ctx, alg);
    for (size_t pos = 0, step = 1; rc == TD_OK && pos < len; pos += step, step = step * 3 + 1) {
        if (step > len - pos)
            step = len - pos;
        rc = td_update(&ctx, msg + pos, step);
    }
    if (rc == TD_OK)
        rc = td_final(&ctx, md);
    h->errors += rc != TD_OK;
}

// One round of SHAKE128 and SHAKE256: td_shake, and td_xof_* absorbing and
// squeezing in pieces.
static void hash_xofs(hasher *h, int round)
{
    uint8_t out[XOF_OUT];
    for (int x = 0; x < 2; x++) {
        const td_alg alg = tu_xofs[x];
        const size_t len = XOF_IN + (size_t)x * 333;
        h->errors += td_shake(alg, pool, len, out, XOF_OUT) != TD_OK;
        keep(h, h->xof[x][0], out, XOF_OUT, round);
        td_xof xo;
        int rc = td_xof_init(&xo, alg);
        for (size_t pos = 0, step = 1; rc == TD_OK && pos < len; pos += step, step = step * 3 + 1) {
            if (step > len - pos)
                step = len - pos;
            rc = td_xof_absorb(&xo, pool + pos, step);
        }
        for (size_t pos = 0, step = 1; rc == TD_OK && pos < XOF_OUT; pos += step, step = step * 2 + 1) {
            if (step > XOF_OUT - pos)
                step = XOF_OUT - pos;
            rc = td_xof_squeeze(&xo, out + pos, step);
        }
        h->errors += rc != TD_OK;
        keep(h, h->xof[x][1], out, XOF_OUT, round);
    }
}

// One round of every call on one algorithm.
static void hash_alg(hasher *h, td_alg alg, int round)
{
    const size_t d = td_digest_size(alg);
    uint8_t md[TD_MAX_DIGEST_SIZE], many[FIXED * TD_MAX_DIGEST_SIZE];
    const int a = (int)alg;
    for (size_t i = 0; i < MIXED; i++) {
        h->errors += td_hash(alg, mixed_ptr[i], mixed_len[i], md) != TD_OK;
        keep(h, h->mixed[a][0][i], md, d, round);
        tu_typed(alg)(mixed_ptr[i], mixed_len[i], md);
        keep(h, h->mixed[a][1][i], md, d, round);
        streamed(h, alg, mixed_ptr[i], mixed_len[i], md);
        keep(h, h->mixed[a][2][i], md, d, round);
    }
    h->errors += td_hash_many(alg, MIXED, mixed_ptr, mixed_len, many) != TD_OK;
    for (size_t i = 0; i < MIXED; i++)
        keep(h, h->mixed[a][3][i], many + i * d, d, round);

    h->errors += td_hash_many_fixed(alg, FIXED, pool, fixed_len[a], many) != TD_OK;
    for (size_t i = 0; i < FIXED; i++)
        keep(h, h->fixed[a][0][i], many + i * d, d, round);
    const void *ptrs[FIXED];
    size_t lens[FIXED];
    for (size_t i = 0; i < FIXED; i++) {
        ptrs[i] = pool + i * fixed_len[a];
        lens[i] = fixed_len[a];
    }
    h->errors += td_hash_many(alg, FIXED, ptrs, lens, many) != TD_OK;
    for (size_t i = 0; i < FIXED; i++)
        keep(h, h->fixed[a][1][i], many + i * d, d, round);
}

// The first call of thread id: each thread another entry point and another
// algorithm.
static void first_call(hasher *h)
{
    const td_alg alg = tu_all_algs[h->id % TD_ALG_COUNT];
    uint8_t md[TD_MAX_DIGEST_SIZE * 4];
    const char *names[TU_MAX_BACKENDS];
    const void *ptrs[2] = { pool, pool + 1 };
    const size_t lens[2] = { 100, 1000 };
    switch (h->id % 9) {
    case 0: h->errors += td_hash(alg, pool, 1000, md) != TD_OK; break;
    case 1: tu_typed(alg)(pool, 1000, md); break;
    case 2: streamed(h, alg, pool, 1000, md); break;
    case 3: h->errors += td_hash_many(alg, 2, ptrs, lens, md) != TD_OK; break;
    case 4: h->errors += td_hash_many_fixed(alg, 4, pool, 64, md) != TD_OK; break;
    case 5: h->errors += td_cpu_features() == NULL; break;
    case 6: h->errors += td_backends(alg, (td_path)(h->id & 1), names, TU_MAX_BACKENDS) == 0; break;
    case 7: h->errors += td_backend(alg, TD_MULTI) == NULL; break;
    default: h->errors += td_selftest() != TD_OK; break;
    }
}

static void *hash_thread(void *arg)
{
    hasher *h = (hasher *)arg;
    gate();
    first_call(h);
    snprintf(h->features, sizeof h->features, "%s", td_cpu_features());
    for (int r = 0; r < rounds; r++) {
        for (size_t a = 0; a < TD_ALG_COUNT; a++)
            hash_alg(h, tu_all_algs[(a + (size_t)h->id) % TD_ALG_COUNT], r);
        hash_xofs(h, r);
    }
    return NULL;
}

// Pins every listed backend of every algorithm on both paths in turn,
// releasing each pin, until the hashers are done.
static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;
static int hashers_done;

static int all_done(void)
{
    pthread_mutex_lock(&done_lock);
    const int done = hashers_done;
    pthread_mutex_unlock(&done_lock);
    return done;
}

static void *pin_thread(void *arg)
{
    unsigned long *pins = (unsigned long *)arg;
    gate();
    while (!all_done()) {
        for (size_t a = 0; a < TD_ALG_COUNT; a++)
            for (int p = 0; p < 2; p++) {
                const char *names[TU_MAX_BACKENDS];
                size_t n = td_backends(tu_all_algs[a], (td_path)p, names, TU_MAX_BACKENDS);
                for (size_t i = 0; i < n && i < TU_MAX_BACKENDS; i++) {
                    if (td_use_backend(tu_all_algs[a], (td_path)p, names[i]) == TD_OK)
                        (*pins)++;
                    td_use_backend(tu_all_algs[a], (td_path)p, NULL);
                }
            }
        for (int x = 0; x < 2; x++) {
            const char *names[TU_MAX_BACKENDS];
            size_t n = td_backends(tu_xofs[x], TD_SINGLE, names, TU_MAX_BACKENDS);
            for (size_t i = 0; i < n && i < TU_MAX_BACKENDS; i++) {
                if (td_use_backend(tu_xofs[x], TD_SINGLE, names[i]) == TD_OK)
                    (*pins)++;
                td_use_backend(tu_xofs[x], TD_SINGLE, NULL);
            }
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    // Nothing here may call the library before the threads do: no tu_init
    // (it prints td_cpu_features()); the seed is fixed, the data the same
    // whatever it is.
    (void)argc;
    (void)argv;
    memset(&tu, 0, sizeof tu);
    tu.test = "test_threads";
    tu.no_flagship = 1; // it would ask the library before the threads do
    tu.seed = 0x7d5eedu;
    tu_rng_seed(tu.seed);
    tu_rand_fill(pool, sizeof pool);
    for (size_t i = 0; i < MIXED; i++) {
        mixed_len[i] = i < 20 ? i * 37 % 300 : 1000 + i * 555;
        mixed_ptr[i] = pool + (i * 131) % (POOL - mixed_len[i]);
    }
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        // A whole number of blocks (the shared last block, by its schedule:
        // 40 messages), or a tail.
        // SHA-3: rates of 144, 136, 104 and 72 bytes.
        static const size_t lens[TD_ALG_COUNT] = { 64, 55, 128, 64, 111, 256, 128, 300,
                                                   144, 135, 208, 73 };
        fixed_len[a] = lens[a];
    }
    rounds = getenv("TD_TEST_SHORT") ? 3 : 20;
    printf("test_threads: %d threads hash, 1 pins, %d rounds\n", HASHERS, rounds);
    fflush(stdout);

    pthread_t threads[HASHERS + 1];
    unsigned long pins = 0;
    int started = 0;
    for (int t = 0; t < HASHERS; t++) {
        hashers[t].id = t;
        if (pthread_create(&threads[t], NULL, hash_thread, &hashers[t]) != 0) {
            fprintf(stderr, "test_threads: pthread_create failed\n");
            return 2;
        }
        started++;
    }
    if (pthread_create(&threads[HASHERS], NULL, pin_thread, &pins) != 0) {
        fprintf(stderr, "test_threads: pthread_create failed\n");
        return 2;
    }
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_lock(&done_lock);
    hashers_done = 1;
    pthread_mutex_unlock(&done_lock);
    pthread_join(threads[HASHERS], NULL);

    // Now the reference, and what the threads saw.
    printf("test_threads: cpu features: %s; %lu pins meanwhile\n", td_cpu_features(), pins);
    for (int t = 0; t < HASHERS; t++) {
        const hasher *h = &hashers[t];
        TU_EQ_STR(h->features, td_cpu_features(), "td_cpu_features() in a thread");
        TU_CHECK(h->changed == 0, "thread %d: %lu digests changed between rounds", t, h->changed);
        TU_CHECK(h->errors == 0, "thread %d: %lu calls failed", t, h->errors);
    }
    for (size_t a = 0; a < TD_ALG_COUNT; a++) {
        const td_alg alg = tu_all_algs[a];
        const size_t d = td_digest_size(alg);
        uint8_t want[TD_MAX_DIGEST_SIZE];
        static const char *const how[] = { "td_hash", "typed one-shot", "streaming",
                                           "td_hash_many" };
        tu_set_alg(alg);
        for (size_t i = 0; i < MIXED; i++) {
            ref_hash(alg, mixed_ptr[i], mixed_len[i], want);
            tu_set_len(mixed_len[i]);
            for (int t = 0; t < HASHERS; t++)
                for (int k = 0; k < 4; k++)
                    TU_EQ_MEM(hashers[t].mixed[a][k][i], want, d, how[k]);
        }
        for (size_t i = 0; i < FIXED; i++) {
            ref_hash(alg, pool + i * fixed_len[a], fixed_len[a], want);
            tu_set_len(fixed_len[a]);
            for (int t = 0; t < HASHERS; t++) {
                TU_EQ_MEM(hashers[t].fixed[a][0][i], want, d, "td_hash_many_fixed");
                TU_EQ_MEM(hashers[t].fixed[a][1][i], want, d, "td_hash_many, one length");
            }
        }
        tu_clear_len();
    }
    for (int x = 0; x < 2; x++) {
        uint8_t want[XOF_OUT];
        const size_t len = XOF_IN + (size_t)x * 333;
        tu_set_alg(tu_xofs[x]);
        tu_set_len(len);
        ref_shake(tu_xofs[x], pool, len, want, XOF_OUT);
        for (int t = 0; t < HASHERS; t++) {
            TU_EQ_MEM(hashers[t].xof[x][0], want, XOF_OUT, "td_shake");
            TU_EQ_MEM(hashers[t].xof[x][1], want, XOF_OUT, "td_xof_* in pieces");
        }
    }
    tu_clear_len();
    tu.alg_set = 0;
    return tu_finish();
}

#else

int main(void)
{
    printf("test_threads: no POSIX threads in this build: skipped\n");
    return 77;
}

#endif
