#!/usr/bin/env python3
"""Generates crates/halfroot/src/prime/backend/x86_64/comba_adx.rs: product-scanning
(Comba) multi-limb kernels with MULX for the double-width product and square,
straight-line for each size in SIZES, and their dispatch by size.
(A product-scanning REDC and a fused FIPS Montgomery product were generated and
measured too; both lost to the portable/row kernels and were dropped.)

    python3 scripts/adx/gen_comba_adx.py            # rewrite comba_adx.rs
    python3 scripts/adx/gen_comba_adx.py --check    # exit 1 if the committed file differs

The output needs no formatting pass (its `mod` line carries `#[rustfmt::skip]`).
SIZES is emitted as the const `SIZES`, the one table of the generated dispatch
(`mul_wide_dispatch`, `sqr_wide_dispatch`); the tests of `backend::comba` check
against it."""

import sys

sys.dont_write_bytecode = True

from adx_asm import emit, fn_sig, header_note, sizes_const, sizes_list, write_or_check  # noqa: E402

SCRIPT = "scripts/adx/gen_comba_adx.py"
OUTPUT = "crates/halfroot/src/prime/backend/x86_64/comba_adx.rs"

SIZES = list(range(8, 17)) + [20, 24]


# Sizes whose kernels are inlined (call overhead matters); the others are outlined.
INLINE = set()


def attr(n):
    return "#[inline]" if n in INLINE else "#[inline(never)]"


class Acc:
    """Three-word column accumulator (c0, c1, c2) renamed instead of shifted."""

    def __init__(self, lines):
        self.r = ["c0", "c1", "c2"]
        self.lines = lines

    def add_prod(self):
        c0, c1, c2 = self.r
        self.lines.append(f"add {{{c0}}}, {{lo}}")
        self.lines.append(f"adc {{{c1}}}, {{hi}}")
        self.lines.append(f"adc {{{c2}}}, 0")

    def add_word(self, src, c2_zero):
        """acc += one word; when c2 is known zero (and c1 small) it stays zero."""
        c0, c1, c2 = self.r
        self.lines.append(f"add {{{c0}}}, {src}")
        self.lines.append(f"adc {{{c1}}}, 0")
        if not c2_zero:
            self.lines.append(f"adc {{{c2}}}, 0")

    def shift(self):
        c0, c1, c2 = self.r
        self.lines.append(f"xor {{{c0}:e}}, {{{c0}:e}}")
        self.r = [c1, c2, c0]


def zero_all(lines):
    for c in ["c0", "c1", "c2"]:
        lines.append(f"xor {{{c}:e}}, {{{c}:e}}")


REGS = """            c0 = out(reg) _,
            c1 = out(reg) _,
            c2 = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,"""


def mul_wide(n):
    lines = []
    zero_all(lines)
    acc = Acc(lines)
    for k in range(2 * n - 1):
        for i in range(max(0, k - n + 1), min(k, n - 1) + 1):
            lines.append(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{b}} + {8 * (k - i)}]")
            acc.add_prod()
        lines.append(f"mov qword ptr [{{d}} + {8 * k}], {{{acc.r[0]}}}")
        acc.shift()
    lines.append(f"mov qword ptr [{{d}} + {8 * (2 * n - 1)}], {{{acc.r[0]}}}")
    return f'''
/// The full product `a·b` of two {n}-limb integers into `d` (2·{n} words), by
/// product scanning with MULX.
///
/// # Safety
/// The CPU must support BMI2 (MULX); `a`, `b` valid for reading {n} words, `d` for
/// writing {2 * n}.
{attr(n)}
pub(crate) unsafe fn mul_wide_{n}(a: *const u64, b: *const u64, d: *mut u64) {{
    // SAFETY: reads {n} words at `a` and `b`, writes {2 * n} at `d` (valid by the
    // caller's contract); only the listed registers and flags are clobbered; the
    // caller guarantees BMI2.
    unsafe {{
        core::arch::asm!(
{emit(lines)}
            a = in(reg) a,
            b = in(reg) b,
            d = in(reg) d,
{REGS}
            options(nostack),
        );
    }}
}}
'''


