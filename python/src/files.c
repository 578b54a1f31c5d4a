/* SPDX-License-Identifier: Apache-2.0
 * hash_files: many files read and hashed side by side, as tdsum does
 * (tools/tdsum/pool.c): each worker thread keeps a group of as many files
 * open as the many path has lanes, reads 64 KiB of each a round, feeds the
 * round to td_update_many and refills a slot as soon as its file ends. The
 * GIL is released for the whole of it.
 */
#include "tdpy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <io.h>
#define O_CLOEXEC 0
#define open_file(path) _open((path), _O_RDONLY | _O_BINARY)
#define read_file(fd, buf, n) _read((fd), (buf), (unsigned)(n))
#define close_file _close
#else
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
static int open_file(const char *path)
{
    return open(path, O_RDONLY | O_CLOEXEC);
}
#define read_file read
#define close_file close
#endif

// A 64 KiB read of each file of a group keeps the round in L2, as in tdsum;
// a file alone reads 256 KiB at a time (fewer system calls).
enum { LANE_CHUNK = 64u << 10, ALONE_CHUNK = 256u << 10, MAX_LANES = 32, MAX_JOBS = 64 };

typedef struct job job;

typedef struct {
    size_t file;                    // index into the job's files
    int fd;
    size_t got;
    int ended;
    td_ctx ctx;
} slot;

typedef struct {
    job *job;
    slot slots[MAX_LANES];
    uint8_t *bufs;                  // lanes * LANE_CHUNK, at least ALONE_CHUNK
    size_t err_file;                // the first file that failed here, or SIZE_MAX
    int err;
    int claimed;                    // has taken its first share
} worker;

struct job {
    td_alg alg;
    size_t lanes, nfiles, nworkers;
    const char *const *paths;
    uint8_t *digests;               // nfiles * digest size
#ifndef _WIN32
    pthread_mutex_t lock;
#endif
    size_t next;                    // the next file to claim
    int stop;                       // a file failed: claim no more
};

static void job_lock(job *j)
{
#ifndef _WIN32
    if (j->nworkers > 1)
        pthread_mutex_lock(&j->lock);
#else
    (void)j;
#endif
}

static void job_unlock(job *j)
{
#ifndef _WIN32
    if (j->nworkers > 1)
        pthread_mutex_unlock(&j->lock);
#else
    (void)j;
#endif
}

static void fail(worker *w, size_t file, int err)
{
    if (file < w->err_file) {
        w->err_file = file;
        w->err = err;
    }
    job_lock(w->job);
    w->job->stop = 1;
    job_unlock(w->job);
}

// Claims files for the free slots and opens them: at first an even share
// of all the files, then a fair share of what is left, so that every worker
// keeps a group. Returns how many are open.
static size_t claim(worker *w, size_t nopen)
{
    job *j = w->job;
    size_t first, count;
    job_lock(j);
    size_t left = j->stop ? 0 : j->nfiles - j->next;
    size_t pool = w->claimed ? left : j->nfiles;
    count = (pool + j->nworkers - 1) / j->nworkers;
    if (count > left)
        count = left;
    if (count > j->lanes - nopen)
        count = j->lanes - nopen;
    first = j->next;
    j->next += count;
    job_unlock(j);
    w->claimed = 1;
    for (size_t f = first; f < first + count; f++) {
        int fd = open_file(j->paths[f]);
        if (fd < 0) {
            fail(w, f, errno);
            continue;
        }
        slot *s = &w->slots[nopen++];
        s->file = f;
        s->fd = fd;
        s->got = 0;
        s->ended = 0;
        td_init(&s->ctx, j->alg);
    }
    return nopen;
}

static long read_some(int fd, uint8_t *buf, size_t len)
{
    for (;;) {
        long n = (long)read_file(fd, buf, len);
        if (n >= 0 || errno != EINTR)
            return n;
    }
}

// One read of each file of the group, then the round hashed side by side.
static void round_of(worker *w, size_t nopen)
{
    td_ctx *ctxs[MAX_LANES];
    const void *data[MAX_LANES];
    size_t lens[MAX_LANES], n = 0;
    for (size_t i = 0; i < nopen; i++) {
        slot *s = &w->slots[i];
        uint8_t *buf = w->bufs + i * LANE_CHUNK;
        long got = read_some(s->fd, buf, LANE_CHUNK);
        if (got <= 0) {
            s->ended = 1;
            if (got < 0)
                fail(w, s->file, errno);
            continue;
        }
        ctxs[n] = &s->ctx;
        data[n] = buf;
        lens[n++] = (size_t)got;
    }
    if (n == 0)
        return;
    if (n == 1) {
        td_update(ctxs[0], data[0], lens[0]);
    } else if (td_update_many(n, ctxs, data, lens) != TD_OK) {
        // Only a length past the algorithm's limit: far beyond any file.
        for (size_t i = 0; i < n; i++)
            td_update(ctxs[i], data[i], lens[i]);
    }
}

