//! The kernels of `super` written whole in the VEX encoding for two moduli: crrl's
//! 127,63,0 (`GFb127`) and c-xs233's 233,74,0 (`gf233.h`), and the Montgomery square
//! at the SSRF trinomial 233,159,0.
//!
//! Source: Pornin, c-xs233 `gf_mul` / `gf_sqr` (one Karatsuba level over the 128-bit
//! halves, then `REDUCE_PARTIAL_512`: the words above 256 bits folded twice by shifts by
//! 23, 31, 33 and 41, modulo x^23·P) and crrl `GFb127` (one-step reduction modulo
//! x·P); the Montgomery square is ours (`super::mont_sqr`).
//!
//! Why `asm!`: three-operand VEX instructions need no register copies, and LLVM, given
//! intrinsics, re-encodes and reorders them (see `fold::clmul`). Where the CPU has
//! AVX-512F and AVX-512VL, every XOR of three inputs is one `vpternlogq` (one step
//! shorter per pair); elsewhere it is two `vpxor`. Each 233-bit kernel is written once,
//! as a macro of that choice (`xor3!`), and instantiated twice; `REDUCE_PARTIAL_512` is
//! written once (`reduce_partial_512!`) and shared by the 233,74,0 product and square.
//! The 127,63,0 product and square have a second arrangement for `vpternlogq` (not the
//! same instructions with the XORs merged: the merge frees the order of the rest, and
//! each is one step shorter), measured against crrl in their documentation; the two
//! products share their start and end (`products_127_63!`, `finish_127_63!`).
//! Cost (PCLMULQDQ + other instructions, `vpternlogq` form / `vpxor` form): 127,63,0
//! product 4 + 11 / 4 + 13, square 2 + 8 / 2 + 6; 233,74,0 product 12 + 34 / 12 + 40,
//! square 4 + 17 / 4 + 20; 233,159,0 Montgomery square 4 + 18 / 4 + 22.
//! Preconditions: the `# Safety` section of each function (the CPU features of its form;
//! operands partially reduced as `super`'s).
//! Constant-time: yes (no branch, no memory access).
#![allow(unsafe_code)]

use core::arch::x86_64::__m128i;

use super::Lanes;

/// The XOR of three inputs into the first: `$d ^= $x ^ $y`, as one `vpternlogq` (form
/// `ternlog`: AVX-512F + AVX-512VL) or two `vpxor` (form `vex`: AVX). The operands are
/// `asm!` template placeholders such as `"{d1}"`.
macro_rules! xor3 {
    (ternlog, $d:literal, $x:literal, $y:literal) => {
        concat!("vpternlogq ", $d, ", ", $x, ", ", $y, ", 0x96\n")
    };
    (vex, $d:literal, $x:literal, $y:literal) => {
        concat!("vpxor ", $d, ", ", $d, ", ", $x, "\n", "vpxor ", $d, ", ", $d, ", ", $y, "\n")
    };
}

/// c-xs233's `REDUCE_PARTIAL_512` on `{d0}`…`{d3}` (the 512-bit value
/// d0 + d1·x^128 + d2·x^256 + d3·x^384) modulo x^23·P, P = x^233 + x^74 + 1: the
/// result, of degree < 256, in `{d0}`, `{d1}`. Temporaries `{s1}`…`{s4}`, `{t}`.
/// Since x^256 ≡ x^97 + x^23 modulo x^23·P, a 128-bit chunk c moves down by 256 bits as
/// c·x^23 + c·x^97 = (c≪23) + (c≪33)·x^64 per 64-bit lane, whose carries out of each lane
/// are (c≫41) and (c≫31)·x^64: the shifts by 23, 31, 33 and 41.
macro_rules! reduce_partial_512 {
    ($form:ident) => {
        concat!(
            "vpsllq {s1}, {d3}, 23\n",
            "vpsrlq {s2}, {d3}, 41\n",
            "vpsllq {s3}, {d3}, 33\n",
            "vpsrlq {d3}, {d3}, 31\n",
            "vpxor {s2}, {s2}, {s3}\n",
            "vpsrldq {t}, {s2}, 8\n",
            xor3!($form, "{d2}", "{d3}", "{t}"),
            "vpsllq {s3}, {d2}, 23\n",
            "vpsrlq {s4}, {d2}, 41\n",
            "vpsllq {t}, {d2}, 33\n",
            "vpsrlq {d2}, {d2}, 31\n",
            "vpxor {s4}, {s4}, {t}\n",
            "vpslldq {t}, {s4}, 8\n",
            xor3!($form, "{d0}", "{s3}", "{t}"),
            "vpalignr {t}, {s2}, {s4}, 8\n",
            xor3!($form, "{d1}", "{d2}", "{s1}"),
            "vpxor {d1}, {d1}, {t}\n",
        )
    };
}

