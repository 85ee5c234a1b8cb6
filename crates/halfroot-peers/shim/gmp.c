/*
 * C shim over GMP for halfroot-peers: Legendre symbol (mpz_legendre), a Tonelli–Shanks
 * square root written with mpz functions, a probable-prime test, and timing loops.
 *
 * Integers cross the boundary as little-endian 64-bit words. Return codes: 1 = result
 * written, 0 = no result (a is a non-residue), -1 = p is not an odd prime.
 */
#include <gmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static void import_words(mpz_t z, const uint64_t *w, size_t n) {
    mpz_import(z, n, -1, sizeof(uint64_t), 0, 0, w);
}

static void export_words(uint64_t *out, size_t outn, const mpz_t z) {
    for (size_t i = 0; i < outn; i++) out[i] = 0;
    size_t count = 0;
    if (mpz_sizeinbase(z, 2) <= 64 * outn) mpz_export(out, &count, -1, sizeof(uint64_t), 0, 0, z);
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/*
 * Tonelli–Shanks (Cohen, A Course in Computational Algebraic Number Theory, Alg. 1.5.1):
 * p - 1 = 2^s q with q odd; z = least non-residue found by trying 2, 3, ...; c = z^q,
 * x = a^((q+1)/2), t = a^q, then repeatedly lower the order of t. Returns 1 and r with
 * r^2 = a (mod p) when a is a square, 0 otherwise. Assumes p an odd prime, 0 <= a < p.
 */
static int ts_core(mpz_t r, const mpz_t a, const mpz_t p) {
    if (mpz_sgn(a) == 0) {
        mpz_set_ui(r, 0);
        return 1;
    }
    if (mpz_legendre(a, p) != 1) return 0;
    mpz_t q, z, c, t, b, e;
    mpz_inits(q, z, c, t, b, e, NULL);
    mpz_sub_ui(q, p, 1);
    unsigned long s = mpz_scan1(q, 0);
    mpz_tdiv_q_2exp(q, q, s);
    mpz_set_ui(z, 2);
    while (mpz_legendre(z, p) != -1) mpz_add_ui(z, z, 1);
    mpz_powm(c, z, q, p);
    mpz_add_ui(e, q, 1);
    mpz_tdiv_q_2exp(e, e, 1);
    mpz_powm(r, a, e, p);
    mpz_powm(t, a, q, p);
    unsigned long m = s;
    while (mpz_cmp_ui(t, 1) != 0) {
        unsigned long i = 0;
        mpz_set(b, t);
        while (mpz_cmp_ui(b, 1) != 0) {
            mpz_mul(b, b, b);
            mpz_mod(b, b, p);
            i++;
        }
        /* b = c^(2^(m - i - 1)) */
        mpz_set(b, c);
        for (unsigned long j = 0; j + i + 1 < m; j++) {
            mpz_mul(b, b, b);
            mpz_mod(b, b, p);
        }
        mpz_mul(r, r, b);
        mpz_mod(r, r, p);
        mpz_mul(c, b, b);
        mpz_mod(c, c, p);
        mpz_mul(t, t, c);
        mpz_mod(t, t, p);
        m = i;
    }
    mpz_clears(q, z, c, t, b, e, NULL);
    return 1;
}

static int odd_prime(const mpz_t p) {
    return mpz_cmp_ui(p, 3) >= 0 && mpz_odd_p(p) && mpz_probab_prime_p(p, 30) > 0;
}

int hr_gmp_is_probab_prime(const uint64_t *n, size_t nn, int reps) {
    mpz_t z;
    mpz_init(z);
    import_words(z, n, nn);
    int r = mpz_probab_prime_p(z, reps);
    mpz_clear(z);
    return r;
}

/* Legendre symbol (a/p) for odd p >= 3 (the Rust side checks oddness). */
int hr_gmp_legendre(const uint64_t *a, size_t an, const uint64_t *p, size_t pn) {
    mpz_t za, zp;
    mpz_inits(za, zp, NULL);
    import_words(za, a, an);
    import_words(zp, p, pn);
    int r = mpz_legendre(za, zp);
    mpz_clears(za, zp, NULL);
    return r;
}

int hr_gmp_legendre_bench(const uint64_t *a, size_t an, const uint64_t *p, size_t pn,
                          uint64_t iters, uint64_t *ns) {
    mpz_t za, zp;
    mpz_inits(za, zp, NULL);
    import_words(za, a, an);
    import_words(zp, p, pn);
    volatile int sink = 0;
    uint64_t t0 = now_ns();
    for (uint64_t i = 0; i < iters; i++) sink += mpz_legendre(za, zp);
    *ns = now_ns() - t0;
    (void)sink;
    mpz_clears(za, zp, NULL);
    return 1;
}

/*
 * Total ns of iters passes over count inputs (each pn words, packed one after another in
 * a), one mpz_legendre per input; the inputs are imported before the clock starts.
 * Writes the sum of the symbols of one pass to sum. Returns 1, or 0 on count == 0.
 */
int hr_gmp_legendre_many_bench(const uint64_t *a, size_t count, const uint64_t *p, size_t pn,
                               uint64_t iters, uint64_t *ns, int64_t *sum) {
    if (count == 0) return 0;
    mpz_t zp;
    mpz_init(zp);
    import_words(zp, p, pn);
    mpz_t *za = (mpz_t *)malloc(count * sizeof(mpz_t));
    if (za == NULL) {
        mpz_clear(zp);
        return 0;
    }
    for (size_t k = 0; k < count; k++) {
        mpz_init(za[k]);
        import_words(za[k], a + k * pn, pn);
    }
    int64_t s = 0;
    for (size_t k = 0; k < count; k++) s += mpz_legendre(za[k], zp);
    *sum = s;
    volatile int sink = 0;
    uint64_t t0 = now_ns();
    for (uint64_t i = 0; i < iters; i++)
        for (size_t k = 0; k < count; k++) sink += mpz_legendre(za[k], zp);
    *ns = now_ns() - t0;
    (void)sink;
    for (size_t k = 0; k < count; k++) mpz_clear(za[k]);
    free(za);
    mpz_clear(zp);
    return 1;
}

/* Tonelli–Shanks root of a mod p into out (outn words). */
int hr_gmp_tonelli_shanks(const uint64_t *a, size_t an, const uint64_t *p, size_t pn,
                          uint64_t *out, size_t outn) {
    mpz_t za, zp, r;
    mpz_inits(za, zp, r, NULL);
    import_words(za, a, an);
    import_words(zp, p, pn);
    int ret = -1;
    if (odd_prime(zp)) {
        mpz_mod(za, za, zp);
        ret = ts_core(r, za, zp);
        if (ret == 1) export_words(out, outn, r);
    }
    mpz_clears(za, zp, r, NULL);
    return ret;
}

int hr_gmp_tonelli_shanks_bench(const uint64_t *a, size_t an, const uint64_t *p, size_t pn,
                                uint64_t iters, uint64_t *ns) {
    mpz_t za, zp, r;
    mpz_inits(za, zp, r, NULL);
    import_words(za, a, an);
    import_words(zp, p, pn);
    int ret = -1;
    if (odd_prime(zp)) {
        mpz_mod(za, za, zp);
        ret = ts_core(r, za, zp);
        if (ret == 1) {
            uint64_t t0 = now_ns();
            for (uint64_t i = 0; i < iters; i++) ts_core(r, za, zp);
            *ns = now_ns() - t0;
        }
    }
    mpz_clears(za, zp, r, NULL);
    return ret;
}

const char *hr_gmp_version(void) { return gmp_version; }
