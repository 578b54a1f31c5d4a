/* SPDX-License-Identifier: Apache-2.0
 * hashlib's hash objects (turbodigest.HASH), the constructors md5() ...
 * sha512_256() and new().
 */
#include <string.h>

#include "tdpy.h"

// A message that still fits in the context's own bytes is kept there as it
// came and hashed by the typed one-shot at digest(): for the usual
// sha256(m).digest() the context is never set up, copied or finished.
typedef struct {
    PyObject_HEAD
    PyThread_type_lock lock;        // see tdpy_lock_enter
    uint8_t alg;
    uint8_t running;                // 0: the message so far is in u.small
    uint16_t small_len;
    union {
        td_ctx ctx;
        uint8_t small[sizeof(td_ctx)];
    } u;
} HashObject;

typedef void oneshot_fn(const void *data, size_t len, uint8_t *out);
static oneshot_fn *const oneshots[TD_ALG_COUNT] = {
    td_md5, td_sha1, td_sha224, td_sha256, td_sha384, td_sha512, td_sha512_224, td_sha512_256,
    // SHA-3 has no typed one-shots: td_hash (NULL here).
};

static PyTypeObject *hash_type;

// Freed objects kept for the next constructor: no allocator call on the
// one-shot path. Only under the GIL, which guards the list.
#ifndef Py_GIL_DISABLED
enum { FREELIST_MAX = 16 };
static HashObject *freelist[FREELIST_MAX];
static int freelist_len;
#endif

static HashObject *hash_alloc(td_alg alg)
{
    HashObject *h;
#ifndef Py_GIL_DISABLED
    if (freelist_len > 0) {
        h = freelist[--freelist_len];
    } else
#endif
    {
        h = PyObject_Malloc(sizeof *h);
        if (h == NULL)
            return (HashObject *)PyErr_NoMemory();
    }
    PyObject_Init((PyObject *)h, hash_type);    // takes a reference to the heap type
    h->lock = NULL;
    h->alg = (uint8_t)alg;
    h->running = 0;
    h->small_len = 0;
    return h;
}

static void hash_dealloc(PyObject *self)
{
    HashObject *h = (HashObject *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (h->lock != NULL)
        PyThread_free_lock(h->lock);
    // The message and the state are secrets of the caller's: wipe them.
    memset(&h->u, 0, h->running ? sizeof h->u : h->small_len);
#ifndef Py_GIL_DISABLED
    if (freelist_len < FREELIST_MAX)
        freelist[freelist_len++] = h;
    else
#endif
        PyObject_Free(h);
    Py_DECREF(type);
}

// The kept message moves into a context, from here on fed by td_update.
static void start_running(HashObject *h)
{
    uint8_t kept[sizeof h->u.small];
    const size_t n = h->small_len;
    memcpy(kept, h->u.small, n);
    td_init(&h->u.ctx, (td_alg)h->alg);
    td_update(&h->u.ctx, kept, n);
    memset(kept, 0, n);
    h->running = 1;
}

static int absorb(HashObject *h, const void *data, size_t len)
{
    if (!h->running) {
        if (len <= sizeof h->u.small - h->small_len) {
            if (len != 0)
                memcpy(h->u.small + h->small_len, data, len);
            h->small_len = (uint16_t)(h->small_len + len);
            return TD_OK;
        }
        start_running(h);
    }
    return td_update(&h->u.ctx, data, len);
}

// An update from any thread: hashlib's locking, so that one object fed by
// several threads at once hashes each update whole.
static int absorb_shared(HashObject *h, const void *data, size_t len)
{
    if (h->lock == NULL && len >= TDPY_GIL_MINSIZE)
        h->lock = PyThread_allocate_lock();     // NULL: carry on with the GIL held
    if (h->lock == NULL)
        return absorb(h, data, len);
    int rc;
    if (len >= TDPY_GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(h->lock, 1);
        rc = absorb(h, data, len);
        PyThread_release_lock(h->lock);
        Py_END_ALLOW_THREADS
    } else {
        tdpy_lock_enter(h->lock);
        rc = absorb(h, data, len);
        PyThread_release_lock(h->lock);
    }
    return rc;
}

// Exact bytes need no buffer: their pointer stays valid while the caller
// holds the object, as it does for the whole call.
static int get_data(PyObject *obj, Py_buffer *view, const void **data, size_t *len)
{
    if (PyBytes_CheckExact(obj)) {
        view->obj = NULL;
        tdpy_bytes_data(obj, data, len);
        return 0;
    }
    if (tdpy_get_data(obj, view) < 0)
        return -1;
    *data = view->buf;
    *len = (size_t)view->len;
    return 0;
}

static void release_data(Py_buffer *view)
{
    if (view->obj != NULL)
        PyBuffer_Release(view);
}

// A new object over data (NULL: none), as the constructors make it.
static PyObject *hash_new(td_alg alg, PyObject *data)
{
    HashObject *h = hash_alloc(alg);
    if (h == NULL || data == NULL)
        return (PyObject *)h;
    Py_buffer view;
    const void *p;
    size_t len;
    if (get_data(data, &view, &p, &len) < 0) {
        Py_DECREF(h);
        return NULL;
    }
    int rc;
    if (len >= TDPY_GIL_MINSIZE) {
        // No other thread can see the object yet: no lock.
        Py_BEGIN_ALLOW_THREADS
        rc = absorb(h, p, len);
        Py_END_ALLOW_THREADS
    } else {
        rc = absorb(h, p, len);
    }
    release_data(&view);
    if (rc != TD_OK) {
        Py_DECREF(h);
        return tdpy_status_error(rc);
    }
    return (PyObject *)h;
}

// Writes the digest of what h holds, leaving h as it was.
static void hash_digest_into(HashObject *h, uint8_t *out)
{
    if (h->lock != NULL)
        tdpy_lock_enter(h->lock);
    if (!h->running) {
        if (oneshots[h->alg] != NULL)
            oneshots[h->alg](h->u.small, h->small_len, out);
        else
            td_hash((td_alg)h->alg, h->u.small, h->small_len, out);
    } else {
        td_ctx c;
        td_copy(&c, &h->u.ctx);
        td_final(&c, out);              // wipes c
    }
    if (h->lock != NULL)
        PyThread_release_lock(h->lock);
}

// --------------------------------------------------------------- methods

static PyObject *hash_update(PyObject *self, PyObject *obj)
{
    Py_buffer view;
    const void *p;
    size_t len;
    if (get_data(obj, &view, &p, &len) < 0)
        return NULL;
    int rc = absorb_shared((HashObject *)self, p, len);
    release_data(&view);
    if (rc != TD_OK)
        return tdpy_status_error(rc);
    Py_RETURN_NONE;
}

static PyObject *hash_digest(PyObject *self, PyObject *unused)
{
    (void)unused;
    HashObject *h = (HashObject *)self;
    uint8_t out[TD_MAX_DIGEST_SIZE];
    hash_digest_into(h, out);
    return PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)td_digest_size((td_alg)h->alg));
}

