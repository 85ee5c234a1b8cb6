/*
 * C shim over OpenSSL libcrypto for halfroot-peers: binary-field arithmetic (BN_GF2m_*)
 * and binary-curve ECDH (EVP_PKEY).
 *
 * Field elements cross the boundary as little-endian 64-bit words (bit i of the element =
 * coefficient of x^i); the defining polynomial as OpenSSL's exponent array (descending
 * exponents, ending with 0, then -1). Return codes: 1 = result written, 0 = no result
 * (zero has no inverse, the quadratic has no solution), -2 = library failure.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/x509.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { HR_ADD = 0, HR_MUL = 1, HR_SQR = 2, HR_INV = 3, HR_SQRT = 4, HR_SOLVE = 5 };

static BIGNUM *from_words(const uint64_t *w, size_t n) {
    unsigned char *buf = malloc(n * 8 + 1);
    if (buf == NULL) return NULL;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < 8; j++) buf[8 * i + j] = (unsigned char)(w[i] >> (8 * j));
    BIGNUM *r = BN_lebin2bn(buf, (int)(n * 8), NULL);
    free(buf);
    return r;
}

static int to_words(const BIGNUM *a, uint64_t *w, size_t n) {
    unsigned char *buf = malloc(n * 8 + 1);
    if (buf == NULL) return 0;
    if (BN_bn2lebinpad(a, buf, (int)(n * 8)) < 0) {
        free(buf);
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t x = 0;
        for (size_t j = 0; j < 8; j++) x |= (uint64_t)buf[8 * i + j] << (8 * j);
        w[i] = x;
    }
    free(buf);
    return 1;
}

static int apply(int op, BIGNUM *r, const BIGNUM *a, const BIGNUM *b, const int *p,
                 const BIGNUM *poly, BN_CTX *ctx) {
    switch (op) {
    case HR_ADD: return BN_GF2m_add(r, a, b);
    case HR_MUL: return BN_GF2m_mod_mul_arr(r, a, b, p, ctx);
    case HR_SQR: return BN_GF2m_mod_sqr_arr(r, a, p, ctx);
    case HR_INV: return BN_GF2m_mod_inv(r, a, poly, ctx);
    case HR_SQRT: return BN_GF2m_mod_sqrt_arr(r, a, p, ctx);
    case HR_SOLVE: return BN_GF2m_mod_solve_quad_arr(r, a, p, ctx);
    default: return 0;
    }
}

/* Everything one operation needs, converted once. */
struct gf2m_args {
    BN_CTX *ctx;
    BIGNUM *a, *b, *r, *poly;
};

static void args_free(struct gf2m_args *s) {
    BN_free(s->a);
    BN_free(s->b);
    BN_free(s->r);
    BN_free(s->poly);
    BN_CTX_free(s->ctx);
}

static int args_init(struct gf2m_args *s, const int *p, const uint64_t *a, size_t an,
                     const uint64_t *b, size_t bn) {
    s->ctx = BN_CTX_new();
    s->a = from_words(a, an);
    s->b = from_words(b, bn);
    s->r = BN_new();
    s->poly = BN_new();
    if (s->ctx == NULL || s->a == NULL || s->b == NULL || s->r == NULL || s->poly == NULL ||
        !BN_GF2m_arr2poly(p, s->poly)) {
        args_free(s);
        return 0;
    }
    return 1;
}