/// The 233,74,0 square: c-xs233's `gf_sqr` (four products, then
/// `reduce_partial_512!`), in the form `$form`, of `$a` into `$d0`, `$d1`.
macro_rules! sqr_233_74 {
    ($form:ident, $a:expr, $d0:ident, $d1:ident) => {
        core::arch::asm!(
            concat!(
                "vpclmulqdq {d3}, {d2}, {d2}, 0x11\n",
                "vpclmulqdq {d2}, {d2}, {d2}, 0x00\n",
                "vpclmulqdq {d1}, {a0}, {a0}, 0x11\n",
                "vpclmulqdq {d0}, {a0}, {a0}, 0x00\n",
                reduce_partial_512!($form),
            ),
            a0 = in(xmm_reg) $a[0],
            // The high input's register becomes d2 (its last read is the product that
            // writes d2): one register fewer, for the caller's values. Measured on an
            // AMD Zen 1 (scratch harness, ns, one chain / eight): 7.2 / 5.7 against
            // 7.3 / 6.05 with a register of its own (c-xs233's `gf_sqr` in the
            // report's chains: 9.2 / 5.7).
            d2 = inout(xmm_reg) $a[1] => _,
            d0 = out(xmm_reg) $d0,
            d1 = out(xmm_reg) $d1,
            d3 = out(xmm_reg) _,
            s1 = out(xmm_reg) _,
            s2 = out(xmm_reg) _,
            s3 = out(xmm_reg) _,
            s4 = out(xmm_reg) _,
            t = out(xmm_reg) _,
            options(pure, nomem, nostack, preserves_flags),
        )
    };
}