static PyObject *hash_hexdigest(PyObject *self, PyObject *unused)
{
    (void)unused;
    HashObject *h = (HashObject *)self;
    uint8_t out[TD_MAX_DIGEST_SIZE];
    hash_digest_into(h, out);
    return tdpy_hex(out, td_digest_size((td_alg)h->alg));
}

static PyObject *hash_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    HashObject *h = (HashObject *)self;
    HashObject *c = hash_alloc((td_alg)h->alg);
    if (c == NULL)
        return NULL;
    if (h->lock != NULL)
        tdpy_lock_enter(h->lock);
    c->running = h->running;
    c->small_len = h->small_len;
    if (h->running)
        td_copy(&c->u.ctx, &h->u.ctx);
    else
        memcpy(c->u.small, h->u.small, h->small_len);
    if (h->lock != NULL)
        PyThread_release_lock(h->lock);
    return (PyObject *)c;
}

static PyObject *hash_deepcopy(PyObject *self, PyObject *memo)
{
    (void)memo;
    return hash_copy(self, NULL);
}

// Pickling: the library's export of the running hash, a byte format that
// any machine reads back (turbodigest.h), and the function that imports it.
static PyObject *restore_hash;

static PyObject *hash_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    HashObject *h = (HashObject *)self;
    uint8_t state[TD_CTX_EXPORT_MAX];
    td_ctx c;
    if (h->lock != NULL)
        tdpy_lock_enter(h->lock);
    if (h->running) {
        td_copy(&c, &h->u.ctx);
    } else {
        td_init(&c, (td_alg)h->alg);
        td_update(&c, h->u.small, h->small_len);
    }
    if (h->lock != NULL)
        PyThread_release_lock(h->lock);
    size_t len = td_ctx_export(&c, state, sizeof state);
    memset(&c, 0, sizeof c);
    if (len == 0)
        return tdpy_status_error(TD_ERR_STATE);
    PyObject *result = Py_BuildValue("O(y#)", restore_hash, (const char *)state, (Py_ssize_t)len);
    memset(state, 0, sizeof state);
    return result;
}

