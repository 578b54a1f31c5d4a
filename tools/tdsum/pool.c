/* SPDX-License-Identifier: Apache-2.0
 * Reading and hashing files: the ordered worker pool behind -j, and the
 * read-ahead helper that overlaps reading a large file with hashing it.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform.h"
#include "tdsum.h"

// A file alone: 256 KiB reads, four buffers per worker (fewer system calls
// than 64 KiB, and a chunk stays in L2 from copy to hash). Files side by
// side: a 64 KiB read of each a round, so that a group's data stays in L2
// too (docs/performance-notes.md, "tdsum").
enum {
    CHUNK = 256u << 10,
    NBUF = 4,
    LANE_CHUNK = 64u << 10,
    MAX_LANES = 32,                 // files side by side in one worker
    WINDOW_PER_JOB = 32,            // items in flight per worker, at least;
    WINDOW_PER_LANE = 4,            // and as many per lane, so that slots refill
};

typedef union hstate {
    td_ctx plain;
    td_hmac_ctx mac;
} hstate;

static void hash_begin(const ts_hasher *h, hstate *s)
{
    if (h->hmac)
        s->mac = h->keyed;
    else
        td_init(&s->plain, h->alg);
}

static int hash_update(const ts_hasher *h, hstate *s, const void *data, size_t len)
{
    int rc = h->hmac ? td_hmac_update(&s->mac, data, len) : td_update(&s->plain, data, len);
    return rc == TD_OK ? 0 : EFBIG;     // only TD_ERR_LENGTH can happen here
}

static void hash_end(const ts_hasher *h, hstate *s, uint8_t *out)
{
    if (h->hmac)
        td_hmac_final(&s->mac, out);
    else
        td_final(&s->plain, out);
}

// ------------------------------------------------------------------- pool

// One file of a worker's group of files hashed side by side.
typedef struct slot {
    size_t k;                       // its item's place in the window
    int fd;
    uint8_t *buf;                   // LANE_CHUNK bytes, kept by the slot
    size_t got;                     // bytes of the round's read
    int err;                        // an errno, once reading or hashing failed
    bool ended;                     // end of file reached, or err set
    hstate s;
} slot;

typedef struct worker {
    ts_pool *pool;
    pthread_t thread;
    uint8_t *buf[NBUF];
    slot *slots;                    // pool->lanes of them, when lanes >= 2

    // The read-ahead helper thread, started at the first large file. It
    // fills buf[fill] while the worker hashes buf[take]; nfull are ready.
    bool helper_started;
    pthread_t helper;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int fd;
    bool busy;                      // a file is handed to the helper
    bool eof;                       // the helper is finished with it
    bool stop;                      // the worker wants it to stop early
    bool quit;
    int err;
    size_t len[NBUF];
    unsigned fill, take, nfull;
} worker;

struct ts_pool {
    const ts_hasher *hasher;
    bool ignore_missing;
    bool read_ahead;
    size_t lanes;                   // files a worker hashes side by side
    unsigned jobs;
    unsigned started;
    unsigned idle;
    worker *workers;

    pthread_mutex_t lock;
    pthread_cond_t work_cv;         // workers: an item was submitted, or closing
    pthread_cond_t done_cv;         // ts_pool_next: an item was finished
    pthread_cond_t stdin_cv;        // the previous read of stdin is finished
    size_t window;
    ts_item *items;                 // window slots, item k at k % window
    bool *done;
    size_t *stdin_turn;             // for "-": how many reads of stdin go first
    size_t head, next, tail;        // handed back <= taken by workers <= submitted
    size_t stdin_submitted, stdin_finished;
    bool closing;
};

static void *helper_main(void *arg)
{
    worker *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!(w->busy && !w->eof) && !w->quit)
            pthread_cond_wait(&w->cond, &w->lock);
        if (w->quit)
            break;
        if (w->stop) {
            w->eof = true;
            pthread_cond_broadcast(&w->cond);
            continue;
        }
        if (w->nfull == NBUF) {
            pthread_cond_wait(&w->cond, &w->lock);
            continue;
        }
        unsigned i = w->fill;
        int fd = w->fd;
        pthread_mutex_unlock(&w->lock);
        ssize_t n = ts_read(fd, w->buf[i], CHUNK);
        int e = errno;
        pthread_mutex_lock(&w->lock);
        if (n > 0) {
            w->len[i] = (size_t)n;
            w->fill = (i + 1) % NBUF;
            w->nfull++;
        } else {
            w->err = n < 0 ? e : 0;
            w->eof = true;
        }
        pthread_cond_broadcast(&w->cond);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static bool alloc_buffers(worker *w, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (w->buf[i] == NULL)
            w->buf[i] = ts_aligned_alloc(4096, CHUNK);
        if (w->buf[i] == NULL)
            return false;
    }
    return true;
}

// Hashes the rest of fd with the helper reading ahead. Returns 0, an errno,
// or -1 when the helper cannot run (the caller then reads on by itself).
static int hash_rest_with_helper(worker *w, int fd, hstate *s)
{
    if (!alloc_buffers(w, NBUF))
        return -1;
    if (!w->helper_started) {
        if (pthread_create(&w->helper, NULL, helper_main, w) != 0)
            return -1;
        w->helper_started = true;
    }
    const ts_hasher *h = w->pool->hasher;
    int err = 0;
    pthread_mutex_lock(&w->lock);
    w->fd = fd;
    w->fill = w->take = w->nfull = 0;
    w->eof = w->stop = false;
    w->err = 0;
    w->busy = true;
    pthread_cond_broadcast(&w->cond);
    for (;;) {
        while (w->nfull == 0 && !w->eof)
            pthread_cond_wait(&w->cond, &w->lock);
        if (w->nfull == 0 || w->err != 0)
            break;
        unsigned i = w->take;
        pthread_mutex_unlock(&w->lock);
        err = hash_update(h, s, w->buf[i], w->len[i]);
        pthread_mutex_lock(&w->lock);
        w->take = (i + 1) % NBUF;
        w->nfull--;
        pthread_cond_broadcast(&w->cond);
        if (err)
            break;
    }
    if (!w->eof) {
        w->stop = true;
        pthread_cond_broadcast(&w->cond);
        while (!w->eof)
            pthread_cond_wait(&w->cond, &w->lock);
    }
    if (err == 0)
        err = w->err;
    w->busy = false;
    pthread_mutex_unlock(&w->lock);
    return err;
}

// Hashes everything fd gives until end of file; 0 or an errno. Small files
// take one or two read() calls on this thread; from the first full chunk on,
// the kernel is told the access is sequential and, with -j 2 or more, the
// helper reads ahead.
static int hash_fd(worker *w, int fd, hstate *s)
{
    const ts_hasher *h = w->pool->hasher;
    if (!alloc_buffers(w, 1))
        return ENOMEM;
    bool advised = false;
    for (;;) {
        ssize_t n = ts_read(fd, w->buf[0], CHUNK);
        if (n < 0)
            return errno;
        if (n == 0)
            return 0;
        int err = hash_update(h, s, w->buf[0], (size_t)n);
        if (err)
            return err;
        if ((size_t)n == CHUNK) {
            if (!advised)
                ts_advise_sequential(fd);
            advised = true;
            if (w->pool->read_ahead) {
                err = hash_rest_with_helper(w, fd, s);
                if (err >= 0)
                    return err;
            }
        }
    }
}

// A pipe on stdin hands over at most its size per read(), 64 KiB by default;
// a 1 MiB pipe lets the reads reach CHUNK. Failure (a limit, not a pipe) is
// harmless.
static void widen_pipe(int fd)
{
#ifdef F_SETPIPE_SZ
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
        (void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
    (void)fd;
#endif
}

static void hash_file(worker *w, const char *name, size_t stdin_turn, ts_result *r)
{
    ts_pool *p = w->pool;
    bool is_stdin = strcmp(name, "-") == 0;
    int fd = STDIN_FILENO;
    r->status = TS_FAILED;
    r->err = 0;

    if (is_stdin) {
        // Reads of stdin keep their order, like coreutils' one after another.
        pthread_mutex_lock(&p->lock);
        while (p->stdin_finished != stdin_turn)
            pthread_cond_wait(&p->stdin_cv, &p->lock);
        pthread_mutex_unlock(&p->lock);
        widen_pipe(fd);
    } else {
        fd = ts_open_file(name);
        if (fd < 0) {
            r->err = errno;
            if (p->ignore_missing && r->err == ENOENT)
                r->status = TS_MISSING;
            return;
        }
    }

    hstate s;
    hash_begin(p->hasher, &s);
    int err = hash_fd(w, fd, &s);
    if (err == 0) {
        hash_end(p->hasher, &s, r->digest);
        r->status = TS_OK;
    } else {
        r->err = err;
    }
    memset(&s, 0, sizeof s);

    if (is_stdin) {
        pthread_mutex_lock(&p->lock);
        p->stdin_finished++;
        pthread_cond_broadcast(&p->stdin_cv);
        pthread_mutex_unlock(&p->lock);
    } else if (close(fd) != 0 && errno != EINTR && r->status == TS_OK) {
        r->status = TS_FAILED;
        r->err = errno;
    }
}

// ------------------------------------------------------ files side by side

// Marks items done, all at once: one wake-up of the submitter for a group.
static void mark_done(ts_pool *p, const size_t *ks, size_t n)
{
    if (n == 0)
        return;
    pthread_mutex_lock(&p->lock);
    for (size_t i = 0; i < n; i++)
        p->done[ks[i]] = true;
    pthread_cond_signal(&p->done_cv);
    pthread_mutex_unlock(&p->lock);
}

// Hashes items that do not join a group where they are: markers pass
// through, and standard input keeps its turn among the reads of it.
static void hash_alone(worker *w, size_t k)
{
    ts_item *it = &w->pool->items[k];
    if (it->name != NULL)
        hash_file(w, it->name, w->pool->stdin_turn[k], &it->result);
    mark_done(w->pool, &k, 1);
}

// Puts item k in the group's next slot with its file open, and returns how
// many files are open. Items that do not join a group are done here: markers,
// standard input, and files that cannot be opened.
static size_t open_slot(worker *w, size_t open, size_t k)
{
    ts_pool *p = w->pool;
    const ts_item *it = &p->items[k];
    if (it->name == NULL || strcmp(it->name, "-") == 0) {
        hash_alone(w, k);
        return open;
    }
    int fd = ts_open_file(it->name);
    if (fd < 0) {
        ts_result *r = &p->items[k].result;
        r->err = errno;
        r->status = p->ignore_missing && r->err == ENOENT ? TS_MISSING : TS_FAILED;
        mark_done(p, &k, 1);
        return open;
    }
    slot *sl = &w->slots[open];
    sl->k = k;
    sl->fd = fd;
    sl->got = 0;
    sl->err = 0;
    sl->ended = false;
    hash_begin(p->hasher, &sl->s);
    return open + 1;
}

// Takes the next items for the free slots of w's group and opens their
// files: a fair share of the queue, so that each worker gets a group. Waits
// for work only when the group is empty. Returns how many files are open:
// 0 only once the pool is closing and nothing is left.
static size_t claim_files(worker *w, size_t open)
{
    ts_pool *p = w->pool;
    size_t claimed[MAX_LANES];
    size_t nclaimed;
    do {
        pthread_mutex_lock(&p->lock);
        while (open == 0 && p->next == p->tail && !p->closing) {
            p->idle++;
            pthread_cond_wait(&p->work_cv, &p->lock);
            p->idle--;
        }
        size_t share = (p->tail - p->next + p->jobs - 1) / p->jobs;
        if (share > p->lanes - open)
            share = p->lanes - open;
        for (nclaimed = 0; nclaimed < share; nclaimed++)
            claimed[nclaimed] = p->next++ % p->window;
        pthread_mutex_unlock(&p->lock);
        for (size_t i = 0; i < nclaimed; i++)
            open = open_slot(w, open, claimed[i]);
    } while (open == 0 && nclaimed != 0);   // every file claimed failed to open
    return open;
}

// One read of each file of the group.
static void read_round(worker *w, size_t open)
{
    for (size_t i = 0; i < open; i++) {
        slot *sl = &w->slots[i];
        ssize_t n = ts_read(sl->fd, sl->buf, LANE_CHUNK);
        sl->got = n > 0 ? (size_t)n : 0;
        if (n <= 0) {
            sl->ended = true;
            sl->err = n < 0 ? errno : 0;
        }
    }
}

// What the round read, hashed side by side. A length past the algorithm's
// limit refuses the whole call: then each file on its own, to find which.
static void hash_round(worker *w, size_t open)
{
    const ts_hasher *h = w->pool->hasher;
    td_ctx *ctxs[MAX_LANES];
    td_hmac_ctx *macs[MAX_LANES];
    const void *data[MAX_LANES];
    size_t lens[MAX_LANES], n = 0;
    for (size_t i = 0; i < open; i++) {
        slot *sl = &w->slots[i];
        if (sl->got == 0)
            continue;
        ctxs[n] = &sl->s.plain;
        macs[n] = &sl->s.mac;
        data[n] = sl->buf;
        lens[n++] = sl->got;
    }
    int rc = h->hmac ? td_hmac_update_many(n, macs, data, lens)
                     : td_update_many(n, ctxs, data, lens);
    if (rc == TD_OK)
        return;
    for (size_t i = 0; i < open; i++) {
        slot *sl = &w->slots[i];
        if (sl->got != 0 && hash_update(h, &sl->s, sl->buf, sl->got) != 0) {
            sl->err = EFBIG;
            sl->ended = true;
        }
    }
}

// Results for the files that ended, their last blocks side by side; the
// slots of the rest move to the front. Returns how many stay open.
static size_t finish_round(worker *w, size_t open)
{
    ts_pool *p = w->pool;
    const ts_hasher *h = p->hasher;
    td_ctx *ctxs[MAX_LANES];
    td_hmac_ctx *macs[MAX_LANES];
    slot *whole[MAX_LANES];
    size_t ks[MAX_LANES], nwhole = 0, nended = 0;
    for (size_t i = 0; i < open; i++) {
        slot *sl = &w->slots[i];
        if (!sl->ended)
            continue;
        ks[nended++] = sl->k;
        if (sl->err == 0) {
            ctxs[nwhole] = &sl->s.plain;
            macs[nwhole] = &sl->s.mac;
            whole[nwhole++] = sl;
        }
    }
    if (nended == 0)
        return open;

    uint8_t digests[MAX_LANES * TD_MAX_DIGEST_SIZE];
    const size_t size = td_digest_size(h->alg);
    if (h->hmac)
        td_hmac_final_many(nwhole, macs, digests);
    else
        td_final_many(nwhole, ctxs, digests);
    for (size_t i = 0; i < nwhole; i++)
        memcpy(p->items[whole[i]->k].result.digest, digests + i * size, size);

    size_t kept = 0;
    for (size_t i = 0; i < open; i++) {
        slot *sl = &w->slots[i];
        if (!sl->ended) {
            if (kept != i) {            // swap, so that each slot keeps a buffer
                slot t = w->slots[kept];
                w->slots[kept] = *sl;
                *sl = t;
            }
            kept++;
            continue;
        }
        ts_result *r = &p->items[sl->k].result;
        r->status = sl->err == 0 ? TS_OK : TS_FAILED;
        r->err = sl->err;
        if (close(sl->fd) != 0 && errno != EINTR && r->status == TS_OK) {
            r->status = TS_FAILED;
            r->err = errno;
        }
        memset(&sl->s, 0, sizeof sl->s);
    }
    mark_done(p, ks, nended);
    return kept;
}

// The last file of a group, with nothing queued to join it: the rest of it
// on the single path, read ahead where a CPU is to spare.
static void finish_alone(worker *w)
{
    slot *sl = &w->slots[0];
    const int err = hash_fd(w, sl->fd, &sl->s);
    sl->ended = true;
    sl->err = err;
    (void)finish_round(w, 1);
}

static bool queue_empty(ts_pool *p)
{
    pthread_mutex_lock(&p->lock);
    const bool empty = p->next == p->tail;
    pthread_mutex_unlock(&p->lock);
    return empty;
}

static bool alloc_slots(worker *w)
{
    w->slots = calloc(w->pool->lanes, sizeof *w->slots);
    if (w->slots == NULL)
        return false;
    for (size_t i = 0; i < w->pool->lanes; i++) {
        w->slots[i].buf = ts_aligned_alloc(4096, LANE_CHUNK);
        if (w->slots[i].buf == NULL)
            return false;
    }
    return true;
}

// A worker's group: up to pool->lanes files open, a chunk of each read and
// hashed side by side each round; a slot is refilled from the queue as soon
// as its file ends, so that files of any sizes keep the lanes busy.
static void hash_side_by_side(worker *w)
{
    size_t open = 0;
    for (;;) {
        open = claim_files(w, open);
        if (open == 0)
            return;                     // closing, and nothing left
        if (open == 1 && queue_empty(w->pool)) {
            finish_alone(w);
            open = 0;
            continue;
        }
        read_round(w, open);
        hash_round(w, open);
        open = finish_round(w, open);
    }
}

// ------------------------------------------------------------- the workers

// One file at a time, for algorithms whose many path is one message at a
// time anyway.
static void hash_one_by_one(worker *w)
{
    ts_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next == p->tail && !p->closing) {
            p->idle++;
            pthread_cond_wait(&p->work_cv, &p->lock);
            p->idle--;
        }
        if (p->next == p->tail)
            break;
        size_t k = p->next++ % p->window;
        pthread_mutex_unlock(&p->lock);
        hash_alone(w, k);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    if (w->pool->lanes >= 2 && alloc_slots(w))
        hash_side_by_side(w);
    else
        hash_one_by_one(w);
    return NULL;
}

// How many files a worker hashes side by side: the lanes of the many-path
// backend that takes a full batch, from its name ("avx512-x16": 16), or 1.
static size_t lanes_for(td_alg alg)
{
    const char *name = td_backend(alg, TD_MULTI);
    const char *x = name ? strrchr(name, 'x') : NULL;
    if (x == NULL || x == name || x[-1] != '-')
        return 1;
    char *end;
    unsigned long lanes = strtoul(x + 1, &end, 10);
    if (*end != '\0' || lanes < 2)
        return 1;
    return lanes < MAX_LANES ? lanes : MAX_LANES;
}

ts_pool *ts_pool_new(unsigned jobs, const ts_hasher *hasher, bool ignore_missing)
{
    ts_pool *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->hasher = hasher;
    p->ignore_missing = ignore_missing;
    p->jobs = jobs;
    // With a second CPU to spare, reading ahead on it lets the copy out of
    // the page cache run beside the hash; with -j 1 all stays on one thread.
    p->read_ahead = jobs >= 2;
    p->lanes = lanes_for(hasher->alg);
    const size_t per_job = p->lanes * WINDOW_PER_LANE;
    p->window = (size_t)jobs * (per_job > WINDOW_PER_JOB ? per_job : WINDOW_PER_JOB);
    p->workers = calloc(jobs, sizeof *p->workers);
    p->items = calloc(p->window, sizeof *p->items);
    p->done = calloc(p->window, sizeof *p->done);
    p->stdin_turn = calloc(p->window, sizeof *p->stdin_turn);
    if (!p->workers || !p->items || !p->done || !p->stdin_turn) {
        free(p->workers);
        free(p->items);
        free(p->done);
        free(p->stdin_turn);
        free(p);
        return NULL;
    }
    for (unsigned i = 0; i < jobs; i++) {
        p->workers[i].pool = p;
        pthread_mutex_init(&p->workers[i].lock, NULL);
        pthread_cond_init(&p->workers[i].cond, NULL);
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work_cv, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    pthread_cond_init(&p->stdin_cv, NULL);
    return p;
}

bool ts_pool_full(const ts_pool *pool)
{
    return pool->tail - pool->head >= pool->window;     // only the submitter writes these
}

void ts_pool_submit(ts_pool *p, char *name, bool owned, void *user)
{
    pthread_mutex_lock(&p->lock);
    assert(p->tail - p->head < p->window);
    size_t k = p->tail % p->window;
    p->items[k] = (ts_item){ .name = name, .owned = owned, .user = user };
    p->done[k] = false;
    p->stdin_turn[k] = 0;
    if (name != NULL && strcmp(name, "-") == 0)
        p->stdin_turn[k] = p->stdin_submitted++;
    p->tail++;
    pthread_cond_signal(&p->work_cv);
    pthread_mutex_unlock(&p->lock);
}

// Threads start when results are first asked for, when the window is full
// or every item is in: the workers then find whole groups to take. No more
// threads than items waiting: a single file never starts more than one.
static void start_workers(ts_pool *p)
{
    while (p->started < p->jobs && p->idle == 0 && p->next != p->tail) {
        worker *w = &p->workers[p->started];
        if (pthread_create(&w->thread, NULL, worker_main, w) != 0)
            break;
        p->started++;
        if (p->started * p->lanes >= p->tail - p->next)
            break;
    }
}

bool ts_pool_next(ts_pool *p, ts_item *out)
{
    pthread_mutex_lock(&p->lock);
    if (p->head == p->tail) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    start_workers(p);
    size_t k = p->head % p->window;
    while (!p->done[k] && p->started == 0) {
        // No thread could start at all: do the work here, in order.
        size_t mine = p->next++ % p->window;
        pthread_mutex_unlock(&p->lock);
        hash_alone(&p->workers[0], mine);
        pthread_mutex_lock(&p->lock);
    }
    while (!p->done[k])
        pthread_cond_wait(&p->done_cv, &p->lock);
    *out = p->items[k];
    p->done[k] = false;
    p->head++;
    pthread_mutex_unlock(&p->lock);
    return true;
}

void ts_pool_free(ts_pool *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->lock);
    p->closing = true;
    pthread_cond_broadcast(&p->work_cv);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < p->jobs; i++) {
        worker *w = &p->workers[i];
        if (i < p->started)
            pthread_join(w->thread, NULL);
        if (w->helper_started) {
            pthread_mutex_lock(&w->lock);
            w->quit = true;
            pthread_cond_broadcast(&w->cond);
            pthread_mutex_unlock(&w->lock);
            pthread_join(w->helper, NULL);
        }
        for (unsigned b = 0; b < NBUF; b++)
            ts_aligned_free(w->buf[b]);
        for (size_t s = 0; w->slots != NULL && s < p->lanes; s++)
            ts_aligned_free(w->slots[s].buf);
        free(w->slots);
    }
    free(p->workers);
    free(p->items);
    free(p->done);
    free(p->stdin_turn);
    free(p);
}
