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

// 256 KiB reads, four buffers per worker. 1 GiB file in the page cache,
// 2-CPU Xeon (SHA-NI), -j 2: system time 0.19-0.23 s with 64 KiB reads,
// 0.13-0.19 s with 256 KiB, 0.13-0.16 s with 1 MiB, whose peak RSS is 5.9 MB
// instead of 2.7 MB; 256 KiB also keeps a chunk in L2 from copy to hash.
enum {
    CHUNK = 256u << 10,
    NBUF = 4,
    WINDOW_PER_JOB = 32,            // items in flight per worker
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

typedef struct worker {
    ts_pool *pool;
    pthread_t thread;
    uint8_t *buf[NBUF];

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

static void *worker_main(void *arg)
{
    worker *w = arg;
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
        ts_item *it = &p->items[k];
        size_t turn = p->stdin_turn[k];
        pthread_mutex_unlock(&p->lock);
        if (it->name != NULL)
            hash_file(w, it->name, turn, &it->result);
        pthread_mutex_lock(&p->lock);
        p->done[k] = true;
        pthread_cond_signal(&p->done_cv);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
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
    p->window = (size_t)jobs * WINDOW_PER_JOB;
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
    // Threads start as work arrives: a single file never starts more than one.
    if (p->idle == 0 && p->started < p->jobs && name != NULL) {
        worker *w = &p->workers[p->started];
        if (pthread_create(&w->thread, NULL, worker_main, w) == 0)
            p->started++;
    }
    if (p->started == 0) {
        // No thread could start at all: do the work here.
        pthread_mutex_unlock(&p->lock);
        worker *w = &p->workers[0];
        if (name != NULL)
            hash_file(w, name, p->stdin_turn[k], &p->items[k].result);
        pthread_mutex_lock(&p->lock);
        p->next++;
        p->done[k] = true;
    }
    pthread_cond_signal(&p->work_cv);
    pthread_mutex_unlock(&p->lock);
}

bool ts_pool_next(ts_pool *p, ts_item *out)
{
    pthread_mutex_lock(&p->lock);
    if (p->head == p->tail) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    size_t k = p->head % p->window;
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
    }
    free(p->workers);
    free(p->items);
    free(p->done);
    free(p->stdin_turn);
    free(p);
}