static PyObject *hash_from_state(PyObject *module, PyObject *arg)
{
    (void)module;
    Py_buffer view;
    if (tdpy_get_bytes_like(arg, &view, "_restore_hash", "state") < 0)
        return NULL;
    td_ctx c;
    int rc = td_ctx_import(&c, view.buf, (size_t)view.len);
    // Byte 5 of the export format names the algorithm (turbodigest.h).
    const td_alg alg = rc == TD_OK ? (td_alg)((const uint8_t *)view.buf)[5] : TD_MD5;
    PyBuffer_Release(&view);
    if (rc != TD_OK) {
        PyErr_SetString(PyExc_ValueError, "not the state of a turbodigest hash object");
        return NULL;
    }
    HashObject *h = hash_alloc(alg);
    if (h != NULL) {
        td_copy(&h->u.ctx, &c);
        h->running = 1;
    }
    memset(&c, 0, sizeof c);
    return (PyObject *)h;
}

static PyObject *hash_get_name(PyObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(tdpy_names[((HashObject *)self)->alg]);
}

static PyObject *hash_get_digest_size(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(td_digest_size((td_alg)((HashObject *)self)->alg));
}

static PyObject *hash_get_block_size(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(td_block_size((td_alg)((HashObject *)self)->alg));
}

static PyObject *hash_repr(PyObject *self)
{
    return PyUnicode_FromFormat("<%U turbodigest.HASH object @ %p>",
                                tdpy_names[((HashObject *)self)->alg], self);
}

