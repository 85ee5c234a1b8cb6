/*
 * C shim over Thomas Pornin's c-xs233 (vendor/c-xs233, public domain) for halfroot-peers:
 * the GF(2^233) = F_2[z]/(z^233 + z^74 + 1) operations of gf233.h, which upstream keeps
 * `static inline` (only the xsb233/xsk233 group API is exported by xsb233.c/xsk233.c).
 *
 * Built by build.rs with -mpclmul -msse4.1 and GF233_PCLMUL=1, so this file and the two
 * group objects use PCLMULQDQ and SSE4.1 unconditionally: the Rust side calls in only
 * after checking both CPU features at run time.
 *
 * Elements cross the boundary as 4 little-endian 64-bit words, bit i = coefficient of z^i,
 * canonical (bits 233..255 zero) on input and on output. gf233.h's internal form is the
 * same 256 bits, only partially reduced (degree < 256): inputs need no conversion and
 * every output goes through gf_norm (full reduction).
 */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "gf233.h"

#if !GF233_PCLMUL
#error "halfroot-peers builds c-xs233 with its pclmul code only (-mpclmul -msse4.1)"
#endif

enum { HR_MUL = 0, HR_SQR = 1, HR_SQRT = 2, HR_TRACE = 3, HR_HALFTRACE = 4, HR_INV = 5 };

static void load(gf *d, const uint64_t *w) { memcpy(d->w, w, 32); }

static void store(uint64_t *w, const gf *a) {
    gf t;
    gf_norm(&t, a);
    memcpy(w, t.w, 32);
}

/* One operation on x (b: the second factor of mul). Trace writes Tr(x) in bit 0 of
   word 0 and zero elsewhere. Returns 1, or -1 for an unknown op. */
static inline int apply(int op, gf *x, const gf *b) {
    switch (op) {
    case HR_MUL: gf_mul(x, x, b); return 1;
    case HR_SQR: gf_sqr(x, x); return 1;
    case HR_SQRT: gf_sqrt(x, x); return 1;
    case HR_TRACE: {
        uint64_t t = gf_trace(x);
        *x = GF_ZERO;
        x->w[0] = t;
        return 1;
    }
    case HR_HALFTRACE: gf_halftrace(x, x); return 1;
    case HR_INV: gf_inv(x, x); return 1;
    default: return -1;
    }
}

/* out <- op(a, b), canonical. Returns 1, or -1 for an unknown op. */
int hr_xs233_gf_op(int op, const uint64_t *a, const uint64_t *b, uint64_t *out) {
    gf x, y;
    load(&x, a);
    load(&y, b);
    int s = apply(op, &x, &y);
    store(out, &x);
    return s;
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/*
 * `iters` rounds over L independent chains x_j <- step(x_j) (L = 1: the latency of one
 * dependent chain; L = 8: eight interleaved chains, the throughput of independent
 * operations). The steps, the same as the report's for halfroot:
 *   mul        x <- x * b_j
 *   sqr, sqrt, halftrace, inv   x <- op(x)
 *   trace      x <- x with bit 0 flipped by Tr(x), bit 1 flipped (so x changes)
 * Inputs are canonical; intermediate values stay in gf233.h's partially reduced form,
 * as inside the group code. The final values go to `out` (L*4 words) so nothing is
 * optimised away.
 */
#define CHAIN(name, L, step)                                                               \
    static void name(gf *x, const gf *b, uint64_t iters) {                                 \
        (void)b;                                                                           \
        for (uint64_t i = 0; i < iters; i++) {                                             \
            for (int j = 0; j < L; j++) {                                                  \
                step;                                                                      \
            }                                                                              \
        }                                                                                  \
    }
#define STEPS(L)                                                                           \
    CHAIN(mul_##L, L, gf_mul(&x[j], &x[j], &b[j]))                                        \
    CHAIN(sqr_##L, L, gf_sqr(&x[j], &x[j]))                                               \
    CHAIN(sqrt_##L, L, gf_sqrt(&x[j], &x[j]))                                             \
    CHAIN(trace_##L, L, x[j].w[0] ^= gf_trace(&x[j]) ^ 2)                                 \
    CHAIN(halftrace_##L, L, gf_halftrace(&x[j], &x[j]))                                   \
    CHAIN(inv_##L, L, gf_inv(&x[j], &x[j]))                                               \
    static void (*const CHAINS_##L[])(gf *, const gf *, uint64_t) = {                      \
        mul_##L, sqr_##L, sqrt_##L, trace_##L, halftrace_##L, inv_##L};
STEPS(1)
STEPS(8)

/* Times the chains above; total ns in *ns. Returns 1, or -1 for an unknown op or a lane
   count other than 1 and 8. */
int hr_xs233_gf_bench(int op, size_t lanes, const uint64_t *a, const uint64_t *b,
                      uint64_t iters, uint64_t *out, uint64_t *ns) {
    gf x[8], y[8];
    if (op < HR_MUL || op > HR_INV || (lanes != 1 && lanes != 8)) return -1;
    for (size_t j = 0; j < lanes; j++) {
        load(&x[j], a + 4 * j);
        load(&y[j], b + 4 * j);
    }
    uint64_t t0 = now_ns();
    /* One function per operation and lane count (the step inlined into its loop), as
       the report's generic Rust closures are monomorphised. */
    (lanes == 1 ? CHAINS_1 : CHAINS_8)[op](x, y, iters);
    *ns = now_ns() - t0;
    for (size_t j = 0; j < lanes; j++) store(out + 4 * j, &x[j]);
    return 1;
}
