#!/usr/bin/env python3
"""Generates crates/halfroot/src/prime/backend/x86_64/rows_adx.rs: operand-scanning
(row) kernels with MULX/ADCX/ADOX for N = 3 … 8: the double-width product and the
separate Montgomery reduction, the accumulator in an (N+1)-register window that is
renamed, not shifted, after each row.

    python3 scripts/adx/gen_rows_adx.py            # rewrite rows_adx.rs
    python3 scripts/adx/gen_rows_adx.py --check    # exit 1 if the committed file differs

The output needs no formatting pass (its `mod` line carries `#[rustfmt::skip]`).
SIZES is emitted as the const `SIZES`; the tests of `backend::comba` check the
dispatch against it (a size of STRUCT dispatched by pointer, or the reverse, does not
compile)."""

import sys

sys.dont_write_bytecode = True

from adx_asm import (  # noqa: E402
    emit, fn_sig, header_note, redc_window, sizes_const, sizes_list, sizes_text, write_or_check,
)

SCRIPT = "scripts/adx/gen_rows_adx.py"
OUTPUT = "crates/halfroot/src/prime/backend/x86_64/rows_adx.rs"

SIZES = list(range(3, 9))
# Sizes whose pointer operands no longer fit the 13 allocatable registers: their
# operands are copied into one struct addressed by a single base register.
STRUCT = [7, 8]


def mul_rows(n):
    s = n in STRUCT
    A = (lambda j: f"qword ptr [{{base}} + {8 * j}]") if s else (lambda j: f"qword ptr [{{a}} + {8 * j}]")
    B = (lambda j: f"qword ptr [{{base}} + {8 * (n + j)}]") if s else (lambda j: f"qword ptr [{{b}} + {8 * j}]")
    D = (lambda j: f"qword ptr [{{base}} + {8 * (2 * n + j)}]") if s else (lambda j: f"qword ptr [{{d}} + {8 * j}]")
    w = [f"w{k}" for k in range(n + 1)]
    lines = []
    # Row 0: w = a·b[0], one carry chain.
    lines.append(f"mov rdx, {B(0)}")
    lines.append(f"mulx {{{w[1]}}}, {{{w[0]}}}, {A(0)}")
    for j in range(1, n):
        lines.append(f"mulx {{{w[j + 1]}}}, {{lo}}, {A(j)}")
        lines.append(f"{'add' if j == 1 else 'adc'} {{{w[j]}}}, {{lo}}")
    lines.append(f"adc {{{w[n]}}}, 0")
    lines.append(f"mov {D(0)}, {{{w[0]}}}")
    w = w[1:] + w[:1]
    for i in range(1, n):
        # The freed register becomes the (zero) top word; xor also clears CF and OF.
        lines.append(f"xor {{{w[n]}:e}}, {{{w[n]}:e}}")
        lines.append(f"mov rdx, {B(i)}")
        for j in range(n):
            lines.append(f"mulx {{hi}}, {{lo}}, {A(j)}")
            lines.append(f"adox {{{w[j]}}}, {{lo}}")
            lines.append(f"adcx {{{w[j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{w[n]}}}, {{lo}}")
        lines.append(f"mov {D(i)}, {{{w[0]}}}")
        w = w[1:] + w[:1]
    for j in range(n):
        lines.append(f"mov {D(n + j)}, {{{w[j]}}}")
    regs = "\n".join(f"            w{k} = out(reg) _," for k in range(n + 1))
    if s:
        sig = [f"ops: &mut MulOps<{n}>"]
        ptrs = f"            base = in(reg) ops as *mut MulOps<{n}>,"
        safety = f"reads `ops.a`, `ops.b`, writes `ops.d` (repr(C), {32 * n} bytes in all)"
        pre = "The CPU must support BMI2 and ADX."
    else:
        sig = ["a: *const u64", "b: *const u64", "d: *mut u64"]
        ptrs = "            a = in(reg) a,\n            b = in(reg) b,\n            d = in(reg) d,"
        safety = f"reads {n} words at `a` and `b`, writes {2 * n} at `d` (the caller's contract)"
        pre = f"The CPU must support BMI2 and ADX; `a`, `b` valid for reading {n} words, `d`\n/// for writing {2 * n}."
    return f'''
/// The full product of two {n}-limb integers (2·{n} words), by rows with MULX and the
/// two carry chains ADCX/ADOX.
///
/// # Safety
/// {pre}
#[inline]
{fn_sig(f"pub(crate) unsafe fn mul_wide_rows_{n}", sig)}
    // SAFETY: {safety}; only the listed registers and flags are clobbered; the caller
    // guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{emit(lines)}
{ptrs}
{regs}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack),
        );
    }}
}}
'''