static PyMethodDef hash_methods[] = {
    {"update", hash_update, METH_O,
     "update($self, obj, /)\n--\n\nUpdate this hash object's state with the provided bytes-like object."},
    {"digest", hash_digest, METH_NOARGS,
     "digest($self, /)\n--\n\nReturn the digest value as a bytes object."},
    {"hexdigest", hash_hexdigest, METH_NOARGS,
     "hexdigest($self, /)\n--\n\nReturn the digest value as a string of hexadecimal digits."},
    {"copy", hash_copy, METH_NOARGS,
     "copy($self, /)\n--\n\nReturn a copy of the hash object."},
    {"__copy__", hash_copy, METH_NOARGS, NULL},
    {"__deepcopy__", hash_deepcopy, METH_O, NULL},
    {"__reduce__", hash_reduce, METH_NOARGS,
     "Pickles the running hash as the library's portable export."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef hash_getset[] = {
    {"name", hash_get_name, NULL, "hashlib's name of the algorithm, e.g. 'sha512_224'.", NULL},
    {"digest_size", hash_get_digest_size, NULL, "Size of the digest in bytes.", NULL},
    {"block_size", hash_get_block_size, NULL, "Size of the algorithm's block in bytes.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

#if PY_VERSION_HEX < 0x030A0000
// Before Python 3.10 (no Py_TPFLAGS_DISALLOW_INSTANTIATION) a type made
// from a spec without tp_new would take object's.
static PyObject *hash_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)type;
    (void)args;
    (void)kwargs;
    PyErr_SetString(PyExc_TypeError, "cannot create 'turbodigest.HASH' instances");
    return NULL;
}
#endif

static PyType_Slot hash_slots[] = {
#if PY_VERSION_HEX < 0x030A0000
    {Py_tp_new, hash_tp_new},
#endif
    {Py_tp_dealloc, hash_dealloc},
    {Py_tp_repr, hash_repr},
    {Py_tp_methods, hash_methods},
    {Py_tp_getset, hash_getset},
    {Py_tp_doc, "A hash object, as hashlib's: update(), digest(), hexdigest(), copy().\n\n"
                "Made by md5(), sha1(), ..., sha3_512() and new(); one object may be\n"
                "updated from several threads at once."},
    {0, NULL},
};

static PyType_Spec hash_spec = {
    .name = "turbodigest.HASH",
    .basicsize = sizeof(HashObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = hash_slots,
};

int tdpy_hash_init(PyObject *module)
{
    hash_type = (PyTypeObject *)PyType_FromSpec(&hash_spec);
    if (hash_type == NULL)
        return -1;
    restore_hash = PyObject_GetAttrString(module, "_restore_hash");
    if (restore_hash == NULL)
        return -1;
    return PyModule_AddObjectRef(module, "HASH", (PyObject *)hash_type);
}

// ---------------------------------------------------------- constructors

static const char *const constructor_params[] = {"data", "usedforsecurity", "string"};

// The data argument of a constructor or new(), by position or as data= or
// string= (hashlib's keyword until Python 3.13); usedforsecurity= is taken
// and, every algorithm here being the same for it, not used.
static int data_argument(const char *fname, PyObject *const *given, PyObject **data)
{
    PyObject *by_data = given[0], *by_string = given[2];
    if (by_string == Py_None)
        by_string = NULL;
    if (by_data != NULL && by_string != NULL) {
        PyErr_Format(PyExc_TypeError, "%s(): 'data' and 'string' are mutually exclusive", fname);
        return -1;
    }
    if (given[1] != NULL && PyObject_IsTrue(given[1]) < 0)
        return -1;
    *data = by_data != NULL ? by_data : by_string;
    return 0;
}

static PyObject *construct(td_alg alg, const char *fname, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kwnames)
{
    if (kwnames == NULL && nargs <= 1)
        return hash_new(alg, nargs == 1 ? args[0] : NULL);
    PyObject *given[3], *data;
    if (tdpy_parse(fname, args, nargs, kwnames, constructor_params, 3, 1, 0, given) < 0
        || data_argument(fname, given, &data) < 0)
        return NULL;
    return hash_new(alg, data);
}

#define CONSTRUCTOR(fn, ALG)                                                        \
    static PyObject *fn(PyObject *module, PyObject *const *args, Py_ssize_t nargs,  \
                        PyObject *kwnames)                                          \
    {                                                                               \
        (void)module;                                                               \
        return construct(ALG, #fn, args, nargs, kwnames);                           \
    }
CONSTRUCTOR(md5, TD_MD5)
CONSTRUCTOR(sha1, TD_SHA1)
CONSTRUCTOR(sha224, TD_SHA224)
CONSTRUCTOR(sha256, TD_SHA256)
CONSTRUCTOR(sha384, TD_SHA384)
CONSTRUCTOR(sha512, TD_SHA512)
CONSTRUCTOR(sha512_224, TD_SHA512_224)
CONSTRUCTOR(sha512_256, TD_SHA512_256)
CONSTRUCTOR(sha3_224, TD_SHA3_224)
CONSTRUCTOR(sha3_256, TD_SHA3_256)
CONSTRUCTOR(sha3_384, TD_SHA3_384)
CONSTRUCTOR(sha3_512, TD_SHA3_512)

static const char *const new_params[] = {"name", "data", "usedforsecurity", "string"};

static PyObject *new(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    PyObject *given[4], *data;
    td_alg alg;
    if (tdpy_parse("new", args, nargs, kwnames, new_params, 4, 2, 1, given) < 0
        || tdpy_any_alg_from_name(given[0], &alg) < 0
        || data_argument("new", given + 1, &data) < 0)
        return NULL;
    if ((int)alg >= TD_ALG_COUNT)
        return tdpy_xof_new(alg, data);     // shake_128, shake_256
    return hash_new(alg, data);
}

#define CONSTRUCTOR_DOC(fn, alg)                                                    \
    #fn "($module, /, data=b'', *, usedforsecurity=True, string=None)\n--\n\n"      \
    "Return a new " alg " hash object, optionally initialized with data\n"          \
    "(any C-contiguous buffer)."
#define CONSTRUCTOR_ROW(fn, alg) \
    {#fn, (PyCFunction)(void (*)(void))fn, METH_FASTCALL | METH_KEYWORDS, CONSTRUCTOR_DOC(fn, alg)}

PyMethodDef tdpy_hash_functions[] = {
    CONSTRUCTOR_ROW(md5, "MD5"),
    CONSTRUCTOR_ROW(sha1, "SHA-1"),
    CONSTRUCTOR_ROW(sha224, "SHA-224"),
    CONSTRUCTOR_ROW(sha256, "SHA-256"),
    CONSTRUCTOR_ROW(sha384, "SHA-384"),
    CONSTRUCTOR_ROW(sha512, "SHA-512"),
    CONSTRUCTOR_ROW(sha512_224, "SHA-512/224"),
    CONSTRUCTOR_ROW(sha512_256, "SHA-512/256"),
    CONSTRUCTOR_ROW(sha3_224, "SHA3-224"),
    CONSTRUCTOR_ROW(sha3_256, "SHA3-256"),
    CONSTRUCTOR_ROW(sha3_384, "SHA3-384"),
    CONSTRUCTOR_ROW(sha3_512, "SHA3-512"),
    {"_restore_hash", hash_from_state, METH_O,
     "_restore_hash($module, state, /)\n--\n\n"
     "A hash object from its pickled state (HASH.__reduce__)."},
    {"new", (PyCFunction)(void (*)(void))new, METH_FASTCALL | METH_KEYWORDS,
     "new($module, /, name, data=b'', *, usedforsecurity=True, string=None)\n--\n\n"
     "Return a new hash object for the algorithm name ('sha256', 'SHA-256',\n"
     "'sha512_224', ...: hashlib's names and the usual spellings), optionally\n"
     "initialized with data. ValueError for a name not supported here."},
    {NULL, NULL, 0, NULL},
};
