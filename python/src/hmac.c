/* SPDX-License-Identifier: Apache-2.0
 * The standard hmac module's objects (turbodigest.hmac.HMAC) and its
 * digest(), on td_hmac_*.
 */
#include <string.h>

#include "tdpy.h"

typedef struct {
    PyObject_HEAD
    PyThread_type_lock lock;        // see tdpy_lock_enter
    td_alg alg;
    td_hmac_ctx ctx;
} HmacObject;

static PyTypeObject *hmac_type;

static HmacObject *hmac_alloc(td_alg alg)
{
    HmacObject *h = PyObject_Malloc(sizeof *h);
    if (h == NULL)
        return (HmacObject *)PyErr_NoMemory();
    PyObject_Init((PyObject *)h, hmac_type);
    h->lock = NULL;
    h->alg = alg;
    return h;
}

static void hmac_dealloc(PyObject *self)
{
    HmacObject *h = (HmacObject *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (h->lock != NULL)
        PyThread_free_lock(h->lock);
    memset(&h->ctx, 0, sizeof h->ctx);  // the key's state
    PyObject_Free(h);
    Py_DECREF(type);
}

// Feeds msg; locked as hash objects are when shared (see hash.c).
static int hmac_feed(HmacObject *h, PyObject *msg, int shared)
{
    Py_buffer view;
    if (tdpy_get_data(msg, &view) < 0)
        return -1;
    const size_t len = (size_t)view.len;
    if (shared && h->lock == NULL && len >= TDPY_GIL_MINSIZE)
        h->lock = PyThread_allocate_lock();
    int rc;
    if (len >= TDPY_GIL_MINSIZE && (!shared || h->lock != NULL)) {
        Py_BEGIN_ALLOW_THREADS
        if (shared)
            PyThread_acquire_lock(h->lock, 1);
        rc = td_hmac_update(&h->ctx, view.buf, len);
        if (shared)
            PyThread_release_lock(h->lock);
        Py_END_ALLOW_THREADS
    } else {
        if (shared && h->lock != NULL)
            tdpy_lock_enter(h->lock);
        rc = td_hmac_update(&h->ctx, view.buf, len);
        if (shared && h->lock != NULL)
            PyThread_release_lock(h->lock);
    }
    PyBuffer_Release(&view);
    if (rc != TD_OK) {
        tdpy_status_error(rc);
        return -1;
    }
    return 0;
}

// hmac.HMAC's checks, in its order.
static PyObject *hmac_make(PyObject *key, PyObject *msg, PyObject *digestmod)
{
    if (!PyBytes_Check(key) && !PyByteArray_Check(key)) {
        PyObject *type_name = tdpy_type_name(key);
        if (type_name != NULL) {
            PyErr_Format(PyExc_TypeError, "key: expected bytes or bytearray, but got %R", type_name);
            Py_DECREF(type_name);
        }
        return NULL;
    }
    int truth = digestmod == NULL ? 0 : PyObject_IsTrue(digestmod);
    if (truth < 0)
        return NULL;
    if (truth == 0) {
        // The standard module's words, which changed in 3.13.
#if PY_VERSION_HEX >= 0x030B0000
        const unsigned long version = Py_Version;
#else
        const unsigned long version = PY_VERSION_HEX;
#endif
        PyErr_SetString(PyExc_TypeError, version >= 0x030D0000
                        ? "Missing required argument 'digestmod'."
                        : "Missing required parameter 'digestmod'.");
        return NULL;
    }
    td_alg alg;
    if (tdpy_alg_from_digestmod(digestmod, &alg) < 0)
        return NULL;
    HmacObject *h = hmac_alloc(alg);
    if (h == NULL)
        return NULL;
    Py_buffer k;
    if (PyObject_GetBuffer(key, &k, PyBUF_SIMPLE) < 0) {
        Py_DECREF(h);
        return NULL;
    }
    int rc = td_hmac_init(&h->ctx, alg, k.buf, (size_t)k.len);
    PyBuffer_Release(&k);
    if (rc != TD_OK) {
        Py_DECREF(h);
        return tdpy_status_error(rc);
    }
    if (msg != NULL && msg != Py_None && hmac_feed(h, msg, 0) < 0) {
        Py_DECREF(h);
        return NULL;
    }
    return (PyObject *)h;
}

static PyObject *hmac_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)type;
    static char *kwlist[] = {"key", "msg", "digestmod", NULL};
    PyObject *key, *msg = NULL, *digestmod = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO:HMAC", kwlist, &key, &msg, &digestmod))
        return NULL;
    return hmac_make(key, msg, digestmod);
}

