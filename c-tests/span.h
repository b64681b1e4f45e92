/*
 * span.h: what a struct uri_span from uri_split says, for the C test programs: present
 * with exactly some bytes, absent (NULL pointer), or present and empty (RFC 3986's
 * distinction between an undefined and an empty component, cri.h "Splitting").
 */
#ifndef CRI_TEST_SPAN_H
#define CRI_TEST_SPAN_H

#include <string.h>

#include "cri.h"

/* A present component whose bytes are exactly `text`. */
static inline int span_is(struct uri_span s, const char *text)
{
    return s.ptr != NULL && s.len == strlen(text) && memcmp(s.ptr, text, s.len) == 0;
}

static inline int absent(struct uri_span s)
{
    return s.ptr == NULL;
}

static inline int present_empty(struct uri_span s)
{
    return s.ptr != NULL && s.len == 0;
}

#endif
