/*
 * C shim over FLINT for halfroot-peers: fmpz_sqrtmod, and multiplication in
 * F_q[X]/(X^k - alpha) with fq_mul on a context built by fq_ctx_init_modulus.
 *
 * Integers cross the boundary as little-endian 64-bit words; a polynomial as k
 * coefficients of w words each (coefficient i at words [i*w, (i+1)*w)). Return codes:
 * 1 = result written, 0 = no result (a is a non-residue), -1 = modulus not an odd prime
 * (or k < 1).
 */
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpz_mod.h>
#include <flint/fmpz_mod_poly.h>
#include <flint/fmpz_poly.h>
#include <flint/fq.h>
#include <stdint.h>
#include <time.h>

static void import_words(fmpz_t z, const uint64_t *w, size_t n) {
    if (n == 0)
        fmpz_zero(z);
    else
        fmpz_set_ui_array(z, (const ulong *)w, (slong)n);
}

static void export_words(uint64_t *out, size_t outn, const fmpz_t z) {
    for (size_t i = 0; i < outn; i++) out[i] = 0;
    if (outn > 0 && fmpz_sgn(z) >= 0 && fmpz_bits(z) <= 64 * outn)
        fmpz_get_ui_array((ulong *)out, (slong)outn, z);
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int odd_prime(const fmpz_t p) {
    return fmpz_cmp_ui(p, 3) >= 0 && fmpz_is_odd(p) && fmpz_is_probabprime(p);
}

/* Square root of a mod p into out (outn words). */
int hr_flint_sqrtmod(const uint64_t *a, size_t an, const uint64_t *p, size_t pn, uint64_t *out,
                     size_t outn) {
    fmpz_t za, zp, r;
    fmpz_init(za);
    fmpz_init(zp);
    fmpz_init(r);
    import_words(za, a, an);
    import_words(zp, p, pn);
    int ret = -1;
    if (odd_prime(zp)) {
        fmpz_mod(za, za, zp);
        ret = fmpz_sqrtmod(r, za, zp) ? 1 : 0;
        if (ret == 1) export_words(out, outn, r);
    }
    fmpz_clear(za);
    fmpz_clear(zp);
    fmpz_clear(r);
    return ret;
}

int hr_flint_sqrtmod_bench(const uint64_t *a, size_t an, const uint64_t *p, size_t pn,
                           uint64_t iters, uint64_t *ns) {
    fmpz_t za, zp, r;
    fmpz_init(za);
    fmpz_init(zp);
    fmpz_init(r);
    import_words(za, a, an);
    import_words(zp, p, pn);
    int ret = -1;
    if (odd_prime(zp)) {
        fmpz_mod(za, za, zp);
        ret = fmpz_sqrtmod(r, za, zp) ? 1 : 0;
        if (ret == 1) {
            uint64_t t0 = now_ns();
            for (uint64_t i = 0; i < iters; i++) fmpz_sqrtmod(r, za, zp);
            *ns = now_ns() - t0;
        }
    }
    fmpz_clear(za);
    fmpz_clear(zp);
    fmpz_clear(r);
    return ret;
}

/* F_q[X]/(X^k - alpha) with two elements a, b and a result r. */
struct fq_args {
    fmpz_t q;
    fmpz_mod_ctx_t mctx;
    fmpz_mod_poly_t modulus;
    fq_ctx_t ctx;
    fq_t a, b, r;
};

static void load_elem(fq_t x, const uint64_t *w, size_t k, size_t wn, const struct fq_args *s) {
    fmpz_t c;
    fmpz_init(c);
    fmpz_poly_zero(x);
    for (size_t i = 0; i < k; i++) {
        import_words(c, w + i * wn, wn);
        fmpz_mod(c, c, s->q);
        fmpz_poly_set_coeff_fmpz(x, (slong)i, c);
    }
    fmpz_clear(c);
    fq_reduce(x, s->ctx);
}

/* Returns 1 when the context was built (the caller must call fq_args_clear), -1 when q is
 * not an odd prime or k < 1. */
static int fq_args_init(struct fq_args *s, const uint64_t *q, size_t qn, size_t k,
                        const uint64_t *alpha, size_t alphan, const uint64_t *a,
                        const uint64_t *b) {
    fmpz_init(s->q);
    import_words(s->q, q, qn);
    if (k < 1 || !odd_prime(s->q)) {
        fmpz_clear(s->q);
        return -1;
    }
    fmpz_mod_ctx_init(s->mctx, s->q);
    fmpz_mod_poly_init(s->modulus, s->mctx);
    fmpz_t c;
    fmpz_init(c);
    import_words(c, alpha, alphan);
    fmpz_mod(c, c, s->q);
    fmpz_sub(c, s->q, c); /* -alpha mod q, in [1, q] */
    fmpz_mod(c, c, s->q);
    fmpz_mod_poly_set_coeff_fmpz(s->modulus, 0, c, s->mctx);
    fmpz_mod_poly_set_coeff_ui(s->modulus, (slong)k, 1, s->mctx);
    fmpz_clear(c);
    fq_ctx_init_modulus(s->ctx, s->modulus, s->mctx, "X");
    fq_init(s->a, s->ctx);
    fq_init(s->b, s->ctx);
    fq_init(s->r, s->ctx);
    load_elem(s->a, a, k, qn, s);
    load_elem(s->b, b, k, qn, s);
    return 1;
}

static void fq_args_clear(struct fq_args *s) {
    fq_clear(s->a, s->ctx);
    fq_clear(s->b, s->ctx);
    fq_clear(s->r, s->ctx);
    fq_ctx_clear(s->ctx);
    fmpz_mod_poly_clear(s->modulus, s->mctx);
    fmpz_mod_ctx_clear(s->mctx);
    fmpz_clear(s->q);
}

/* r = a * b in F_q[X]/(X^k - alpha); a, b, out hold k coefficients of qn words each. */
int hr_flint_fq_mul(const uint64_t *q, size_t qn, size_t k, const uint64_t *alpha,
                    size_t alphan, const uint64_t *a, const uint64_t *b, uint64_t *out) {
    struct fq_args s;
    int ret = fq_args_init(&s, q, qn, k, alpha, alphan, a, b);
    if (ret != 1) return ret;
    fq_mul(s.r, s.a, s.b, s.ctx);
    fmpz_t c;
    fmpz_init(c);
    for (size_t i = 0; i < k; i++) {
        fmpz_poly_get_coeff_fmpz(c, s.r, (slong)i);
        export_words(out + i * qn, qn, c);
    }
    fmpz_clear(c);
    fq_args_clear(&s);
    return 1;
}

int hr_flint_fq_mul_bench(const uint64_t *q, size_t qn, size_t k, const uint64_t *alpha,
                          size_t alphan, const uint64_t *a, const uint64_t *b, uint64_t iters,
                          uint64_t *ns) {
    struct fq_args s;
    int ret = fq_args_init(&s, q, qn, k, alpha, alphan, a, b);
    if (ret != 1) return ret;
    uint64_t t0 = now_ns();
    for (uint64_t i = 0; i < iters; i++) fq_mul(s.r, s.a, s.b, s.ctx);
    *ns = now_ns() - t0;
    fq_args_clear(&s);
    return 1;
}

const char *hr_flint_version(void) { return flint_version; }

/* r = a * b in F_q[X]/(X^k + m_{k-1} X^{k-1} + ... + m_0) by fq_mul; m, a, b, out hold k
 * coefficients of qn words each. The modulus must be irreducible (FLINT does not check):
 * the caller passes one it has tested. */
int hr_flint_fq_mul_poly(const uint64_t *q, size_t qn, size_t k, const uint64_t *m,
                         const uint64_t *a, const uint64_t *b, uint64_t *out) {
    fmpz_t Q, c;
    fmpz_init(Q);
    import_words(Q, q, qn);
    if (k < 1 || !odd_prime(Q)) {
        fmpz_clear(Q);
        return -1;
    }
    fmpz_mod_ctx_t mctx;
    fmpz_mod_poly_t M;
    fq_ctx_t ctx;
    fq_t x, y, r;
    fmpz_mod_ctx_init(mctx, Q);
    fmpz_mod_poly_init(M, mctx);
    fmpz_init(c);
    for (size_t i = 0; i < k; i++) {
        import_words(c, m + i * qn, qn);
        fmpz_mod(c, c, Q);
        fmpz_mod_poly_set_coeff_fmpz(M, (slong)i, c, mctx);
    }
    fmpz_mod_poly_set_coeff_ui(M, (slong)k, 1, mctx);
    fq_ctx_init_modulus(ctx, M, mctx, "X");
    fq_init(x, ctx);
    fq_init(y, ctx);
    fq_init(r, ctx);
    fmpz_poly_zero(x);
    fmpz_poly_zero(y);
    for (size_t i = 0; i < k; i++) {
        import_words(c, a + i * qn, qn);
        fmpz_mod(c, c, Q);
        fmpz_poly_set_coeff_fmpz(x, (slong)i, c);
        import_words(c, b + i * qn, qn);
        fmpz_mod(c, c, Q);
        fmpz_poly_set_coeff_fmpz(y, (slong)i, c);
    }
    fq_reduce(x, ctx);
    fq_reduce(y, ctx);
    fq_mul(r, x, y, ctx);
    for (size_t i = 0; i < k; i++) {
        fmpz_poly_get_coeff_fmpz(c, r, (slong)i);
        export_words(out + i * qn, qn, c);
    }
    fq_clear(x, ctx);
    fq_clear(y, ctx);
    fq_clear(r, ctx);
    fq_ctx_clear(ctx);
    fmpz_mod_poly_clear(M, mctx);
    fmpz_mod_ctx_clear(mctx);
    fmpz_clear(c);
    fmpz_clear(Q);
    return 1;
}
