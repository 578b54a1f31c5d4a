/* SPDX-License-Identifier: Apache-2.0
 * The library's backends and CPU detection, as Python sees them: backends,
 * backend, use_backend, cpu_features, selftest.
 */
#include "tdpy.h"

#include <string.h>

// "single" or "many" ("multi" too, the library's word); NULL: default.
static int path_from_object(PyObject *obj, td_path def, td_path *path)
{
    if (obj == NULL || obj == Py_None) {
        *path = def;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        if (PyUnicode_CompareWithASCIIString(obj, "single") == 0) {
            *path = TD_SINGLE;
            return 0;
        }
        if (PyUnicode_CompareWithASCIIString(obj, "many") == 0
            || PyUnicode_CompareWithASCIIString(obj, "multi") == 0) {
            *path = TD_MULTI;
            return 0;
        }
    }
    PyErr_Format(PyExc_ValueError, "path must be 'single' or 'many', not %R", obj);
    return -1;
}

static const char *const name_path_params[] = {"name", "path"};

static PyObject *backends(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    (void)module;
    PyObject *given[2];
    td_alg alg;
    td_path path;
    if (tdpy_parse("backends", args, nargs, kwnames, name_path_params, 2, 2, 1, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0
        || path_from_object(given[1], TD_SINGLE, &path) < 0)
        return NULL;
    const char *names[64];
    size_t n = td_backends(alg, path, names, 64);
    if (n > 64)
        n = 64;
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list != NULL && i < n; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (s == NULL)
            Py_CLEAR(list);
        else
            PyList_SetItem(list, (Py_ssize_t)i, s);
    }
    return list;
}

static PyObject *backend(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    (void)module;
    PyObject *given[2];
    td_alg alg;
    td_path path;
    if (tdpy_parse("backend", args, nargs, kwnames, name_path_params, 2, 2, 1, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0
        || path_from_object(given[1], TD_SINGLE, &path) < 0)
        return NULL;
    return PyUnicode_FromString(td_backend(alg, path));
}

static const char *const use_params[] = {"name", "backend", "path"};

static PyObject *use_backend(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    (void)module;
    PyObject *given[3];
    td_alg alg;
    if (tdpy_parse("use_backend", args, nargs, kwnames, use_params, 3, 3, 2, given) < 0
        || tdpy_alg_from_name(given[0], &alg) < 0)
        return NULL;
    const int both = given[2] == NULL || given[2] == Py_None;
    td_path path = TD_SINGLE;
    if (!both && path_from_object(given[2], TD_SINGLE, &path) < 0)
        return NULL;
    const char *name = NULL;
    if (given[1] != Py_None) {
        if (!PyUnicode_Check(given[1])) {
            PyErr_SetString(PyExc_TypeError, "backend must be a string or None");
            return NULL;
        }
        Py_ssize_t len;
        name = PyUnicode_AsUTF8AndSize(given[1], &len);
        if (name == NULL)
            return NULL;
        if ((size_t)len != strlen(name)) {
            PyErr_SetString(PyExc_ValueError, "embedded null character in backend name");
            return NULL;
        }
    }
    // Without a path, as TURBODIGEST_BACKEND: each path that has the name.
    int pinned = 0;
    for (int p = TD_SINGLE; p <= TD_MULTI; p++) {
        if (both || p == (int)path)
            pinned += td_use_backend(alg, (td_path)p, name) == TD_OK;
    }
    if (pinned == 0) {
        PyErr_Format(PyExc_ValueError, "backend %R is not built in or not usable on this CPU "
                     "for %U", given[1], tdpy_names[alg]);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *cpu_features(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyUnicode_FromString(td_cpu_features());
}

static PyObject *selftest(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = td_selftest();
    Py_END_ALLOW_THREADS
    return PyBool_FromLong(rc == TD_OK);
}

PyMethodDef tdpy_info_functions[] = {
    {"backends", (PyCFunction)(void (*)(void))backends, METH_FASTCALL | METH_KEYWORDS,
     "backends($module, /, name, path='single')\n--\n\n"
     "The backends of an algorithm built in and usable on this CPU, best\n"
     "first: for one message at a time (path='single') or for many at once\n"
     "(path='many': hash_many, hash_many_fixed, hash_files)."},
    {"backend", (PyCFunction)(void (*)(void))backend, METH_FASTCALL | METH_KEYWORDS,
     "backend($module, /, name, path='single')\n--\n\n"
     "The backend in use for an algorithm on a path: pinned, named in\n"
     "TURBODIGEST_BACKEND, or the library's choice."},
    {"use_backend", (PyCFunction)(void (*)(void))use_backend, METH_FASTCALL | METH_KEYWORDS,
     "use_backend($module, /, name, backend, path=None)\n--\n\n"
     "Pins a backend by name for every path that has it (or only the given\n"
     "path); None restores the automatic choice. ValueError where it is not\n"
     "usable. For tests and benchmarks: it applies to the whole process."},
    {"cpu_features", cpu_features, METH_NOARGS,
     "cpu_features($module, /)\n--\n\n"
     "The CPU features detected, then the performance traits the automatic\n"
     "choice weighs, e.g. 'sse2 ssse3 ... sha-ni slow-zmm'."},
    {"selftest", selftest, METH_NOARGS,
     "selftest($module, /)\n--\n\n"
     "Known-answer test of every backend usable here, on both paths: True\n"
     "when every one is right."},
    {NULL, NULL, 0, NULL},
};