static const char *const update_params[] = {"msg"};

static PyObject *hmac_update(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    PyObject *msg;
    if (tdpy_parse("update", args, nargs, kwnames, update_params, 1, 1, 1, &msg) < 0
        || hmac_feed((HmacObject *)self, msg, 1) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static void hmac_digest_into(HmacObject *h, uint8_t *out)
{
    if (h->lock != NULL)
        tdpy_lock_enter(h->lock);
    td_hmac_ctx c = h->ctx;             // a copy by assignment (turbodigest.h)
    if (h->lock != NULL)
        PyThread_release_lock(h->lock);
    td_hmac_final(&c, out);             // wipes c
}

static PyObject *hmac_digest_method(PyObject *self, PyObject *unused)
{
    (void)unused;
    HmacObject *h = (HmacObject *)self;
    uint8_t out[TD_MAX_DIGEST_SIZE];
    hmac_digest_into(h, out);
    return PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)td_digest_size(h->alg));
}

static PyObject *hmac_hexdigest(PyObject *self, PyObject *unused)
{
    (void)unused;
    HmacObject *h = (HmacObject *)self;
    uint8_t out[TD_MAX_DIGEST_SIZE];
    hmac_digest_into(h, out);
    return tdpy_hex(out, td_digest_size(h->alg));
}

static PyObject *hmac_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    HmacObject *h = (HmacObject *)self;
    HmacObject *c = hmac_alloc(h->alg);
    if (c == NULL)
        return NULL;
    if (h->lock != NULL)
        tdpy_lock_enter(h->lock);
    c->ctx = h->ctx;
    if (h->lock != NULL)
        PyThread_release_lock(h->lock);
    return (PyObject *)c;
}

static PyObject *hmac_deepcopy(PyObject *self, PyObject *memo)
{
    (void)memo;
    return hmac_copy(self, NULL);
}

// Pickling, as hash objects (hash.c). The state holds the key's inner and
// outer hashes: as secret as the key.
static PyObject *restore_hmac;

static PyObject *hmac_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    HmacObject *h = (HmacObject *)self;
    uint8_t state[TD_HMAC_CTX_EXPORT_MAX];
    if (h->lock != NULL)
        tdpy_lock_enter(h->lock);
    size_t len = td_hmac_ctx_export(&h->ctx, state, sizeof state);
    if (h->lock != NULL)
        PyThread_release_lock(h->lock);
    if (len == 0)
        return tdpy_status_error(TD_ERR_STATE);
    PyObject *result = Py_BuildValue("O(y#)", restore_hmac, (const char *)state, (Py_ssize_t)len);
    memset(state, 0, sizeof state);
    return result;
}

static PyObject *hmac_from_state(PyObject *module, PyObject *arg)
{
    (void)module;
    Py_buffer view;
    if (tdpy_get_bytes_like(arg, &view, "_restore_hmac", "state") < 0)
        return NULL;
    td_hmac_ctx c;
    int rc = td_hmac_ctx_import(&c, view.buf, (size_t)view.len);
    // Byte 5 of the export format names the algorithm (turbodigest.h).
    const td_alg alg = rc == TD_OK ? (td_alg)((const uint8_t *)view.buf)[5] : TD_MD5;
    PyBuffer_Release(&view);
    if (rc != TD_OK) {
        PyErr_SetString(PyExc_ValueError, "not the state of a turbodigest HMAC object");
        return NULL;
    }
    HmacObject *h = hmac_alloc(alg);
    if (h != NULL)
        h->ctx = c;
    memset(&c, 0, sizeof c);
    return (PyObject *)h;
}

static PyObject *hmac_get_name(PyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromFormat("hmac-%U", tdpy_names[((HmacObject *)self)->alg]);
}

static PyObject *hmac_get_digest_size(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(td_digest_size(((HmacObject *)self)->alg));
}

static PyObject *hmac_get_block_size(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(td_block_size(((HmacObject *)self)->alg));
}

