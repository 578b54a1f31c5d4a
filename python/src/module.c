/* SPDX-License-Identifier: Apache-2.0
 * The module turbodigest._turbodigest: its init, and the argument helpers
 * that every other file uses (names, buffers, keywords, errors).
 */
#include <string.h>

#include "tdpy.h"

PyObject *tdpy_names[TD_ALG_COUNT];

// hashlib's spelling of each algorithm's name: "_" where the library has "-".
static const char *const hashlib_names[TD_ALG_COUNT] = {
    "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256",
    "sha3_224", "sha3_256", "sha3_384", "sha3_512",
};

PyObject *tdpy_xof_names[2];

int tdpy_any_alg_from_name(PyObject *name, td_alg *alg)
{
    if (!PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "name must be a string");
        return -1;
    }
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(name, &len);
    if (text == NULL) {
        // Lone surrogates: no algorithm has them, so the same error as any
        // unknown name.
        PyErr_Clear();
    } else if ((size_t)len == strlen(text) && td_alg_from_name(text, alg) == TD_OK) {
        return 0;
    }
    PyErr_Format(PyExc_ValueError, "unsupported hash type %U", name);
    return -1;
}

int tdpy_alg_from_name(PyObject *name, td_alg *alg)
{
    if (tdpy_any_alg_from_name(name, alg) < 0)
        return -1;
    if ((int)*alg >= TD_ALG_COUNT) {
        // SHAKE: no fixed digest, so no HMAC, KDF or many messages over it
        // (hashlib's HMAC and pbkdf2_hmac refuse it with ValueError too).
        PyErr_Format(PyExc_ValueError, "unsupported hash type %U", name);
        return -1;
    }
    return 0;
}

// Interned: attribute names made afresh on each call would each take a
// slot of the interpreter's type attribute cache.
static PyObject *str_name, *str_new;

// The name of a hash object as hashlib and PEP 247 give it.
static int alg_from_hash_object(PyObject *obj, td_alg *alg)
{
    if (obj == NULL)
        return -1;
    PyObject *name = PyObject_GetAttr(obj, str_name);
    Py_DECREF(obj);
    if (name == NULL)
        return -1;
    int rc = tdpy_alg_from_name(name, alg);
    Py_DECREF(name);
    return rc;
}

int tdpy_alg_from_digestmod(PyObject *digestmod, td_alg *alg)
{
    if (PyUnicode_Check(digestmod))
        return tdpy_alg_from_name(digestmod, alg);
    // hmac calls a constructor, or a module's new(), without arguments to
    // get its hash objects; their name says which algorithm it is.
    if (PyCallable_Check(digestmod))
        return alg_from_hash_object(PyObject_CallObject(digestmod, NULL), alg);
    PyObject *new = PyObject_GetAttr(digestmod, str_new);
    if (new == NULL)
        return -1;
    PyObject *obj = PyObject_CallObject(new, NULL);
    Py_DECREF(new);
    return alg_from_hash_object(obj, alg);
}

int tdpy_get_data(PyObject *obj, Py_buffer *view)
{
    if (PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_SetString(PyExc_TypeError, "object supporting the buffer API required");
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0)
        return -1;
    // PyBUF_SIMPLE asks for the bytes in one run: an exporter that hands out
    // something else anyway would be hashed wrongly, so refuse it.
    if (!PyBuffer_IsContiguous(view, 'C')) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_BufferError, "buffer is not C-contiguous");
        return -1;
    }
    return 0;
}

int tdpy_get_bytes_like(PyObject *obj, Py_buffer *view, const char *fname, const char *argname)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0)
        return -1;
    if (!PyBuffer_IsContiguous(view, 'C')) {
        PyBuffer_Release(view);
        PyObject *type_name = tdpy_type_name(obj);
        if (type_name != NULL) {
            PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be contiguous buffer, not %U",
                         fname, argname, type_name);
            Py_DECREF(type_name);
        }
        return -1;
    }
    return 0;
}

PyObject *tdpy_type_name(PyObject *obj)
{
    return PyType_GetName(Py_TYPE(obj));
}

PyObject *tdpy_status_error(int status)
{
    PyObject *type = status == TD_ERR_LENGTH ? PyExc_OverflowError
                   : status == TD_ERR_ARG    ? PyExc_ValueError
                                             : PyExc_RuntimeError;
    PyErr_SetString(type, td_strerror(status));
    return NULL;
}

