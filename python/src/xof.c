/* SPDX-License-Identifier: Apache-2.0
 * hashlib's SHAKE objects (turbodigest.SHAKE): shake_128(), shake_256() and
 * new("shake_128"). As hashlib's: update(), digest(length),
 * hexdigest(length), copy(), name "shake_128", digest_size 0, block_size the
 * rate (168, 136). Not picklable, as hashlib's are not: the library exports
 * fixed-output hashes only.
 */
#include <stdint.h>
#include <string.h>

#include "tdpy.h"

typedef struct {
    PyObject_HEAD
    PyThread_type_lock lock;        // see tdpy_lock_enter
    td_alg alg;                     // TD_SHAKE128 or TD_SHAKE256
    td_xof xof;                     // only absorbed: each digest squeezes a copy
} XofObject;

static PyTypeObject *xof_type;

static XofObject *xof_alloc(td_alg alg)
{
    XofObject *x = PyObject_New(XofObject, xof_type);
    if (x == NULL)
        return NULL;
    x->lock = NULL;
    x->alg = alg;
    td_xof_init(&x->xof, alg);
    return x;
}

static void xof_dealloc(PyObject *self)
{
    XofObject *x = (XofObject *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (x->lock != NULL)
        PyThread_free_lock(x->lock);
    memset(&x->xof, 0, sizeof x->xof);      // the caller's message, buffered
    PyObject_Free(x);
    Py_DECREF(type);
}

static int xof_absorb(XofObject *x, PyObject *obj, int shared)
{
    Py_buffer view;
    if (tdpy_get_data(obj, &view) < 0)
        return -1;
    const size_t len = (size_t)view.len;
    int rc;
    if (shared && x->lock == NULL && len >= TDPY_GIL_MINSIZE)
        x->lock = PyThread_allocate_lock();     // NULL: carry on with the GIL held
    if (len >= TDPY_GIL_MINSIZE && (x->lock != NULL || !shared)) {
        Py_BEGIN_ALLOW_THREADS
        if (x->lock != NULL)
            PyThread_acquire_lock(x->lock, 1);
        rc = td_xof_absorb(&x->xof, view.buf, len);
        if (x->lock != NULL)
            PyThread_release_lock(x->lock);
        Py_END_ALLOW_THREADS
    } else {
        if (x->lock != NULL)
            tdpy_lock_enter(x->lock);
        rc = td_xof_absorb(&x->xof, view.buf, len);
        if (x->lock != NULL)
            PyThread_release_lock(x->lock);
    }
    PyBuffer_Release(&view);
    if (rc != TD_OK) {
        tdpy_status_error(rc);
        return -1;
    }
    return 0;
}

PyObject *tdpy_xof_new(td_alg alg, PyObject *data)
{
    XofObject *x = xof_alloc(alg);
    if (x == NULL || data == NULL)
        return (PyObject *)x;
    if (xof_absorb(x, data, 0) < 0) {
        Py_DECREF(x);
        return NULL;
    }
    return (PyObject *)x;
}

// ---------------------------------------------------------------- methods

static PyObject *xof_update(PyObject *self, PyObject *obj)
{
    if (xof_absorb((XofObject *)self, obj, 1) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static const char *const length_params[] = {"length"};

// length bytes squeezed from a copy, so that the object can go on taking
// data and giving digests, as hashlib's.
static int squeeze(PyObject *self, const char *fname, PyObject *const *args, Py_ssize_t nargs,
                   PyObject *kwnames, uint8_t **out, size_t *len)
{
    XofObject *x = (XofObject *)self;
    PyObject *given[1];
    if (tdpy_parse(fname, args, nargs, kwnames, length_params, 1, 1, 1, given) < 0)
        return -1;
    Py_ssize_t n = PyNumber_AsSsize_t(given[0], PyExc_OverflowError);
    if (n == -1 && PyErr_Occurred())
        return -1;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "length must be non-negative");
        return -1;
    }
    // The hex text needs twice as many characters.
    if ((size_t)n > SIZE_MAX / 4) {
        PyErr_NoMemory();
        return -1;
    }
    *out = PyMem_Malloc(n > 0 ? (size_t)n : 1);
    if (*out == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *len = (size_t)n;
    td_xof c;
    if (x->lock != NULL)
        tdpy_lock_enter(x->lock);
    c = x->xof;
    if (x->lock != NULL)
        PyThread_release_lock(x->lock);
    int rc;
    if (*len >= 16384) {
        Py_BEGIN_ALLOW_THREADS
        rc = td_xof_squeeze(&c, *out, *len);
        Py_END_ALLOW_THREADS
    } else {
        rc = td_xof_squeeze(&c, *out, *len);
    }
    memset(&c, 0, sizeof c);
    if (rc != TD_OK) {
        PyMem_Free(*out);
        tdpy_status_error(rc);
        return -1;
    }
    return 0;
}

static PyObject *xof_digest(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    uint8_t *out;
    size_t len;
    if (squeeze(self, "digest", args, nargs, kwnames, &out, &len) < 0)
        return NULL;
    PyObject *result = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)len);
    PyMem_Free(out);
    return result;
}

static PyObject *xof_hexdigest(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    static const char digits[] = "0123456789abcdef";
    uint8_t *out;
    size_t len;
    if (squeeze(self, "hexdigest", args, nargs, kwnames, &out, &len) < 0)
        return NULL;
    char *text = PyMem_Malloc(2 * len + 1);
    if (text == NULL) {
        PyMem_Free(out);
        return PyErr_NoMemory();
    }
    for (size_t i = 0; i < len; i++) {
        text[2 * i] = digits[out[i] >> 4];
        text[2 * i + 1] = digits[out[i] & 15];
    }
    PyMem_Free(out);
    PyObject *result = PyUnicode_FromStringAndSize(text, (Py_ssize_t)(2 * len));
    PyMem_Free(text);
    return result;
}