static PyMethodDef hmac_methods[] = {
    {"update", (PyCFunction)(void (*)(void))hmac_update, METH_FASTCALL | METH_KEYWORDS,
     "update($self, /, msg)\n--\n\nFeed data from msg into this hashing object."},
    {"digest", hmac_digest_method, METH_NOARGS,
     "digest($self, /)\n--\n\nReturn the hash value of this hashing object, as bytes;\n"
     "the object can still be updated."},
    {"hexdigest", hmac_hexdigest, METH_NOARGS,
     "hexdigest($self, /)\n--\n\nLike digest(), but as a string of hexadecimal digits."},
    {"copy", hmac_copy, METH_NOARGS,
     "copy($self, /)\n--\n\nReturn a separate copy of this hashing object."},
    {"__copy__", hmac_copy, METH_NOARGS, NULL},
    {"__deepcopy__", hmac_deepcopy, METH_O, NULL},
    {"__reduce__", hmac_reduce, METH_NOARGS,
     "Pickles the running HMAC as the library's portable export (secret: it\n"
     "continues the MAC under the key)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef hmac_getset[] = {
    {"name", hmac_get_name, NULL, "'hmac-' and the hash's name, e.g. 'hmac-sha256'.", NULL},
    {"digest_size", hmac_get_digest_size, NULL, "Size of the MAC in bytes.", NULL},
    {"block_size", hmac_get_block_size, NULL, "Block size of the hash in bytes.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot hmac_slots[] = {
    {Py_tp_new, hmac_tp_new},
    {Py_tp_dealloc, hmac_dealloc},
    {Py_tp_methods, hmac_methods},
    {Py_tp_getset, hmac_getset},
    {Py_tp_doc, "HMAC(key, msg=None, digestmod='')\n--\n\n"
                "RFC 2104 HMAC, as the standard hmac.HMAC: key is bytes or bytearray;\n"
                "digestmod (required) a hash name, a constructor or a module with new()."},
    {0, NULL},
};

static PyType_Spec hmac_spec = {
    .name = "turbodigest.hmac.HMAC",
    .basicsize = sizeof(HmacObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = hmac_slots,
};

int tdpy_hmac_init(PyObject *module)
{
    hmac_type = (PyTypeObject *)PyType_FromSpec(&hmac_spec);
    if (hmac_type == NULL)
        return -1;
    restore_hmac = PyObject_GetAttrString(module, "_restore_hmac");
    if (restore_hmac == NULL)
        return -1;
    return PyModule_AddObjectRef(module, "HMAC", (PyObject *)hmac_type);
}

// --------------------------------------------------------- hmac.digest()

static const char *const digest_params[] = {"key", "msg", "digest"};

static PyObject *hmac_digest(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    (void)module;
    PyObject *given[3];
    td_alg alg;
    if (tdpy_parse("digest", args, nargs, kwnames, digest_params, 3, 3, 3, given) < 0)
        return NULL;
    Py_buffer key, msg;
    if (tdpy_get_bytes_like(given[0], &key, "digest", "key") < 0)
        return NULL;
    if (tdpy_get_bytes_like(given[1], &msg, "digest", "msg") < 0) {
        PyBuffer_Release(&key);
        return NULL;
    }
    uint8_t out[TD_MAX_DIGEST_SIZE];
    int rc = TD_OK;
    if (tdpy_alg_from_digestmod(given[2], &alg) < 0) {
        rc = 1;
    } else if (msg.len >= TDPY_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        rc = td_hmac(alg, key.buf, (size_t)key.len, msg.buf, (size_t)msg.len, out);
        Py_END_ALLOW_THREADS
    } else {
        rc = td_hmac(alg, key.buf, (size_t)key.len, msg.buf, (size_t)msg.len, out);
    }
    PyBuffer_Release(&key);
    PyBuffer_Release(&msg);
    if (rc == 1)
        return NULL;
    if (rc != TD_OK)
        return tdpy_status_error(rc);
    return PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)td_digest_size(alg));
}

PyMethodDef tdpy_hmac_functions[] = {
    {"_restore_hmac", hmac_from_state, METH_O,
     "_restore_hmac($module, state, /)\n--\n\n"
     "An HMAC object from its pickled state (HMAC.__reduce__)."},
    {"hmac_digest", (PyCFunction)(void (*)(void))hmac_digest, METH_FASTCALL | METH_KEYWORDS,
     "hmac_digest($module, /, key, msg, digest)\n--\n\n"
     "HMAC of msg under key in one call, as hmac.digest(); digest as hmac.new()'s digestmod."},
    {NULL, NULL, 0, NULL},
};