def redc_rows(n):
    s = n in STRUCT
    if s:
        TL = lambda j: f"qword ptr [{{base}} + {8 * j}]"
        TH = lambda j: f"qword ptr [{{base}} + {8 * (n + j)}]"
        P = lambda j: f"qword ptr [{{base}} + {8 * (2 * n + j)}]"
    else:
        TL = lambda j: f"qword ptr [{{tl}} + {8 * j}]"
        TH = lambda j: f"qword ptr [{{th}} + {8 * j}]"
        P = lambda j: f"qword ptr [{{pm}} + {8 * j}]"
    w = [f"w{k}" for k in range(n + 1)]
    lines = []
    for j in range(n):
        lines.append(f"mov {{{w[j]}}}, {TL(j)}")
    lines.append(f"xor {{{w[n]}:e}}, {{{w[n]}:e}}")
    w = redc_window(lines, w, n, P)
    # Add the high half.
    for j in range(n):
        lines.append(f"{'add' if j == 0 else 'adc'} {{{w[j]}}}, {TH(j)}")
    lines.append(f"adc {{{w[n]}}}, 0")
    res = w[:n]
    top = w[n]
    decl = "\n".join(f"    let {nm}: u64;" for nm in [f"w{k}" for k in range(n + 1)])
    regs = "\n".join(f"            w{k} = out(reg) w{k}," for k in range(n + 1))
    if s:
        sig = [f"ops: &RedcOps<{n}>"]
        ptrs = f"            base = in(reg) ops as *const RedcOps<{n}>,"
        safety = f"reads `ops` (repr(C), {8 * (3 * n + 1)} bytes)"
        pre = "The CPU must support BMI2 and ADX; `ops.pm` holds p then `m0 = −p⁻¹ mod 2^64`."
    else:
        sig = ["tl: *const u64", "th: *const u64", "pm: *const u64"]
        ptrs = "            tl = in(reg) tl,\n            th = in(reg) th,\n            pm = in(reg) pm,"
        safety = f"reads {n} words at `tl` and `th` and {n + 1} at `pm` (the caller's contract)"
        pre = (f"The CPU must support BMI2 and ADX; `tl`, `th` valid for reading {n} words,\n"
               f"/// `pm` for {n + 1}: p then `m0 = −p⁻¹ mod 2^64`.")
    return f'''
/// Montgomery reduction without final subtraction of `t = tl + 2^{64 * n}·th`
/// ({n} + {n} words): the {n} words and the top word of `(t + m·p)/2^{64 * n}`
/// (`< t/2^{64 * n} + p`). Rows with MULX/ADCX/ADOX over the low half, then the high
/// half added.
///
/// # Safety
/// {pre}
#[inline]
{fn_sig(f"pub(crate) unsafe fn redc_rows_{n}", sig, f"([u64; {n}], u64)")}
{decl}
    // SAFETY: {safety}; only the listed registers and flags are clobbered; the caller
    // guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{emit(lines)}
{ptrs}
{regs}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack, readonly),
        );
    }}
    ([{", ".join(res)}], {top})
}}
'''


HEADER = header_note(SCRIPT) + f'''//! Operand-scanning (row) kernels with MULX/ADCX/ADOX for N = {sizes_text(SIZES)} limbs: the
//! double-width product (`mul_wide_rows_N`) and the separate Montgomery reduction
//! (`redc_rows_N`). GENERATED by `{SCRIPT}` — edit that, not this
//! file.
//!
//! Source: Gueron, Krasnov / Intel, "New instructions supporting large integer
//! arithmetic on Intel architecture processors" (2012): each row adds `a·b_i` (or
//! `m_i·p`) with the low halves on the OF chain (ADOX) and the high halves on the CF
//! chain (ADCX); the accumulator is an (N+1)-register window renamed after each row.
//! For N = {sizes_list(STRUCT)} the operands are copied into one `repr(C)` struct (one base
//! register) so that the window fits the allocatable registers.
//! Cost: product N² MULX + 2N² − N additions; REDC N² MULX + N IMUL + 2N² + 4N
//! additions. Constant-time: yes.
#![allow(unsafe_code)]

{sizes_const("SIZES", SIZES, "Sizes of `mul_wide_rows_N` and `redc_rows_N`.")}
/// Operands of the N = {sizes_list(STRUCT)} product kernels: factors and the 2N-word result.
#[repr(C)]
pub(crate) struct MulOps<const N: usize, const M: usize> {{
    /// First factor.
    pub a: [u64; N],
    /// Second factor.
    pub b: [u64; N],
    /// The product (2N words).
    pub d: [u64; M],
}}

/// Operands of the N = {sizes_list(STRUCT)} reduction kernels: `t` (low then high half) and p, m0.
#[repr(C)]
pub(crate) struct RedcOps<const N: usize, const M: usize> {{
    /// Low half of t.
    pub tl: [u64; N],
    /// High half of t.
    pub th: [u64; N],
    /// p's limbs then `m0 = −p⁻¹ mod 2^64` (N + 1 words).
    pub pm: [u64; M],
}}
'''


def files():
    out = [HEADER]
    for n in SIZES:
        out.append(mul_rows(n))
        out.append(redc_rows(n))
    s = "\n\n".join(part.strip("\n") for part in out) + "\n"
    for n in STRUCT:
        s = s.replace(f"MulOps<{n}>", f"MulOps<{n}, {2 * n}>").replace(f"RedcOps<{n}>", f"RedcOps<{n}, {n + 1}>")
    return {OUTPUT: s}


def main():
    write_or_check(SCRIPT, files())


if __name__ == "__main__":
    main()