static PyObject *xof_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    XofObject *x = (XofObject *)self;
    XofObject *c = xof_alloc(x->alg);
    if (c == NULL)
        return NULL;
    if (x->lock != NULL)
        tdpy_lock_enter(x->lock);
    c->xof = x->xof;
    if (x->lock != NULL)
        PyThread_release_lock(x->lock);
    return (PyObject *)c;
}

static PyObject *xof_deepcopy(PyObject *self, PyObject *memo)
{
    (void)memo;
    return xof_copy(self, NULL);
}

static PyObject *xof_name(PyObject *self)
{
    return tdpy_xof_names[((XofObject *)self)->alg == TD_SHAKE128 ? 0 : 1];
}

static PyObject *xof_get_name(PyObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(xof_name(self));
}

static PyObject *xof_get_digest_size(PyObject *self, void *closure)
{
    (void)self;
    (void)closure;
    return PyLong_FromLong(0);
}

static PyObject *xof_get_block_size(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(td_block_size(((XofObject *)self)->alg));
}

static PyObject *xof_repr(PyObject *self)
{
    return PyUnicode_FromFormat("<%U turbodigest.SHAKE object @ %p>", xof_name(self), self);
}

static PyMethodDef xof_methods[] = {
    {"update", xof_update, METH_O,
     "update($self, obj, /)\n--\n\nUpdate this hash object's state with the provided bytes-like object."},
    {"digest", (PyCFunction)(void (*)(void))xof_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest($self, /, length)\n--\n\nReturn the digest value as a bytes object."},
    {"hexdigest", (PyCFunction)(void (*)(void))xof_hexdigest, METH_FASTCALL | METH_KEYWORDS,
     "hexdigest($self, /, length)\n--\n\nReturn the digest value as a string of hexadecimal digits."},
    {"copy", xof_copy, METH_NOARGS,
     "copy($self, /)\n--\n\nReturn a copy of the hash object."},
    {"__copy__", xof_copy, METH_NOARGS, NULL},
    {"__deepcopy__", xof_deepcopy, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef xof_getset[] = {
    {"name", xof_get_name, NULL, "hashlib's name of the algorithm: 'shake_128' or 'shake_256'.", NULL},
    {"digest_size", xof_get_digest_size, NULL, "0: the length is digest()'s argument.", NULL},
    {"block_size", xof_get_block_size, NULL, "The sponge's rate in bytes (168, 136).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

#if PY_VERSION_HEX < 0x030A0000
static PyObject *xof_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)type;
    (void)args;
    (void)kwargs;
    PyErr_SetString(PyExc_TypeError, "cannot create 'turbodigest.SHAKE' instances");
    return NULL;
}
#endif

static PyType_Slot xof_slots[] = {
#if PY_VERSION_HEX < 0x030A0000
    {Py_tp_new, xof_tp_new},
#endif
    {Py_tp_dealloc, xof_dealloc},
    {Py_tp_repr, xof_repr},
    {Py_tp_methods, xof_methods},
    {Py_tp_getset, xof_getset},
    {Py_tp_doc, "A SHAKE object, as hashlib's: update(), digest(length),\n"
                "hexdigest(length), copy(). Made by shake_128(), shake_256() and new()."},
    {0, NULL},
};

static PyType_Spec xof_spec = {
    .name = "turbodigest.SHAKE",
    .basicsize = sizeof(XofObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = xof_slots,
};

int tdpy_xof_init(PyObject *module)
{
    xof_type = (PyTypeObject *)PyType_FromSpec(&xof_spec);
    if (xof_type == NULL)
        return -1;
    return PyModule_AddObjectRef(module, "SHAKE", (PyObject *)xof_type);
}

// ---------------------------------------------------------- constructors

static const char *const constructor_params[] = {"data", "usedforsecurity", "string"};

// As hash.c's: data by position, data= or string=; usedforsecurity taken.
static PyObject *construct(td_alg alg, const char *fname, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *given[3];
    if (tdpy_parse(fname, args, nargs, kwnames, constructor_params, 3, 1, 0, given) < 0)
        return NULL;
    PyObject *data = given[0], *string = given[2] == Py_None ? NULL : given[2];
    if (data != NULL && string != NULL) {
        PyErr_Format(PyExc_TypeError, "%s(): 'data' and 'string' are mutually exclusive", fname);
        return NULL;
    }
    if (given[1] != NULL && PyObject_IsTrue(given[1]) < 0)
        return NULL;
    return tdpy_xof_new(alg, data != NULL ? data : string);
}

static PyObject *shake_128(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    (void)module;
    return construct(TD_SHAKE128, "shake_128", args, nargs, kwnames);
}

static PyObject *shake_256(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    (void)module;
    return construct(TD_SHAKE256, "shake_256", args, nargs, kwnames);
}

PyMethodDef tdpy_xof_functions[] = {
    {"shake_128", (PyCFunction)(void (*)(void))shake_128, METH_FASTCALL | METH_KEYWORDS,
     "shake_128($module, /, data=b'', *, usedforsecurity=True, string=None)\n--\n\n"
     "Return a new SHAKE128 object, optionally initialized with data."},
    {"shake_256", (PyCFunction)(void (*)(void))shake_256, METH_FASTCALL | METH_KEYWORDS,
     "shake_256($module, /, data=b'', *, usedforsecurity=True, string=None)\n--\n\n"
     "Return a new SHAKE256 object, optionally initialized with data."},
    {NULL, NULL, 0, NULL},
};