/// The 512-bit product of two 256-bit values held as `{a0}`, `{a1}` and `{b0}`, `{b1}`
/// (c-xs233's `gf_mul`: one Karatsuba level, 12 products: the halves' products
/// e = a0·b0 and f = a1·b1, the middle g = (a0 + a1)(b0 + b1), each of three 128-bit
/// parts with the middle product p01 + p10 folded in), assembled into the four chunks
/// `{d0}`…`{d3}` (the value d0 + d1·x^128 + d2·x^256 + d3·x^384); temporaries `{s1}`…`{s4}`,
/// `{g2}`, `{t}`; in the form `$form`. Independent of the modulus: `mul_233_74!` reduces
/// the chunks from the top, `mont_mul_233_159!` from the bottom.
///
/// The products are issued in the order the reductions from the top need them: f,
/// then g and e without their low parts (all ten feed d2, which the second fold waits
/// for), and e0 and g0 last (they feed only d0 and d1, which take the folds at the very
/// end), so that their latency overlaps the folds. Where PCLMULQDQ issues one every two
/// cycles (AMD Zen 1) this shortens the chain by one to three cycles: scratch harness on
/// the idle Zen 1 (the kernel alone, both orders checked equal on 100 000 random
/// operands), ns, one chain / eight, 13.6–14.0 / 12.4–12.7 against 14.0–15.1 / 13.1–13.7
/// for c-xs233's order (e, f, g) (session 31).
macro_rules! products_233 {
    ($form:ident) => {
        concat!(
            // f = a1·b1: s3 (low), d3 (high), s4 (middle).
            "vpclmulqdq {s3}, {a1}, {b1}, 0x00\n",
            "vpclmulqdq {d3}, {a1}, {b1}, 0x11\n",
            "vpclmulqdq {s4}, {a1}, {b1}, 0x01\n",
            "vpclmulqdq {t}, {a1}, {b1}, 0x10\n",
            "vpxor {s4}, {s4}, {t}\n",
            // g = (a0 + a1)(b0 + b1) with u = a0 + a1 in s1, v = b0 + b1 in d0:
            // d2 (high), g2 (middle); its low part g0 comes last.
            "vpxor {s1}, {a0}, {a1}\n",
            "vpxor {d0}, {b0}, {b1}\n",
            "vpclmulqdq {d2}, {s1}, {d0}, 0x11\n",
            "vpclmulqdq {g2}, {s1}, {d0}, 0x01\n",
            "vpclmulqdq {t}, {s1}, {d0}, 0x10\n",
            "vpxor {g2}, {g2}, {t}\n",
            // e = a0·b0: t (high), s2 (middle); its low part e0 comes last.
            "vpclmulqdq {t}, {a0}, {b0}, 0x11\n",
            "vpclmulqdq {s2}, {a0}, {b0}, 0x01\n",
            "vpclmulqdq {d1}, {a0}, {b0}, 0x10\n",
            "vpxor {s2}, {s2}, {d1}\n",
            // g0 in d1, e0 in d0.
            "vpclmulqdq {d1}, {s1}, {d0}, 0x00\n",
            "vpclmulqdq {d0}, {a0}, {b0}, 0x00\n",
            // hh = e1 + f0 (t), jj = g2 + e2 + f2 (g2);
            // d2 = g1 + hh + f1 + [f2 low, jj high]; d3 = f1 + f2≫64.
            "vpxor {t}, {t}, {s3}\n",
            xor3!($form, "{g2}", "{s2}", "{s4}"),
            xor3!($form, "{d2}", "{t}", "{d3}"),
            "vpalignr {s1}, {s4}, {g2}, 8\n",
            "vpxor {d2}, {d2}, {s1}\n",
            "vpsrldq {s4}, {s4}, 8\n",
            "vpxor {d3}, {d3}, {s4}\n",
            // d1 = g0 + hh + [jj low, e2 high] + e0; d0 = e0 + e2≪64.
            "vpalignr {s1}, {g2}, {s2}, 8\n",
            xor3!($form, "{d1}", "{t}", "{s1}"),
            "vpxor {d1}, {d1}, {d0}\n",
            "vpslldq {s2}, {s2}, 8\n",
            "vpxor {d0}, {d0}, {s2}\n",
        )
    };
}

/// The `asm!` block of a 233-bit product: `$template` (`products_233!` and a reduction)
/// on the inputs `$a`, `$b` (two registers each) with the four chunk registers
/// `{d0}`…`{d3}` bound to `$d0`…`$d3` (each an output place or `_`) and the temporaries
/// of `products_233!`. 14 of the 16 xmm registers.
macro_rules! asm_233_product {
    ($template:expr, $a:expr, $b:expr, $d0:tt, $d1:tt, $d2:tt, $d3:tt) => {
        core::arch::asm!(
            $template,
            a0 = in(xmm_reg) $a[0],
            a1 = in(xmm_reg) $a[1],
            b0 = in(xmm_reg) $b[0],
            b1 = in(xmm_reg) $b[1],
            d0 = out(xmm_reg) $d0,
            d1 = out(xmm_reg) $d1,
            d2 = out(xmm_reg) $d2,
            d3 = out(xmm_reg) $d3,
            s1 = out(xmm_reg) _,
            s2 = out(xmm_reg) _,
            s3 = out(xmm_reg) _,
            s4 = out(xmm_reg) _,
            g2 = out(xmm_reg) _,
            t = out(xmm_reg) _,
            options(pure, nomem, nostack, preserves_flags),
        )
    };
}

/// The 233,74,0 product: `products_233!`, then `reduce_partial_512!` (c-xs233's
/// `gf_mul`); in the form `$form`, of `$a`, `$b` into `$r0`, `$r1`. 14 of the 16 xmm
/// registers.
macro_rules! mul_233_74 {
    ($form:ident, $a:expr, $b:expr, $r0:ident, $r1:ident) => {
        asm_233_product!(
            concat!(products_233!($form), reduce_partial_512!($form)),
            $a,
            $b,
            $r0,
            $r1,
            _,
            _
        )
    };
}

