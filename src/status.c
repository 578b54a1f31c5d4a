// SPDX-License-Identifier: Apache-2.0
// Status codes as text, and the version.

#include "td_internal.h"

const char *td_strerror(int status)
{
    switch (status) {
    case TD_OK:              return "success";
    case TD_ERR_ARG:         return "invalid argument";
    case TD_ERR_UNSUPPORTED: return "backend not built in or not usable on this CPU";
    case TD_ERR_STATE:       return "context not initialised or already finished";
    case TD_ERR_LENGTH:      return "message longer than the algorithm allows";
    default:                 return "unknown status code";
    }
}

const char *td_version(void)
{
    return TD_VERSION_STRING;
}