// The last file with nothing left to join it: the rest on the single path.
static void finish_alone(worker *w)
{
    slot *s = &w->slots[0];
    for (;;) {
        long got = read_some(s->fd, w->bufs, ALONE_CHUNK);
        if (got <= 0) {
            if (got < 0)
                fail(w, s->file, errno);
            break;
        }
        td_update(&s->ctx, w->bufs, (size_t)got);
    }
    s->ended = 1;
}

// Digests of the files that ended, their last blocks side by side; then
// the slots still open move to the front. Returns how many stay open.
static size_t finish_round(worker *w, size_t nopen)
{
    job *j = w->job;
    const size_t size = td_digest_size(j->alg);
    td_ctx *ctxs[MAX_LANES];
    size_t files[MAX_LANES], n = 0;
    for (size_t i = 0; i < nopen; i++) {
        slot *s = &w->slots[i];
        if (s->ended) {
            close_file(s->fd);
            ctxs[n] = &s->ctx;
            files[n++] = s->file;
        }
    }
    if (n == 0)
        return nopen;
    uint8_t out[MAX_LANES * TD_MAX_DIGEST_SIZE];
    td_final_many(n, ctxs, out);
    for (size_t i = 0; i < n; i++)
        memcpy(j->digests + files[i] * size, out + i * size, size);
    size_t kept = 0;
    for (size_t i = 0; i < nopen; i++) {
        if (!w->slots[i].ended) {
            if (kept != i)
                w->slots[kept] = w->slots[i];
            kept++;
        }
    }
    return kept;
}

static int stopped(job *j)
{
    job_lock(j);
    int stop = j->stop;
    job_unlock(j);
    return stop;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    job *j = w->job;
    size_t nopen = 0;
    for (;;) {
        nopen = claim(w, nopen);
        if (nopen == 0)
            break;
        if (stopped(j)) {
            for (size_t i = 0; i < nopen; i++)
                close_file(w->slots[i].fd);
            break;
        }
        if (nopen == 1 && j->lanes > 1) {
            job_lock(j);
            int last = j->next == j->nfiles;
            job_unlock(j);
            if (last)
                finish_alone(w);
            else
                round_of(w, nopen);
        } else if (nopen == 1) {
            finish_alone(w);
        } else {
            round_of(w, nopen);
        }
        nopen = finish_round(w, nopen);
    }
    return NULL;
}

// As tdsum: the lanes of the many-path backend that takes a full batch, from
// its name ("avx512-x16": 16), or 1 where that path is one message at a time.
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

// The CPUs this process may run on.
static size_t cpu_count(void)
{
#if defined(__linux__) && defined(CPU_COUNT)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (size_t)CPU_COUNT(&set);
#endif
#if defined(_SC_NPROCESSORS_ONLN)
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (size_t)n : 1;
#else
    return 1;
#endif
}

// Runs the job on nworkers threads, the calling one among them.
static void run_job(job *j, worker *workers)
{
    size_t started = 1;
#ifndef _WIN32
    pthread_t threads[MAX_JOBS];
    pthread_mutex_init(&j->lock, NULL);
    for (; started < j->nworkers; started++) {
        if (pthread_create(&threads[started], NULL, worker_main, &workers[started]) != 0)
            break;
    }
#endif
    worker_main(&workers[0]);
#ifndef _WIN32
    for (size_t i = 1; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&j->lock);
#endif
}

static const char *const files_params[] = {"name", "paths", "jobs"};

