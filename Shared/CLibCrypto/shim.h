/*
 * shim.h: the three digests rss-serve computes, from the system's OpenSSL (libcrypto), through its EVP and
 * one-shot HMAC calls, which OpenSSL 3 keeps (the MD5() and SHA256() shortcuts are deprecated there).
 */
#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H

#include <stddef.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

/* MD5 of `count` bytes at `data` into `out` (16 bytes); 1 on success. */
static inline int clibcrypto_md5(const void *data, size_t count, unsigned char *out) {
    return EVP_Digest(data, count, out, NULL, EVP_md5(), NULL);
}

/* SHA-256 of `count` bytes at `data` into `out` (32 bytes); 1 on success. */
static inline int clibcrypto_sha256(const void *data, size_t count, unsigned char *out) {
    return EVP_Digest(data, count, out, NULL, EVP_sha256(), NULL);
}

/* HMAC-SHA256 of `count` bytes at `data` under `key` into `out` (32 bytes); 1 on success. */
static inline int clibcrypto_hmac_sha256(const void *key, int key_length, const void *data, size_t count,
                                         unsigned char *out) {
    return HMAC(EVP_sha256(), key, key_length, data, count, out, NULL) != NULL;
}

#endif
