/* SPDX-License-Identifier: Apache-2.0
 * hash_many (td_hash_many over any iterable of buffers) and hash_many_fixed
 * (td_hash_many_fixed over messages of one length laid end to end).
 */
#include <stdlib.h>
#include <string.h>

#include "tdpy.h"

// Messages are taken from the iterable a batch at a time: enough for every
// many-path backend's lanes many times over, while the buffers held at once
// stay few.
enum { BATCH = 512 };

typedef struct {
    PyObject *items[BATCH];         // held until the batch is hashed
    Py_buffer views[BATCH];         // views[i].obj NULL: items[i] is exact bytes
    const void *data[BATCH];
    size_t lens[BATCH];
    uint8_t out[BATCH * TD_MAX_DIGEST_SIZE];
} batch;

static void release_batch(batch *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (b->views[i].obj != NULL)
            PyBuffer_Release(&b->views[i]);
        Py_DECREF(b->items[i]);
    }
}

// Where the messages come from: an exact list is read by index in the full
// API (no iterator call per item), anything else through its iterator.
typedef struct {
    PyObject *it;
    PyObject *list;
    Py_ssize_t pos;
} source;

static PyObject *next_item(source *src)
{
#ifndef Py_LIMITED_API
    if (src->list != NULL) {
        // The size is read each time: the list may change between batches.
        if (src->pos >= PyList_GET_SIZE(src->list))
            return NULL;
        return Py_NewRef(PyList_GET_ITEM(src->list, src->pos++));
    }
#endif
    return PyIter_Next(src->it);
}

// Fills b from src: returns how many messages, or -1 with an exception (the
// batch's messages released).
static Py_ssize_t fill_batch(batch *b, source *src, size_t *total)
{
    size_t n = 0;
    *total = 0;
    while (n < BATCH) {
        PyObject *item = next_item(src);
        if (item == NULL)
            break;
        b->items[n] = item;
        if (PyBytes_CheckExact(item)) {
            b->views[n].obj = NULL;
            tdpy_bytes_data(item, &b->data[n], &b->lens[n]);
        } else if (tdpy_get_data(item, &b->views[n]) == 0) {
            b->data[n] = b->views[n].buf;
            b->lens[n] = (size_t)b->views[n].len;
        } else {
            Py_DECREF(item);
            release_batch(b, n);
            return -1;
        }
        *total += b->lens[n++];
    }
    if (PyErr_Occurred()) {
        release_batch(b, n);
        return -1;
    }
    return (Py_ssize_t)n;
}

static const char *const many_params[] = {"name", "buffers"};

static PyObject *hash_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    (void)module;
    PyObject *given[2];
    td_alg alg;
    if (tdpy_parse("hash_many", args, nargs, kwnames, many_params, 2, 2, 2, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0)
        return NULL;
    // A list or tuple gives its length: the result is made at its size
    // (digests are appended past it should the list grow meanwhile).
    Py_ssize_t expected = 0;
    if (PyList_CheckExact(given[1]) || PyTuple_CheckExact(given[1]))
        expected = PyObject_Length(given[1]);
    source src = {NULL, NULL, 0};
#ifndef Py_LIMITED_API
    if (PyList_CheckExact(given[1]))
        src.list = given[1];
#endif
    PyObject *it = src.list != NULL ? Py_NewRef(given[1]) : PyObject_GetIter(given[1]);
    if (it == NULL)
        return NULL;
    src.it = it;
    PyObject *result = PyList_New(expected);
    Py_ssize_t filled = 0;
    batch *b = PyMem_Malloc(sizeof *b);
    if (result == NULL || b == NULL) {
        if (b == NULL)
            PyErr_NoMemory();
        goto fail;
    }
    const size_t size = td_digest_size(alg);
    for (;;) {
        size_t total;
        Py_ssize_t n = fill_batch(b, &src, &total);
        if (n <= 0) {
            if (n < 0)
                goto fail;
            break;
        }
        int rc;
        if (total >= TDPY_GIL_MINSIZE) {
            Py_BEGIN_ALLOW_THREADS
            rc = td_hash_many(alg, (size_t)n, b->data, b->lens, b->out);
            Py_END_ALLOW_THREADS
        } else {
            rc = td_hash_many(alg, (size_t)n, b->data, b->lens, b->out);
        }
        release_batch(b, (size_t)n);
        if (rc != TD_OK) {
            tdpy_status_error(rc);
            goto fail;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *d = PyBytes_FromStringAndSize((const char *)b->out + (size_t)i * size,
                                                    (Py_ssize_t)size);
            if (d == NULL)
                goto fail;
            if (filled < expected) {
                TDPY_LIST_SET(result, filled++, d);
            } else {
                int appended = PyList_Append(result, d);
                Py_DECREF(d);
                if (appended < 0)
                    goto fail;
            }
        }
    }
    // The list shrank while it was read: drop the slots never filled.
    if (filled < expected && PyList_SetSlice(result, filled, expected, NULL) < 0)
        goto fail;
    PyMem_Free(b);
    Py_DECREF(it);
    return result;
fail:
    PyMem_Free(b);
    Py_DECREF(it);
    Py_XDECREF(result);
    return NULL;
}

