/* SPDX-License-Identifier: Apache-2.0
 * The turbodigest Python extension: what its C files share. Written on the
 * library's public API and, by default, on Python's limited API of 3.11
 * (Py_LIMITED_API set by the build): the buffer protocol joined it there.
 */
#ifndef TDPY_H
#define TDPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <turbodigest.h>

// As hashlib: the GIL is released while hashing this many bytes or more.
enum { TDPY_GIL_MINSIZE = 2048 };

// The limited API has functions where the full one has macros.
#ifdef Py_LIMITED_API
#define TDPY_BYTES(o) PyBytes_AsString(o)
#define TDPY_LIST_SET(list, i, item) PyList_SetItem((list), (i), (item))
#else
#define TDPY_BYTES(o) PyBytes_AS_STRING(o)
#define TDPY_LIST_SET(list, i, item) PyList_SET_ITEM((list), (i), (item))
#endif

// The bytes of an exact bytes object (one call in the limited API).
static inline void tdpy_bytes_data(PyObject *o, const void **data, size_t *len)
{
#ifdef Py_LIMITED_API
    char *p;
    Py_ssize_t n;
    (void)PyBytes_AsStringAndSize(o, &p, &n);
    *data = p;
    *len = (size_t)n;
#else
    *data = PyBytes_AS_STRING(o);
    *len = (size_t)PyBytes_GET_SIZE(o);
#endif
}

// Full-API builds for Python 3.8 to 3.10 (the limited one needs 3.11).
#if PY_VERSION_HEX < 0x030A0000
#define Py_TPFLAGS_IMMUTABLETYPE 0
#define Py_TPFLAGS_DISALLOW_INSTANTIATION 0
static inline PyObject *tdpy_new_ref(PyObject *o)
{
    Py_INCREF(o);
    return o;
}
#define Py_NewRef(o) tdpy_new_ref((PyObject *)(o))
static inline int tdpy_add_object_ref(PyObject *m, const char *name, PyObject *o)
{
    Py_INCREF(o);
    if (PyModule_AddObject(m, name, o) < 0) {
        Py_DECREF(o);
        return -1;
    }
    return 0;
}
#define PyModule_AddObjectRef tdpy_add_object_ref
#endif
#if PY_VERSION_HEX < 0x030B0000
#define PyType_GetName(t) PyObject_GetAttrString((PyObject *)(t), "__name__")
#endif

// hashlib's names ("sha512_224"), as str objects made once.
extern PyObject *tdpy_names[TD_ALG_COUNT];

// hashlib's names of SHAKE128 and SHAKE256 ("shake_128"), made once.
extern PyObject *tdpy_xof_names[2];

// A name as hashlib's new() takes it: TypeError "name must be a string" for
// anything but a str, ValueError "unsupported hash type X" for an unknown one.
// tdpy_alg_from_name takes the fixed-output algorithms only (SHAKE's names
// are unsupported there); tdpy_any_alg_from_name SHAKE's too (new()).
int tdpy_alg_from_name(PyObject *name, td_alg *alg);
int tdpy_any_alg_from_name(PyObject *name, td_alg *alg);

// A digestmod as hmac takes it: a name, a constructor (called without
// arguments, its object's name read) or a module with new().
int tdpy_alg_from_digestmod(PyObject *digestmod, td_alg *alg);

// Data to hash, with hashlib's checks and messages: str is "Strings must be
// encoded before hashing", a non-buffer "object supporting the buffer API
// required"; the exporter refuses what is not C-contiguous.
int tdpy_get_data(PyObject *obj, Py_buffer *view);

// A bytes-like argument as Argument Clinic's Py_buffer takes it (hmac.digest,
// pbkdf2_hmac): "a bytes-like object is required, not 'str'".
int tdpy_get_bytes_like(PyObject *obj, Py_buffer *view, const char *fname, const char *argname);

// type(obj).__name__ (the limited API hides tp_name); NULL on error.
PyObject *tdpy_type_name(PyObject *obj);

// Raises the exception for a td_status; returns NULL.
PyObject *tdpy_status_error(int status);

// Keyword parsing for METH_FASTCALL | METH_KEYWORDS functions, with
// Argument Clinic's messages. names[i] names parameter i; the first npos may
// be given by position, the first nrequired must be given. out[i] is a
// borrowed reference or NULL.
int tdpy_parse(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
               const char *const *names, int nparams, int npos, int nrequired, PyObject **out);

PyObject *tdpy_hex(const uint8_t *bytes, size_t len);

// The objects' lock, as hashlib's: made at the first update of
// TDPY_GIL_MINSIZE bytes or more, then taken for every use of the object.
void tdpy_lock_enter(PyThread_type_lock lock);

// The types and the functions of the other files, for the module's tables.
int tdpy_hash_init(PyObject *module);
int tdpy_xof_init(PyObject *module);
// new() for SHAKE (xof.c): a shake object over data (NULL: none).
PyObject *tdpy_xof_new(td_alg alg, PyObject *data);
int tdpy_hmac_init(PyObject *module);
extern PyMethodDef tdpy_hash_functions[];
extern PyMethodDef tdpy_xof_functions[];
extern PyMethodDef tdpy_hmac_functions[];
extern PyMethodDef tdpy_many_functions[];
extern PyMethodDef tdpy_files_functions[];
extern PyMethodDef tdpy_kdf_functions[];
extern PyMethodDef tdpy_info_functions[];

#endif