def sqr_wide_fn(n):
    lines = []
    zero_all(lines)
    acc = Acc(lines)
    lines.append("mov qword ptr [{d}], 0")
    for k in range(1, 2 * n - 2):
        for i in range(max(0, k - n + 1), (k + 1) // 2):
            j = k - i
            lines.append(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{a}} + {8 * j}]")
            acc.add_prod()
        lines.append(f"mov qword ptr [{{d}} + {8 * k}], {{{acc.r[0]}}}")
        acc.shift()
    # Top cross word (column 2n-2 is empty: only the carry from below).
    lines.append(f"mov qword ptr [{{d}} + {8 * (2 * n - 2)}], {{{acc.r[0]}}}")
    # Doubling (CF chain, ADCX) and the diagonal squares (OF chain, ADOX). `z` is a
    # zero register set before the chain (xor clears both flags: the chain start).
    w, z = acc.r[1], acc.r[2]
    lines.append(f"xor {{{z}:e}}, {{{z}:e}}")
    for i in range(n):
        lines.append(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
        lines.append("mulx {hi}, {lo}, rdx")
        lines.append(f"mov {{{w}}}, qword ptr [{{d}} + {16 * i}]")
        lines.append(f"adcx {{{w}}}, {{{w}}}")
        lines.append(f"adox {{{w}}}, {{lo}}")
        lines.append(f"mov qword ptr [{{d}} + {16 * i}], {{{w}}}")
        if i < n - 1:
            lines.append(f"mov {{{w}}}, qword ptr [{{d}} + {16 * i + 8}]")
            lines.append(f"adcx {{{w}}}, {{{w}}}")
        else:
            # d[2n-1] is zero: take the doubling carry.
            lines.append(f"mov {{{w}}}, {{{z}}}")
            lines.append(f"adcx {{{w}}}, {{{z}}}")
        lines.append(f"adox {{{w}}}, {{hi}}")
        lines.append(f"mov qword ptr [{{d}} + {16 * i + 8}], {{{w}}}")
    return f'''
/// The square `a²` of a {n}-limb integer into `d` (2·{n} words): cross products once
/// by product scanning, then doubling (ADCX chain) merged with the diagonal squares
/// (ADOX chain).
///
/// # Safety
/// The CPU must support BMI2 and ADX; `a` valid for reading {n} words, `d` for
/// writing {2 * n}.
{attr(n)}
pub(crate) unsafe fn sqr_wide_{n}(a: *const u64, d: *mut u64) {{
    // SAFETY: reads {n} words at `a`, reads and writes {2 * n} at `d` (valid by the
    // caller's contract); only the listed registers and flags are clobbered; the
    // caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{emit(lines)}
            a = in(reg) a,
            d = in(reg) d,
{REGS}
            options(nostack),
        );
    }}
}}
'''


HEADER = header_note(SCRIPT) + f'''//! Product-scanning (Comba) multi-limb kernels with MULX (BMI2; the squaring also
//! ADCX/ADOX), straight-line for N ∈ {{{sizes_list(SIZES)}}}.
//! GENERATED by `{SCRIPT}` — edit that, not this file.
//!
//! Source: P. G. Comba, "Exponentiation cryptosystems on the IBM PC", IBM Systems
//! Journal 29(4), 1990 (product scanning with a three-word column accumulator).
//! Every product costs one MULX, one ADD and two ADC (the column accumulator is
//! renamed, not shifted), so a column is one dependency chain of about one cycle per
//! product; the squaring computes the N(N−1)/2 cross products once, then doubles
//! them on the CF chain while adding the N diagonal squares on the OF chain.
//! Measured (examples/prime_arith_min, KERNELS): the product beats the portable loop
//! from 9 limbs on, the square from 8; the row kernels of `rows_adx` are faster for
//! the product up to 8 limbs. A product-scanning REDC and a fused (FIPS) Montgomery
//! product were also generated and lost to the row/portable kernels at every size.
//! Cost: `mul_wide_N` N², `sqr_wide_N` N(N+1)/2 word products. Constant-time: yes
//! (no branch or address depends on data).
#![allow(unsafe_code)]

{sizes_const("SIZES", SIZES, "Sizes of `mul_wide_N` and `sqr_wide_N`: the arms of the two dispatches below.")}'''




def dispatch():
    def arms(call):
        sizes = SIZES
        return "\n".join(
            f"        {n} => {{\n            // SAFETY: forwarded from the caller.\n            unsafe {{ {call.format(n=n)} }}\n        }}"
            for n in sizes
        )

    return f'''
/// `mul_wide_n` for `n` limbs; `false` (nothing written) if there is no kernel.
///
/// # Safety
/// As `mul_wide_n`.
#[inline(always)]
{fn_sig("pub(crate) unsafe fn mul_wide_dispatch", ["n: usize", "a: *const u64", "b: *const u64", "d: *mut u64"], "bool")}
    match n {{
{arms("mul_wide_{n}(a, b, d)")}
        _ => return false,
    }}
    true
}}

/// `sqr_wide_n` for `n` limbs; `false` (nothing written) if there is no kernel.
///
/// # Safety
/// As `sqr_wide_n`.
#[inline(always)]
{fn_sig("pub(crate) unsafe fn sqr_wide_dispatch", ["n: usize", "a: *const u64", "d: *mut u64"], "bool")}
    match n {{
{arms("sqr_wide_{n}(a, d)")}
        _ => return false,
    }}
    true
}}

'''


def files():
    out = [HEADER]
    for n in SIZES:
        out.append(mul_wide(n))
        out.append(sqr_wide_fn(n))
    out.append(dispatch())
    return {OUTPUT: "\n\n".join(part.strip("\n") for part in out) + "\n"}


def main():
    write_or_check(SCRIPT, files())


if __name__ == "__main__":
    main()