static const char *const fixed_params[] = {"name", "data", "length"};

static PyObject *hash_many_fixed(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames)
{
    (void)module;
    PyObject *given[3];
    td_alg alg;
    if (tdpy_parse("hash_many_fixed", args, nargs, kwnames, fixed_params, 3, 3, 3, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0)
        return NULL;
    Py_ssize_t len = PyLong_AsSsize_t(given[2]);
    if (len == -1 && PyErr_Occurred())
        return NULL;
    if (len <= 0) {
        PyErr_SetString(PyExc_ValueError, "length must be greater than 0");
        return NULL;
    }
    Py_buffer view;
    if (tdpy_get_data(given[1], &view) < 0)
        return NULL;
    PyObject *result = NULL;
    if (view.len % len != 0) {
        PyErr_Format(PyExc_ValueError,
                     "data holds %zd bytes, not a whole number of %zd-byte messages",
                     view.len, len);
        goto done;
    }
    const size_t n = (size_t)(view.len / len), size = td_digest_size(alg);
    result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * size));
    if (result == NULL)
        goto done;
    char *out = TDPY_BYTES(result);
    int rc;
    if (view.len >= TDPY_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        rc = td_hash_many_fixed(alg, n, view.buf, (size_t)len, out);
        Py_END_ALLOW_THREADS
    } else {
        rc = td_hash_many_fixed(alg, n, view.buf, (size_t)len, out);
    }
    if (rc != TD_OK) {
        Py_CLEAR(result);
        tdpy_status_error(rc);
    }
done:
    PyBuffer_Release(&view);
    return result;
}

PyMethodDef tdpy_many_functions[] = {
    {"hash_many", (PyCFunction)(void (*)(void))hash_many, METH_FASTCALL | METH_KEYWORDS,
     "hash_many($module, /, name, buffers)\n--\n\n"
     "Digests of many messages at once: a list of bytes, one for each buffer\n"
     "the iterable gives, in order. The messages go side by side through the\n"
     "library's many path (SIMD lanes, interleaved SHA extensions); the GIL\n"
     "is released while they are hashed."},
    {"hash_many_fixed", (PyCFunction)(void (*)(void))hash_many_fixed,
     METH_FASTCALL | METH_KEYWORDS,
     "hash_many_fixed($module, /, name, data, length)\n--\n\n"
     "Digests of the messages of length bytes laid end to end in data, end\n"
     "to end in one bytes object (a level of a Merkle tree: 64-byte nodes\n"
     "for SHA-256). len(data) must be a multiple of length."},
    {NULL, NULL, 0, NULL},
};