static PyObject *hash_files(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    (void)module;
    PyObject *given[3];
    td_alg alg;
    if (tdpy_parse("hash_files", args, nargs, kwnames, files_params, 3, 3, 2, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0)
        return NULL;
    size_t jobs = cpu_count();
    if (given[2] != NULL && given[2] != Py_None) {
        Py_ssize_t n = PyLong_AsSsize_t(given[2]);
        if (n == -1 && PyErr_Occurred())
            return NULL;
        if (n < 1) {
            PyErr_SetString(PyExc_ValueError, "jobs must be at least 1");
            return NULL;
        }
        jobs = (size_t)n;
    }
    // A single path is a common slip; iterated, it would be its characters.
    if (PyUnicode_Check(given[1]) || PyBytes_Check(given[1])) {
        PyErr_SetString(PyExc_TypeError, "hash_files() takes an iterable of paths, not one path");
        return NULL;
    }
    PyObject *originals = PySequence_List(given[1]);     // kept for the error's filename
    if (originals == NULL)
        return NULL;
    const size_t nfiles = (size_t)PyList_Size(originals);
    PyObject *encoded = PyList_New((Py_ssize_t)nfiles);
    const char **paths = PyMem_Calloc(nfiles + 1, sizeof *paths);
    const size_t size = td_digest_size(alg);
    uint8_t *digests = PyMem_Malloc(nfiles * size + 1);
    job j = {.alg = alg, .lanes = lanes_for(alg), .nfiles = nfiles, .paths = paths,
             .digests = digests};
    worker *workers = NULL;
    PyObject *result = NULL;
    if (encoded == NULL || paths == NULL || digests == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < nfiles; i++) {
        PyObject *bytes;
        if (!PyUnicode_FSConverter(PyList_GetItem(originals, (Py_ssize_t)i), &bytes))
            goto done;
        PyList_SetItem(encoded, (Py_ssize_t)i, bytes);
        paths[i] = PyBytes_AsString(bytes);
    }

    // One worker per CPU, the files shared evenly among them (a few files
    // start no thread that would find nothing to do): where CPUs are free,
    // two groups of 8 files beat one of 16.
    j.nworkers = jobs < nfiles ? jobs : nfiles;
    if (j.nworkers > MAX_JOBS)
        j.nworkers = MAX_JOBS;
#ifdef _WIN32
    j.nworkers = 1;
#endif
    if (j.nworkers == 0)
        j.nworkers = 1;
    const size_t buf_size = j.lanes * LANE_CHUNK > ALONE_CHUNK ? j.lanes * LANE_CHUNK : ALONE_CHUNK;
    workers = PyMem_Calloc(j.nworkers, sizeof *workers);
    if (workers == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < j.nworkers; i++) {
        workers[i].job = &j;
        workers[i].err_file = SIZE_MAX;
        workers[i].bufs = PyMem_Malloc(buf_size);
        if (workers[i].bufs == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }

    Py_BEGIN_ALLOW_THREADS
    run_job(&j, workers);
    Py_END_ALLOW_THREADS

    const worker *failed = NULL;
    for (size_t i = 0; i < j.nworkers; i++) {
        if (workers[i].err_file != SIZE_MAX && (failed == NULL || workers[i].err_file < failed->err_file))
            failed = &workers[i];
    }
    if (failed != NULL) {
        errno = failed->err;
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError,
                                             PyList_GetItem(originals, (Py_ssize_t)failed->err_file));
        goto done;
    }
    result = PyList_New((Py_ssize_t)nfiles);
    for (size_t i = 0; result != NULL && i < nfiles; i++) {
        PyObject *d = PyBytes_FromStringAndSize((const char *)digests + i * size, (Py_ssize_t)size);
        if (d == NULL)
            Py_CLEAR(result);
        else
            PyList_SetItem(result, (Py_ssize_t)i, d);
    }
done:
    if (workers != NULL) {
        for (size_t i = 0; i < j.nworkers; i++)
            PyMem_Free(workers[i].bufs);
    }
    PyMem_Free(workers);
    PyMem_Free(digests);
    PyMem_Free(paths);
    Py_XDECREF(encoded);
    Py_DECREF(originals);
    return result;
}

PyMethodDef tdpy_files_functions[] = {
    {"hash_files", (PyCFunction)(void (*)(void))hash_files, METH_FASTCALL | METH_KEYWORDS,
     "hash_files($module, /, name, paths, jobs=None)\n--\n\n"
     "Digests of whole files, a list of bytes in the order of paths (str,\n"
     "bytes or os.PathLike). Files are read and hashed side by side through\n"
     "the library's many path, on jobs threads (default: one per CPU, no more\n"
     "than the files need), with the GIL released. A file that cannot be\n"
     "opened or read raises OSError (FileNotFoundError, IsADirectoryError,\n"
     "...) naming it."},
    {NULL, NULL, 0, NULL},
};
