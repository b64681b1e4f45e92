/* c-tests/test_aeabi.c: the Arm run-time ABI memory helpers of libcri.a (src/aeabi.rs),
 * run on target (cmake/target.cmake). The firmware archive leaves memcpy, memmove and
 * memset to the C library (cmake/libc_mem.cmake) and forwards __aeabi_memcpy, _memmove,
 * _memset and _memclr (and their 4- and 8-byte forms) to them. This program defines
 * memcpy, memmove and memset itself, so the C library's copies, and the __aeabi_* helpers
 * some C libraries define beside them, stay out of the image and libcri's shims run: each
 * helper must give the C function's result and reach the C function, with the helpers'
 * own argument order (__aeabi_memset(dest, n, c), __aeabi_memclr(dest, n)). A libcri
 * call at the end checks that the library's own copies work through them. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cri.h"

void __aeabi_memcpy(void *dest, const void *src, size_t n);
void __aeabi_memcpy4(void *dest, const void *src, size_t n);
void __aeabi_memcpy8(void *dest, const void *src, size_t n);
void __aeabi_memmove(void *dest, const void *src, size_t n);
void __aeabi_memmove4(void *dest, const void *src, size_t n);
void __aeabi_memmove8(void *dest, const void *src, size_t n);
void __aeabi_memset(void *dest, size_t n, int c);
void __aeabi_memset4(void *dest, size_t n, int c);
void __aeabi_memset8(void *dest, size_t n, int c);
void __aeabi_memclr(void *dest, size_t n);
void __aeabi_memclr4(void *dest, size_t n);
void __aeabi_memclr8(void *dest, size_t n);

static unsigned calls_memcpy, calls_memmove, calls_memset;

/* Byte loops through volatile pointers: the compiler cannot turn them back into calls of
 * the functions they define. */
void *memcpy(void *restrict dest, const void *restrict src, size_t n) {
  volatile unsigned char *d = dest;
  const volatile unsigned char *s = src;
  calls_memcpy++;
  for (size_t i = 0; i < n; i++) d[i] = s[i];
  return dest;
}

void *memmove(void *dest, const void *src, size_t n) {
  volatile unsigned char *d = dest;
  const volatile unsigned char *s = src;
  calls_memmove++;
  if (d < s) {
    for (size_t i = 0; i < n; i++) d[i] = s[i];
  } else {
    for (size_t i = n; i > 0; i--) d[i - 1] = s[i - 1];
  }
  return dest;
}

void *memset(void *dest, int c, size_t n) {
  volatile unsigned char *d = dest;
  calls_memset++;
  for (size_t i = 0; i < n; i++) d[i] = (unsigned char)c;
  return dest;
}

static int passed, failed;

static void check(int ok, const char *what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    printf("FAIL: %s\n", what);
  }
}

/* buf[0..len) must be `want` everywhere in [from, from + n) and `fill` elsewhere. */
static int filled(const unsigned char *buf, int len, int from, int n, int want, int fill) {
  for (int i = 0; i < len; i++) {
    int inside = i >= from && i < from + n;
    if (buf[i] != (inside ? want : fill)) return 0;
  }
  return 1;
}

typedef void (*copy_fn)(void *, const void *, size_t);
typedef void (*set_fn)(void *, size_t, int);
typedef void (*clr_fn)(void *, size_t);

static _Alignas(8) unsigned char buf[64];
static _Alignas(8) unsigned char src[64];

static void test_copies(void) {
  static const copy_fn copies[] = {__aeabi_memcpy, __aeabi_memcpy4, __aeabi_memcpy8};
  static const copy_fn moves[] = {__aeabi_memmove, __aeabi_memmove4, __aeabi_memmove8};
  for (int i = 0; i < 64; i++) src[i] = (unsigned char)(i + 1);
  for (int k = 0; k < 3; k++) {
    unsigned before = calls_memcpy;
    memset(buf, 0xEE, sizeof buf);
    copies[k](buf + 8, src, 24);
    check(calls_memcpy == before + 1, "__aeabi_memcpy* calls memcpy");
    int ok = buf[7] == 0xEE && buf[32] == 0xEE;
    for (int i = 0; i < 24; i++) ok &= buf[8 + i] == src[i];
    check(ok, "__aeabi_memcpy* copies n bytes to dest");

    before = calls_memmove;
    for (int i = 0; i < 64; i++) buf[i] = (unsigned char)i;
    moves[k](buf + 8, buf, 32); /* overlapping, forwards */
    check(calls_memmove == before + 1, "__aeabi_memmove* calls memmove");
    ok = 1;
    for (int i = 0; i < 32; i++) ok &= buf[8 + i] == i;
    check(ok, "__aeabi_memmove* copies overlapping bytes");
  }
}

static void test_sets(void) {
  static const set_fn sets[] = {__aeabi_memset, __aeabi_memset4, __aeabi_memset8};
  static const clr_fn clears[] = {__aeabi_memclr, __aeabi_memclr4, __aeabi_memclr8};
  for (int k = 0; k < 3; k++) {
    memset(buf, 0x11, sizeof buf);
    unsigned before = calls_memset;
    sets[k](buf + 8, 40, 0xA5); /* (dest, n, c): n before c */
    check(calls_memset == before + 1, "__aeabi_memset* calls memset");
    check(filled(buf, 64, 8, 40, 0xA5, 0x11), "__aeabi_memset* sets n bytes to c");

    memset(buf, 0x22, sizeof buf);
    before = calls_memset;
    clears[k](buf + 16, 24);
    check(calls_memset == before + 1, "__aeabi_memclr* calls memset");
    check(filled(buf, 64, 16, 24, 0, 0x22), "__aeabi_memclr* zeroes n bytes");
  }
}

/* RFC 3986 §5.4.1: libcri's own struct copies go through the helpers. */
static void test_library(void) {
  static const char base[] = "http://a/b/c/d;p?q";
  static const char ref[] = "../g?y#s";
  char out[64];
  size_t len = 0;
  cri_status st =
      uri_resolve(base, sizeof base - 1, ref, sizeof ref - 1, out, sizeof out, &len, NULL);
  check(st == CRI_OK && len == 16 && strcmp(out, "http://a/b/g?y#s") == 0,
        "uri_resolve through the helpers");
}

int main(void) {
  test_copies();
  test_sets();
  test_library();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
