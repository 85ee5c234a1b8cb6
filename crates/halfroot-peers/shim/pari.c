/*
 * C shim over PARI/GP (libpari) for halfroot-peers: Fp_sqrt, kronecker, and FpXQ_mul in
 * F_p[X]/(X^k - alpha), with timing loops.
 *
 * PARI keeps its stack in thread-local storage (this build has ENABLE_TLS), so every
 * function here must run on the thread that called hr_pari_init; the Rust side confines
 * all calls to one worker thread. Every entry point catches PARI errors (pari_CATCH) and
 * restores the stack pointer. Integers cross the boundary as little-endian 64-bit words;
 * polynomials as k coefficients of w words each. Return codes: 1 = result written,
 * 0 = no result (non-residue), -1 = p not an odd prime (or k < 1), -2 = PARI error.
 */
#include <pari/pari.h>
#include <stdint.h>
#include <time.h>

#define HR_INIT_OPTS (INIT_DFTm | INIT_noINTGMPm | INIT_noIMTm)

static int initialized = 0;

int hr_pari_init(size_t stack_bytes) {
    if (!initialized) {
        pari_init_opts(stack_bytes, 0, HR_INIT_OPTS);
        initialized = 1;
    }
    return 1;
}

/* PARI_VERSION_CODE of the library: (major << 16) | (minor << 8) | patch. */
long hr_pari_version_code(void) { return paricfg_version_code; }

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static GEN words_to_int(const uint64_t *w, size_t n) {
    while (n > 0 && w[n - 1] == 0) n--;
    if (n == 0) return gen_0;
    GEN x = cgetipos((long)n + 2);
    for (size_t i = 0; i < n; i++) *int_W(x, (long)i) = (ulong)w[i];
    return x;
}

static void int_to_words(uint64_t *out, size_t outn, GEN x) {
    for (size_t i = 0; i < outn; i++) out[i] = 0;
    if (signe(x) <= 0) return;
    size_t n = (size_t)lgefint(x) - 2;
    if (n > outn) return;
    for (size_t i = 0; i < n; i++) out[i] = (uint64_t)*int_W(x, (long)i);
}

static int odd_prime(GEN p) { return cmpiu(p, 3) >= 0 && mpodd(p) && BPSW_psp(p); }

int hr_pari_fp_sqrt(const uint64_t *a, size_t an, const uint64_t *p, size_t pn, uint64_t *out,
                    size_t outn) {
    volatile int ret = -2;
    pari_sp av = avma;
    pari_CATCH(CATCH_ALL) { ret = -2; }
    pari_TRY {
        GEN P = words_to_int(p, pn);
        if (!odd_prime(P)) {
            ret = -1;
        } else {
            GEN A = modii(words_to_int(a, an), P);
            GEN r = Fp_sqrt(A, P);
            if (r == NULL) {
                ret = 0;
            } else {
                int_to_words(out, outn, r);
                ret = 1;
            }
        }
    }
    pari_ENDCATCH;
    set_avma(av);
    return ret;
}

int hr_pari_fp_sqrt_bench(const uint64_t *a, size_t an, const uint64_t *p, size_t pn,
                          uint64_t iters, uint64_t *ns) {
    volatile int ret = -2;
    pari_sp av = avma;
    pari_CATCH(CATCH_ALL) { ret = -2; }
    pari_TRY {
        GEN P = words_to_int(p, pn);
        if (!odd_prime(P)) {
            ret = -1;
        } else {
            GEN A = modii(words_to_int(a, an), P);
            if (Fp_sqrt(A, P) == NULL) {
                ret = 0;
            } else {
                pari_sp av2 = avma;
                uint64_t t0 = now_ns();
                for (uint64_t i = 0; i < iters; i++) {
                    (void)Fp_sqrt(A, P);
                    set_avma(av2);
                }
                *ns = now_ns() - t0;
                ret = 1;
            }
        }
    }
    pari_ENDCATCH;
    set_avma(av);
    return ret;
}

/* Kronecker symbol (a/p) into *sym; p must be an odd prime. */
int hr_pari_kronecker(const uint64_t *a, size_t an, const uint64_t *p, size_t pn, int *sym) {
    volatile int ret = -2;
    pari_sp av = avma;
    pari_CATCH(CATCH_ALL) { ret = -2; }
    pari_TRY {
        GEN P = words_to_int(p, pn);
        if (!odd_prime(P)) {
            ret = -1;
        } else {
            *sym = (int)kronecker(words_to_int(a, an), P);
            ret = 1;
        }
    }
    pari_ENDCATCH;
    set_avma(av);
    return ret;
}