/// The Montgomery product at 233,159,0 (`a·b·x^(−256) mod P` of canonical `a`, `b`,
/// canonical): `products_233!`, then `mont_reduce_233_159!` (the reduction of
/// `mont_sqr_233_159!`, which holds for any product of canonical values: the chunk
/// cleared is q·P's low 128 bits whatever q); in the form `$form`, of `$a`, `$b` into
/// `$r0`, `$r1`. 14 of the 16 xmm registers.
macro_rules! mont_mul_233_159 {
    ($form:ident, $a:expr, $b:expr, $r0:ident, $r1:ident) => {
        asm_233_product!(
            concat!(products_233!($form), mont_reduce_233_159!($form)),
            $a,
            $b,
            _,
            _,
            $r0,
            $r1
        )
    };
}

/// Montgomery's reduction at 233,159,0 of the 512-bit value `{d0}`…`{d3}` (the product
/// of two canonical values): each of the two low 128-bit chunks `q` cleared by adding
/// `q·P = q + q·x^159 + q·x^233`, which lands one and two pairs up as `(q≪31) + (X≪64)`
/// and `(q≫23) + (X≫64)` with `X = (q≫33) + (q≪41)` (shifts in 64-bit lanes; the
/// arrangement of `fold::montgomery_square_pairs`); the result, canonical, in `{d2}`,
/// `{d3}`. Temporaries `{s1}`…`{s3}`; in the form `$form`.
macro_rules! mont_reduce_233_159 {
    ($form:ident) => {
        concat!(
            "vpsllq {s1}, {d0}, 31\n",
            "vpsrlq {s2}, {d0}, 33\n",
            "vpsllq {s3}, {d0}, 41\n",
            "vpsrlq {d0}, {d0}, 23\n",
            "vpxor {s2}, {s2}, {s3}\n",
            "vpslldq {s3}, {s2}, 8\n",
            xor3!($form, "{d1}", "{s1}", "{s3}"),
            "vpsrldq {s2}, {s2}, 8\n",
            xor3!($form, "{d2}", "{d0}", "{s2}"),
            "vpsllq {s1}, {d1}, 31\n",
            "vpsrlq {s2}, {d1}, 33\n",
            "vpsllq {s3}, {d1}, 41\n",
            "vpsrlq {d1}, {d1}, 23\n",
            "vpxor {s2}, {s2}, {s3}\n",
            "vpslldq {s3}, {s2}, 8\n",
            xor3!($form, "{d2}", "{s1}", "{s3}"),
            "vpsrldq {s2}, {s2}, 8\n",
            xor3!($form, "{d3}", "{d1}", "{s2}"),
        )
    };
}

/// The Montgomery square at 233,159,0 (`a²·x^(−256) mod P` of a canonical `a`,
/// canonical): the four products c0…c3, then each of the two low 128-bit chunks `q`
/// cleared by adding `q·P = q + q·x^159 + q·x^233`, which lands one and two pairs up as
/// `(q≪31) + (X≪64)` and `(q≫23) + (X≫64)` with `X = (q≫33) + (q≪41)` (shifts in 64-bit
/// lanes; the arrangement of `fold::montgomery_square_pairs`); in the form `$form`.
macro_rules! mont_sqr_233_159 {
    ($form:ident, $a:expr, $r0:ident, $r1:ident) => {
        core::arch::asm!(
            concat!(
                "vpclmulqdq {d0}, {d1}, {d1}, 0x00\n",
                "vpclmulqdq {d1}, {d1}, {d1}, 0x11\n",
                "vpclmulqdq {d2}, {d3}, {d3}, 0x00\n",
                "vpclmulqdq {d3}, {d3}, {d3}, 0x11\n",
                mont_reduce_233_159!($form),
            ),
            // The inputs' registers become d1 and d3, each written by the last
            // product that reads it (two registers fewer for the caller's values; see
            // `sqr_233_74!`).
            d1 = inout(xmm_reg) $a[0] => _,
            d3 = inout(xmm_reg) $a[1] => $r1,
            d0 = out(xmm_reg) _,
            d2 = out(xmm_reg) $r0,
            s1 = out(xmm_reg) _,
            s2 = out(xmm_reg) _,
            s3 = out(xmm_reg) _,
            options(pure, nomem, nostack, preserves_flags),
        )
    };
}

