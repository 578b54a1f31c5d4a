/* SPDX-License-Identifier: Apache-2.0
 * Key derivation: hkdf (RFC 5869, td_hkdf).
 */
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

PyMethodDef tdpy_kdf_functions[] = {
    {"hkdf", (PyCFunction)(void (*)(void))hkdf, METH_FASTCALL | METH_KEYWORDS,
     "hkdf($module, /, hash_name, ikm, *, length, salt=b'', info=b'')\n--\n\n"
     "HKDF (RFC 5869), extract then expand: length bytes of key material from\n"
     "the input key material ikm. length is at most 255 digests; salt and info\n"
     "are optional (None is empty)."},
    {NULL, NULL, 0, NULL},
};