static GEN words_to_pol(const uint64_t *w, size_t k, size_t wn, GEN p) {
    GEN x = cgetg((long)k + 2, t_POL);
    x[1] = evalsigne(1) | evalvarn(0);
    for (size_t i = 0; i < k; i++) gel(x, (long)i + 2) = modii(words_to_int(w + i * wn, wn), p);
    return FpX_renormalize(x, (long)k + 2);
}

/* X^k - alpha over F_p. */
static GEN binomial_modulus(size_t k, GEN alpha, GEN p) {
    GEN t = cgetg((long)k + 3, t_POL);
    t[1] = evalsigne(1) | evalvarn(0);
    gel(t, 2) = Fp_neg(modii(alpha, p), p);
    for (size_t i = 1; i < k; i++) gel(t, (long)i + 2) = gen_0;
    gel(t, (long)k + 2) = gen_1;
    return t;
}

int hr_pari_fpxq_mul(const uint64_t *p, size_t pn, size_t k, const uint64_t *alpha,
                     size_t alphan, const uint64_t *a, const uint64_t *b, uint64_t *out) {
    volatile int ret = -2;
    pari_sp av = avma;
    pari_CATCH(CATCH_ALL) { ret = -2; }
    pari_TRY {
        GEN P = words_to_int(p, pn);
        if (k < 1 || !odd_prime(P)) {
            ret = -1;
        } else {
            GEN T = binomial_modulus(k, words_to_int(alpha, alphan), P);
            GEN A = words_to_pol(a, k, pn, P);
            GEN B = words_to_pol(b, k, pn, P);
            GEN R = FpXQ_mul(A, B, T, P);
            long d = degpol(R);
            for (size_t i = 0; i < k; i++) {
                if ((long)i <= d)
                    int_to_words(out + i * pn, pn, gel(R, (long)i + 2));
                else
                    int_to_words(out + i * pn, pn, gen_0);
            }
            ret = 1;
        }
    }
    pari_ENDCATCH;
    set_avma(av);
    return ret;
}

int hr_pari_fpxq_mul_bench(const uint64_t *p, size_t pn, size_t k, const uint64_t *alpha,
                           size_t alphan, const uint64_t *a, const uint64_t *b, uint64_t iters,
                           uint64_t *ns) {
    volatile int ret = -2;
    pari_sp av = avma;
    pari_CATCH(CATCH_ALL) { ret = -2; }
    pari_TRY {
        GEN P = words_to_int(p, pn);
        if (k < 1 || !odd_prime(P)) {
            ret = -1;
        } else {
            GEN T = binomial_modulus(k, words_to_int(alpha, alphan), P);
            GEN A = words_to_pol(a, k, pn, P);
            GEN B = words_to_pol(b, k, pn, P);
            pari_sp av2 = avma;
            uint64_t t0 = now_ns();
            for (uint64_t i = 0; i < iters; i++) {
                (void)FpXQ_mul(A, B, T, P);
                set_avma(av2);
            }
            *ns = now_ns() - t0;
            ret = 1;
        }
    }
    pari_ENDCATCH;
    set_avma(av);
    return ret;
}

/* r = a * b in F_p[X]/(X^k + m_{k-1} X^{k-1} + ... + m_0) by FpXQ_mul; m, a, b, out hold k
 * coefficients of pn words each. */
int hr_pari_fpxq_mul_poly(const uint64_t *p, size_t pn, size_t k, const uint64_t *m,
                          const uint64_t *a, const uint64_t *b, uint64_t *out) {
    volatile int ret = -2;
    pari_sp av = avma;
    pari_CATCH(CATCH_ALL) { ret = -2; }
    pari_TRY {
        GEN P = words_to_int(p, pn);
        if (k < 1 || !odd_prime(P)) {
            ret = -1;
        } else {
            GEN T = cgetg((long)k + 3, t_POL);
            T[1] = evalsigne(1) | evalvarn(0);
            for (size_t i = 0; i < k; i++)
                gel(T, (long)i + 2) = modii(words_to_int(m + i * pn, pn), P);
            gel(T, (long)k + 2) = gen_1;
            GEN A = words_to_pol(a, k, pn, P);
            GEN B = words_to_pol(b, k, pn, P);
            GEN R = FpXQ_mul(A, B, T, P);
            long d = degpol(R);
            for (size_t i = 0; i < k; i++) {
                if ((long)i <= d)
                    int_to_words(out + i * pn, pn, gel(R, (long)i + 2));
                else
                    int_to_words(out + i * pn, pn, gen_0);
            }
            ret = 1;
        }
    }
    pari_ENDCATCH;
    set_avma(av);
    return ret;
}