int hr_ossl_gf2m_op(int op, const int *p, const uint64_t *a, size_t an, const uint64_t *b,
                    size_t bn, uint64_t *out, size_t outn) {
    struct gf2m_args s;
    if (!args_init(&s, p, a, an, b, bn)) return -2;
    int ret;
    if (apply(op, s.r, s.a, s.b, p, s.poly, s.ctx)) {
        ret = to_words(s.r, out, outn) ? 1 : -2;
    } else {
        ret = (op == HR_INV || op == HR_SOLVE) ? 0 : -2;
        ERR_clear_error();
    }
    args_free(&s);
    return ret;
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Times `iters` calls of the operation on pre-converted BIGNUMs; total ns in *ns. */
int hr_ossl_gf2m_bench(int op, const int *p, const uint64_t *a, size_t an, const uint64_t *b,
                       size_t bn, uint64_t iters, uint64_t *ns) {
    struct gf2m_args s;
    if (!args_init(&s, p, a, an, b, bn)) return -2;
    if (!apply(op, s.r, s.a, s.b, p, s.poly, s.ctx)) {
        ERR_clear_error();
        args_free(&s);
        return 0;
    }
    uint64_t t0 = now_ns();
    for (uint64_t i = 0; i < iters; i++) apply(op, s.r, s.a, s.b, p, s.poly, s.ctx);
    *ns = now_ns() - t0;
    args_free(&s);
    return 1;
}

const char *hr_ossl_version(void) { return OpenSSL_version(OPENSSL_VERSION); }

/* ---- binary-curve ECDH ---- */

/* Builds the key pair (private scalar from hex, public point = scalar * G) on a named
 * curve. Returns NULL on failure (unknown curve, bad scalar). */
static EVP_PKEY *keypair_from_hex(const char *curve, const char *priv_hex) {
    EVP_PKEY *pkey = NULL;
    BIGNUM *d = NULL;
    EC_GROUP *group = NULL;
    EC_POINT *pub = NULL;
    unsigned char *pub_oct = NULL;
    OSSL_PARAM_BLD *bld = NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *kctx = NULL;

    int nid = OBJ_sn2nid(curve);
    if (nid == NID_undef) goto done;
    group = EC_GROUP_new_by_curve_name(nid);
    if (group == NULL) goto done;
    if (BN_hex2bn(&d, priv_hex) != (int)strlen(priv_hex) || d == NULL) goto done;
    if (BN_is_zero(d) || BN_cmp(d, EC_GROUP_get0_order(group)) >= 0) goto done;
    pub = EC_POINT_new(group);
    if (pub == NULL || !EC_POINT_mul(group, pub, d, NULL, NULL, NULL)) goto done;
    size_t pub_len = EC_POINT_point2buf(group, pub, POINT_CONVERSION_UNCOMPRESSED, &pub_oct, NULL);
    if (pub_len == 0) goto done;
    bld = OSSL_PARAM_BLD_new();
    if (bld == NULL ||
        !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, curve, 0) ||
        !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d) ||
        !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub_oct, pub_len))
        goto done;
    params = OSSL_PARAM_BLD_to_param(bld);
    kctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (params == NULL || kctx == NULL || EVP_PKEY_fromdata_init(kctx) <= 0 ||
        EVP_PKEY_fromdata(kctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
done:
    EVP_PKEY_CTX_free(kctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    OPENSSL_free(pub_oct);
    EC_POINT_free(pub);
    EC_GROUP_free(group);
    BN_free(d);
    ERR_clear_error();
    return pkey;
}

/* The public key of `key` as a DER SubjectPublicKeyInfo into out (capacity *len, set to
 * the length written, or needed). Returns 1, -3 if out is too small, -2 on failure. */
static int write_public_der(EVP_PKEY *key, unsigned char *out, size_t *len) {
    int n = i2d_PUBKEY(key, NULL);
    if (n <= 0) return -2;
    if ((size_t)n > *len) {
        *len = (size_t)n;
        return -3;
    }
    unsigned char *q = out;
    if (i2d_PUBKEY(key, &q) != n) return -2;
    *len = (size_t)n;
    return 1;
}

/* DER SubjectPublicKeyInfo of priv * G into out (capacity *len, set to the length
 * written). Returns 1 on success, -1 for a bad curve or scalar, -3 if out is too small. */
int hr_ossl_ec_public_der(const char *curve, const char *priv_hex, unsigned char *out,
                          size_t *len) {
    EVP_PKEY *key = keypair_from_hex(curve, priv_hex);
    if (key == NULL) return -1;
    int ret = write_public_der(key, out, len);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ret;
}

/* ECDH: x-coordinate of priv * peer (big-endian, field-size bytes) into out (capacity
 * *len, set to the length written). Returns 1 on success, -1 for a bad curve or scalar,
 * -4 for a bad or mismatched peer key, -3 if out is too small, -2 on other failures. */
int hr_ossl_ecdh_shared_x(const char *curve, const char *priv_hex, const unsigned char *der,
                          size_t der_len, unsigned char *out, size_t *len) {
    EVP_PKEY *key = keypair_from_hex(curve, priv_hex);
    if (key == NULL) return -1;
    const unsigned char *q = der;
    EVP_PKEY *peer = d2i_PUBKEY(NULL, &q, (long)der_len);
    int ret = -2;
    EVP_PKEY_CTX *ctx = NULL;
    if (peer == NULL || q != der + der_len) {
        ret = -4;
        goto done;
    }
    ctx = EVP_PKEY_CTX_new(key, NULL);
    if (ctx == NULL || EVP_PKEY_derive_init(ctx) <= 0) goto done;
    if (EVP_PKEY_derive_set_peer(ctx, peer) <= 0) {
        ret = -4;
        goto done;
    }
    size_t need = 0;
    if (EVP_PKEY_derive(ctx, NULL, &need) <= 0) goto done;
    if (need > *len) {
        *len = need;
        ret = -3;
        goto done;
    }
    size_t got = *len;
    if (EVP_PKEY_derive(ctx, out, &got) <= 0) goto done;
    *len = got;
    ret = 1;
done:
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ret;
}

/* The private key priv_hex on curve in DER: PKCS#8 PrivateKeyInfo when pkcs8 != 0, else
 * the type-specific RFC 5915 ECPrivateKey (i2d_PrivateKey). Returns 1, -1 for a bad curve
 * or scalar, -3 if out is too small (*len set to the size needed), -2 on other failures. */
int hr_ossl_ec_private_der(const char *curve, const char *priv_hex, int pkcs8,
                           unsigned char *out, size_t *len) {
    EVP_PKEY *key = keypair_from_hex(curve, priv_hex);
    if (key == NULL) return -1;
    int ret = -2;
    PKCS8_PRIV_KEY_INFO *p8 = NULL;
    int n;
    if (pkcs8) {
        p8 = EVP_PKEY2PKCS8(key);
        n = p8 == NULL ? -1 : i2d_PKCS8_PRIV_KEY_INFO(p8, NULL);
    } else {
        n = i2d_PrivateKey(key, NULL);
    }
    if (n > 0 && (size_t)n <= *len) {
        unsigned char *q = out;
        int m = pkcs8 ? i2d_PKCS8_PRIV_KEY_INFO(p8, &q) : i2d_PrivateKey(key, &q);
        if (m == n) {
            *len = (size_t)n;
            ret = 1;
        }
    } else if (n > 0) {
        *len = (size_t)n;
        ret = -3;
    }
    PKCS8_PRIV_KEY_INFO_free(p8);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ret;
}

/* Reads a DER private key (PKCS#8 or traditional, d2i_AutoPrivateKey) and writes its
 * public key as a DER SubjectPublicKeyInfo. Returns 1, -4 if OpenSSL rejects the key,
 * -3 if out is too small, -2 on other failures. */
int hr_ossl_private_der_to_public_der(const unsigned char *der, size_t der_len,
                                      unsigned char *out, size_t *len) {
    const unsigned char *p = der;
    EVP_PKEY *key = d2i_AutoPrivateKey(NULL, &p, (long)der_len);
    if (key == NULL || p != der + der_len) {
        EVP_PKEY_free(key);
        ERR_clear_error();
        return -4;
    }
    int ret = write_public_der(key, out, len);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ret;
}

/* Times `iters` runs of one binary-curve operation with everything prepared outside the
 * loop (keys parsed, contexts built): op 0 EVP_PKEY_derive (ECDH, the peer key set once),
 * op 1 EC_POINT_mul(group, R, NULL, Q, k) for the peer point Q, op 2 EC_POINT_mul(group,
 * R, k, NULL, NULL) (the generator). Total ns in *ns. Returns 1, -1 for a bad curve or
 * scalar, -4 for a bad peer key, -2 on other failures. */
int hr_ossl_ec_bench(const char *curve, const char *priv_hex, const unsigned char *der,
                     size_t der_len, int op, uint64_t iters, uint64_t *ns) {
    EVP_PKEY *key = keypair_from_hex(curve, priv_hex);
    if (key == NULL) return -1;
    const unsigned char *q = der;
    EVP_PKEY *peer = d2i_PUBKEY(NULL, &q, (long)der_len);
    int ret = -2;
    EVP_PKEY_CTX *ctx = NULL;
    EC_GROUP *group = NULL;
    EC_POINT *point = NULL, *r = NULL;
    BIGNUM *k = NULL;
    BN_CTX *bn_ctx = NULL;
    unsigned char *oct = NULL;
    if (peer == NULL || q != der + der_len) {
        ret = -4;
        goto done;
    }
    if (op == 0) {
        unsigned char out[128];
        size_t out_len = sizeof out;
        ctx = EVP_PKEY_CTX_new(key, NULL);
        if (ctx == NULL || EVP_PKEY_derive_init(ctx) <= 0 ||
            EVP_PKEY_derive_set_peer(ctx, peer) <= 0 || EVP_PKEY_derive(ctx, out, &out_len) <= 0)
            goto done;
        uint64_t t0 = now_ns();
        for (uint64_t i = 0; i < iters; i++) {
            out_len = sizeof out;
            EVP_PKEY_derive(ctx, out, &out_len);
        }
        *ns = now_ns() - t0;
        ret = 1;
        goto done;
    }
    group = EC_GROUP_new_by_curve_name(OBJ_sn2nid(curve));
    bn_ctx = BN_CTX_new();
    r = group == NULL ? NULL : EC_POINT_new(group);
    point = group == NULL ? NULL : EC_POINT_new(group);
    size_t oct_len = EVP_PKEY_get1_encoded_public_key(peer, &oct);
    if (group == NULL || bn_ctx == NULL || r == NULL || point == NULL || oct_len == 0 ||
        !EC_POINT_oct2point(group, point, oct, oct_len, bn_ctx) ||
        BN_hex2bn(&k, priv_hex) != (int)strlen(priv_hex))
        goto done;
    uint64_t t0 = now_ns();
    for (uint64_t i = 0; i < iters; i++) {
        if (op == 1)
            EC_POINT_mul(group, r, NULL, point, k, bn_ctx);
        else
            EC_POINT_mul(group, r, k, NULL, NULL, bn_ctx);
    }
    *ns = now_ns() - t0;
    ret = 1;
done:
    OPENSSL_free(oct);
    BN_free(k);
    BN_CTX_free(bn_ctx);
    EC_POINT_free(point);
    EC_POINT_free(r);
    EC_GROUP_free(group);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ret;
}
