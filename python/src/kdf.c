/* SPDX-License-Identifier: Apache-2.0
 * Key derivation: hkdf (RFC 5869, td_hkdf) and pbkdf2_hmac (RFC 8018, as
 * hashlib's, td_pbkdf2_hmac).
 */
#include <limits.h>

#include "tdpy.h"

static const char *const hkdf_params[] = {"hash_name", "ikm", "length", "salt", "info"};

static PyObject *hkdf(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    PyObject *given[5];
    td_alg alg;
    if (tdpy_parse("hkdf", args, nargs, kwnames, hkdf_params, 5, 2, 3, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0)
        return NULL;
    Py_ssize_t length = PyLong_AsSsize_t(given[2]);
    if (length == -1 && PyErr_Occurred())
        return NULL;
    const size_t max = 255 * td_digest_size(alg);
    if (length < 0 || (size_t)length > max) {
        PyErr_Format(PyExc_ValueError, "length must be from 0 to %zu for %U (255 digests)",
                     max, tdpy_names[alg]);
        return NULL;
    }
    Py_buffer views[3] = {{0}};
    static const char *const names[3] = {"ikm", "salt", "info"};
    PyObject *objs[3] = {given[1], given[3], given[4]};
    PyObject *result = NULL;
    for (int i = 0; i < 3; i++) {
        if (objs[i] != NULL && objs[i] != Py_None
            && tdpy_get_bytes_like(objs[i], &views[i], "hkdf", names[i]) < 0)
            goto done;
    }
    result = PyBytes_FromStringAndSize(NULL, length);
    if (result == NULL)
        goto done;
    int rc = td_hkdf(alg, views[1].buf, (size_t)views[1].len, views[0].buf, (size_t)views[0].len,
                     views[2].buf, (size_t)views[2].len, TDPY_BYTES(result), (size_t)length);
    if (rc != TD_OK) {
        Py_CLEAR(result);
        tdpy_status_error(rc);
    }
done:
    for (int i = 0; i < 3; i++) {
        if (views[i].obj != NULL)
            PyBuffer_Release(&views[i]);
    }
    return result;
}

static const char *const pbkdf2_params[] = {"hash_name", "password", "salt", "iterations",
                                            "dklen"};

// hashlib's checks, messages and limits (OpenSSL takes int lengths and
// counts there), in its order.
static PyObject *pbkdf2_hmac(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    (void)module;
    PyObject *given[5];
    td_alg alg;
    if (tdpy_parse("pbkdf2_hmac", args, nargs, kwnames, pbkdf2_params, 5, 5, 4, given) < 0)
        return NULL;
    if (!PyUnicode_Check(given[0])) {
        PyObject *type_name = tdpy_type_name(given[0]);
        if (type_name != NULL) {
            PyErr_Format(PyExc_TypeError, "pbkdf2_hmac() argument 'hash_name' must be str, not %U",
                         type_name);
            Py_DECREF(type_name);
        }
        return NULL;
    }
    Py_buffer password, salt;
    if (tdpy_get_bytes_like(given[1], &password, "pbkdf2_hmac", "password") < 0)
        return NULL;
    if (tdpy_get_bytes_like(given[2], &salt, "pbkdf2_hmac", "salt") < 0) {
        PyBuffer_Release(&password);
        return NULL;
    }
    PyObject *result = NULL;
    long iterations = PyLong_AsLong(given[3]), dklen;
    if ((iterations == -1 && PyErr_Occurred()) || tdpy_alg_from_name(given[0], &alg) < 0)
        goto done;
    if (password.len > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "password is too long.");
        goto done;
    }
    if (salt.len > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "salt is too long.");
        goto done;
    }
    if (iterations < 1) {
        PyErr_SetString(PyExc_ValueError, "iteration value must be greater than 0.");
        goto done;
    }
    if (iterations > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "iteration value is too great.");
        goto done;
    }
    if (given[4] == NULL || given[4] == Py_None) {
        dklen = (long)td_digest_size(alg);
    } else {
        dklen = PyLong_AsLong(given[4]);
        if (dklen == -1 && PyErr_Occurred())
            goto done;
    }
    if (dklen < 1) {
        PyErr_SetString(PyExc_ValueError, "key length must be greater than 0.");
        goto done;
    }
    if (dklen > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "key length is too great.");
        goto done;
    }
    result = PyBytes_FromStringAndSize(NULL, dklen);
    if (result == NULL)
        goto done;
    char *out = TDPY_BYTES(result);
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = td_pbkdf2_hmac(alg, password.buf, (size_t)password.len, salt.buf, (size_t)salt.len,
                        (uint64_t)iterations, out, (size_t)dklen);
    Py_END_ALLOW_THREADS
    if (rc != TD_OK) {
        Py_CLEAR(result);
        tdpy_status_error(rc);
    }
done:
    PyBuffer_Release(&password);
    PyBuffer_Release(&salt);
    return result;
}

PyMethodDef tdpy_kdf_functions[] = {
    {"pbkdf2_hmac", (PyCFunction)(void (*)(void))pbkdf2_hmac, METH_FASTCALL | METH_KEYWORDS,
     "pbkdf2_hmac($module, /, hash_name, password, salt, iterations, dklen=None)\n--\n\n"
     "PBKDF2 (RFC 8018) with HMAC over hash_name, as hashlib.pbkdf2_hmac: dklen\n"
     "bytes (the digest size by default) of key derived from password and salt\n"
     "in iterations rounds. The GIL is released while it runs."},
    {"hkdf", (PyCFunction)(void (*)(void))hkdf, METH_FASTCALL | METH_KEYWORDS,
     "hkdf($module, /, hash_name, ikm, *, length, salt=b'', info=b'')\n--\n\n"
     "HKDF (RFC 5869), extract then expand: length bytes of key material from\n"
     "the input key material ikm. length is at most 255 digests; salt and info\n"
     "are optional (None is empty)."},
    {NULL, NULL, 0, NULL},
};