/// The 127,63,0 square: `a²` from its two products, `f = p11 + p11≫64`,
/// `r = p00 + f≪64 + z·f` (no carry across the lanes: a square has no odd bit); in the
/// form `$form` (the `vpternlogq` form runs `sqr_127_63_short!` instead).
macro_rules! sqr_127_63 {
    ($form:ident, $a:expr, $r:ident) => {
        core::arch::asm!(
            concat!(
                "vpclmulqdq {p11}, {r}, {r}, 0x11\n",
                "vpclmulqdq {r}, {r}, {r}, 0x00\n",
                "vpsrldq {t}, {p11}, 8\n",
                "vpxor {t}, {p11}, {t}\n",
                "vpslldq {p11}, {t}, 8\n",
                "vpsllq {t}, {t}, 1\n",
                xor3!($form, "{r}", "{p11}", "{t}"),
            ),
            // The input's register becomes the result (see `sqr_233_74!`).
            r = inout(xmm_reg) $a => $r,
            p11 = out(xmm_reg) _,
            t = out(xmm_reg) _,
            options(pure, nomem, nostack, preserves_flags),
        )
    };
}

/// The 127,63,0 square with `vpternlogq`, one step shorter than `sqr_127_63!`'s: the
/// same `r = p00 + f≪64 + z·f` written as `p00 + A + C + H + D` with `A = p11≪1` and
/// `D = (p11≫64)≪1` (shifts within the 64-bit lanes), `C = p11≪64` and `H` = `p11` with
/// its low lane cleared, so that after the products A, C, H and the first shift of D
/// run side by side and two `vpternlogq` finish (three steps after the products, against
/// four). Three instructions more than `sqr_127_63!`: a trade of throughput for latency,
/// measured in the report's chains (see the README).
macro_rules! sqr_127_63_short {
    ($a:expr, $r:ident) => {
        core::arch::asm!(
            "vpclmulqdq {p11}, {a}, {a}, 0x11",
            "vpclmulqdq {r}, {a}, {a}, 0x00",
            "vpxor {z}, {z}, {z}",
            "vpsllq {s}, {p11}, 1",
            "vpslldq {t}, {p11}, 8",
            "vpsrldq {u}, {p11}, 8",
            "vpblendw {p11}, {p11}, {z}, 0x0f",
            "vpsllq {u}, {u}, 1",
            "vpternlogq {r}, {s}, {t}, 0x96",
            "vpternlogq {r}, {p11}, {u}, 0x96",
            a = in(xmm_reg) $a,
            p11 = out(xmm_reg) _,
            s = out(xmm_reg) _,
            t = out(xmm_reg) _,
            u = out(xmm_reg) _,
            z = out(xmm_reg) _,
            r = out(xmm_reg) $r,
            options(pure, nomem, nostack, preserves_flags),
        )
    };
}

/// The four products of the 127,63,0 product, `m = p01 + p10` in `{p01}` and `p11≫64`
/// in `{p10}`: the start both arrangements share.
macro_rules! products_127_63 {
    () => {
        concat!(
            "vpclmulqdq {p01}, {a}, {b}, 0x01\n",
            "vpclmulqdq {p10}, {a}, {b}, 0x10\n",
            "vpclmulqdq {p11}, {a}, {b}, 0x11\n",
            "vpclmulqdq {r}, {a}, {b}, 0x00\n",
            "vpxor {p01}, {p01}, {p10}\n",
            "vpsrldq {p10}, {p11}, 8\n",
        )
    };
}

/// The end both 127,63,0 product arrangements share, from `f` in `{p11}` and
/// `r = p00 + m≪64` in `{r}`: `r += f≪64 + z·f`, the carry of `z·f` across the lanes
/// taken as `(f≪64)≫63` within the 64-bit lanes; in the form `$form`.
macro_rules! finish_127_63 {
    ($form:ident) => {
        concat!(
            "vpslldq {p10}, {p11}, 8\n",
            "vpsllq {p11}, {p11}, 1\n",
            "vpsrlq {p01}, {p10}, 63\n",
            xor3!($form, "{r}", "{p10}", "{p11}"),
            "vpxor {r}, {r}, {p01}\n",
        )
    };
}