int tdpy_parse(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
               const char *const *names, int nparams, int npos, int nrequired, PyObject **out)
{
    if (nargs > npos) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional argument%s (%zd given)",
                     fname, npos, npos == 1 ? "" : "s", nargs);
        return -1;
    }
    for (int i = 0; i < nparams; i++)
        out[i] = i < nargs ? args[i] : NULL;
    Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GetItem(kwnames, k);
        int i = 0;
        while (i < nparams && PyUnicode_CompareWithASCIIString(key, names[i]) != 0)
            i++;
        if (i == nparams) {
            PyErr_Format(PyExc_TypeError, "'%U' is an invalid keyword argument for %s()", key, fname);
            return -1;
        }
        if (out[i] != NULL) {
            PyErr_Format(PyExc_TypeError, "argument for %s() given by name ('%s') and position (%d)",
                         fname, names[i], i + 1);
            return -1;
        }
        out[i] = args[nargs + k];
    }
    for (int i = 0; i < nrequired; i++) {
        if (out[i] == NULL) {
            if (i < npos)
                PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %d)",
                             fname, names[i], i + 1);
            else
                PyErr_Format(PyExc_TypeError, "%s() missing required keyword-only argument '%s'",
                             fname, names[i]);
            return -1;
        }
    }
    return 0;
}

PyObject *tdpy_hex(const uint8_t *bytes, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    char text[2 * TD_MAX_DIGEST_SIZE];
    for (size_t i = 0; i < len; i++) {
        text[2 * i] = digits[bytes[i] >> 4];
        text[2 * i + 1] = digits[bytes[i] & 15];
    }
    return PyUnicode_FromStringAndSize(text, (Py_ssize_t)(2 * len));
}

void tdpy_lock_enter(PyThread_type_lock lock)
{
    if (!PyThread_acquire_lock(lock, 0)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(lock, 1);
        Py_END_ALLOW_THREADS
    }
}

// ------------------------------------------------------------------- init

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "turbodigest._turbodigest",
    .m_doc = "The C core of turbodigest: hashlib's MD5, SHA-1, SHA-2 and SHA-3 on the "
             "fastest backend for this CPU, and many messages or files at once.",
    .m_size = -1,
};

static int add_names(PyObject *module)
{
    str_name = PyUnicode_InternFromString("name");
    str_new = PyUnicode_InternFromString("new");
    PyObject *available = PySet_New(NULL);
    if (str_name == NULL || str_new == NULL || available == NULL) {
        Py_XDECREF(available);
        return -1;
    }
    for (int a = 0; a < TD_ALG_COUNT; a++) {
        tdpy_names[a] = PyUnicode_InternFromString(hashlib_names[a]);
        if (tdpy_names[a] == NULL || PySet_Add(available, tdpy_names[a]) < 0) {
            Py_DECREF(available);
            return -1;
        }
    }
    tdpy_xof_names[0] = PyUnicode_InternFromString("shake_128");
    tdpy_xof_names[1] = PyUnicode_InternFromString("shake_256");
    if (tdpy_xof_names[0] == NULL || tdpy_xof_names[1] == NULL
        || PySet_Add(available, tdpy_xof_names[0]) < 0
        || PySet_Add(available, tdpy_xof_names[1]) < 0) {
        Py_DECREF(available);
        return -1;
    }
    // Every algorithm is built in everywhere, so both sets are the same.
    PyObject *guaranteed = PySet_New(available);
    int rc = guaranteed == NULL ? -1
           : PyModule_AddObjectRef(module, "algorithms_available", available) < 0 ? -1
           : PyModule_AddObjectRef(module, "algorithms_guaranteed", guaranteed);
    Py_DECREF(available);
    Py_XDECREF(guaranteed);
    return rc;
}

PyMODINIT_FUNC PyInit__turbodigest(void)
{
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    PyMethodDef *tables[] = {
        tdpy_hash_functions, tdpy_xof_functions, tdpy_hmac_functions, tdpy_many_functions,
        tdpy_files_functions, tdpy_kdf_functions, tdpy_info_functions,
    };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        if (PyModule_AddFunctions(module, tables[i]) < 0)
            goto fail;
    }
    if (add_names(module) < 0
        || PyModule_AddStringConstant(module, "__version__", td_version()) < 0
        || tdpy_hash_init(module) < 0
        || tdpy_xof_init(module) < 0
        || tdpy_hmac_init(module) < 0)
        goto fail;
    return module;
fail:
    Py_DECREF(module);
    return NULL;
}