/// The 127,63,0 product (crrl's one-step reduction modulo `x^128 + x^64 + x`, degree <
/// 128) from its four products `p_ij`, the XORs arranged for the shortest dependency
/// chain: `f = p11 + p11≫64 + (p01 + p10)≫64`, `r = p00 + (p01 + p10)≪64 + f≪64 + z·f`,
/// the carry of `z·f` across the lanes taken as `(f≪64)≫63` within the 64-bit lanes (one
/// shift of the value `f≪64` already made, instead of two; session 27).
/// Measured on Zen 5 (the kernel alone, ns per product, one dependent chain / eight
/// independent ones): 4.86 / 1.93, against 5.17 / 1.93 for the same kernel with
/// intrinsics in the legacy encoding.
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS.
#[inline(always)]
pub(super) unsafe fn mul_127_63(a: __m128i, b: __m128i) -> __m128i {
    let r: __m128i;
    // SAFETY: the caller guarantees PCLMULQDQ and AVX; the block reads and writes only
    // the registers named.
    unsafe {
        core::arch::asm!(
            concat!(
                products_127_63!(),
                "vpxor {p11}, {p11}, {p10}\n",
                "vpsrldq {p10}, {p01}, 8\n",
                "vpslldq {p01}, {p01}, 8\n",
                "vpxor {p11}, {p11}, {p10}\n",
                "vpxor {r}, {r}, {p01}\n",
                finish_127_63!(vex),
            ),
            a = in(xmm_reg) a,
            b = in(xmm_reg) b,
            p01 = out(xmm_reg) _,
            p10 = out(xmm_reg) _,
            p11 = out(xmm_reg) _,
            r = out(xmm_reg) r,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// `mul_127_63` with two of its XOR pairs merged into `vpternlogq`, which frees the
/// order of the others: the same start and end (`products_127_63!`, `finish_127_63!`),
/// and `f` made with one more register, one step shorter. Measured on Zen 5 as there:
/// 4.52–4.58 / 1.93 (crrl's `GFb127` product built with `-C target-cpu=native`:
/// 4.64–4.72 / 1.93).
///
/// # Safety
/// The CPU must have PCLMULQDQ, AVX, AVX-512F and AVX-512VL, enabled by the OS.
#[inline(always)]
pub(super) unsafe fn mul_127_63_ternlog(a: __m128i, b: __m128i) -> __m128i {
    let r: __m128i;
    // SAFETY: the caller guarantees the features; the block reads and writes only the
    // registers named.
    unsafe {
        core::arch::asm!(
            concat!(
                products_127_63!(),
                "vpsrldq {t}, {p01}, 8\n",
                "vpslldq {p01}, {p01}, 8\n",
                xor3!(ternlog, "{p11}", "{p10}", "{t}"),
                "vpxor {r}, {r}, {p01}\n",
                finish_127_63!(ternlog),
            ),
            a = in(xmm_reg) a,
            b = in(xmm_reg) b,
            p01 = out(xmm_reg) _,
            p10 = out(xmm_reg) _,
            p11 = out(xmm_reg) _,
            t = out(xmm_reg) _,
            r = out(xmm_reg) r,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// The 127,63,0 square: where `ternlog` and `short` the short form
/// (`sqr_127_63_short!`), where `ternlog` alone `sqr_127_63!` with one `vpternlogq`, else
/// `sqr_127_63!` with two `vpxor`. Measured on Zen 5, the kernel alone (one chain /
/// eight): 3.60–3.63 / 0.94–0.96 without `vpternlogq`, 3.33 / 0.96 with it in
/// `sqr_127_63!`'s arrangement, against 3.84–3.87 / 0.97–0.99 for the legacy
/// one-register form (crrl built with `-C target-cpu=native`: 3.36–3.41 / 0.95–0.97);
/// in the report's chains (`report fields --peers`, session 27) the short form takes
/// 3.01–3.08 / 0.95–0.97 ns against crrl's 3.21–3.29 / 0.93–0.95. On an Intel Emerald
/// Rapids (session 40, the kernels alone in a C loop, fastest of 200 runs) the short
/// form took 2.80 / 1.15 ns, `sqr_127_63!` with `vpternlogq` 2.63 / 0.91 and crrl's
/// intrinsics 2.71 / 0.92: its three extra shuffles compete with the two PCLMULQDQ for
/// port 5 there. The choice is the token's
/// ([`PclmulAvx::short_square_127`](super::super::PclmulAvx::short_square_127)).
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS, and with `ternlog`
/// AVX-512F and AVX-512VL.
#[inline(always)]
pub(super) unsafe fn sqr_127_63_vex(a: __m128i, ternlog: bool, short: bool) -> __m128i {
    let r: __m128i;
    // SAFETY: the caller guarantees the features; the blocks read and write only the
    // registers named.
    unsafe {
        if ternlog && short {
            sqr_127_63_short!(a, r);
        } else if ternlog {
            sqr_127_63!(ternlog, a, r);
        } else {
            sqr_127_63!(vex, a, r);
        }
    }
    r
}

/// The 233,74,0 square (`sqr_233_74!`). Input and output partially reduced (degree
/// < 256), as `super::sqr`'s.
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS, and with `ternlog`
/// AVX-512F and AVX-512VL.
#[inline(always)]
pub(super) unsafe fn sqr_233_74_vex(a: &Lanes, ternlog: bool) -> Lanes {
    let (d0, d1): (__m128i, __m128i);
    // SAFETY: the caller guarantees the features; the blocks read and write only the
    // registers named (the outputs are written before the last input is read, hence
    // `out`, not `lateout`).
    unsafe {
        if ternlog {
            sqr_233_74!(ternlog, a, d0, d1);
        } else {
            sqr_233_74!(vex, a, d0, d1);
        }
    }
    [d0, d1]
}

/// The Montgomery square at 233,159,0 (`mont_sqr_233_159!`), canonical in and out.
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS, and with `ternlog`
/// AVX-512F and AVX-512VL.
#[inline(always)]
pub(super) unsafe fn mont_sqr_233_159_vex(a: &Lanes, ternlog: bool) -> Lanes {
    let (r0, r1): (__m128i, __m128i);
    // SAFETY: the caller guarantees the features; the blocks read and write only the
    // registers named (outputs written before the last input is read: `out`).
    unsafe {
        if ternlog {
            mont_sqr_233_159!(ternlog, a, r0, r1);
        } else {
            mont_sqr_233_159!(vex, a, r0, r1);
        }
    }
    [r0, r1]
}

/// The Montgomery product at 233,159,0 (`mont_mul_233_159!`), canonical in and out.
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS, and with `ternlog`
/// AVX-512F and AVX-512VL.
#[inline(always)]
pub(super) unsafe fn mont_mul_233_159_vex(a: &Lanes, b: &Lanes, ternlog: bool) -> Lanes {
    let (r0, r1): (__m128i, __m128i);
    // SAFETY: the caller guarantees the features; the blocks read and write only the
    // registers named (14 of the 16 xmm registers; outputs written before the last
    // input is read: `out`).
    unsafe {
        if ternlog {
            mont_mul_233_159!(ternlog, a, b, r0, r1);
        } else {
            mont_mul_233_159!(vex, a, b, r0, r1);
        }
    }
    [r0, r1]
}

/// The 233,74,0 product (`mul_233_74!`). Operands and result partially reduced
/// (degree < 256), as `super::mul`'s.
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS, and with `ternlog`
/// AVX-512F and AVX-512VL.
#[inline(always)]
pub(super) unsafe fn mul_233_74_vex(a: &Lanes, b: &Lanes, ternlog: bool) -> Lanes {
    let (d0, d1): (__m128i, __m128i);
    // SAFETY: the caller guarantees the features; the blocks read and write only the
    // registers named (14 of the 16 xmm registers; outputs written before the last
    // input is read: `out`).
    unsafe {
        if ternlog {
            mul_233_74!(ternlog, a, b, d0, d1);
        } else {
            mul_233_74!(vex, a, b, d0, d1);
        }
    }
    [d0, d1]
}
