#!/usr/bin/env python3
"""Generates crates/halfroot/src/prime/backend/x86_64/mont_adx.rs: Montgomery
products and squares with MULX/ADCX/ADOX for N = 3 … 8 limbs (CIOS with two carry
chains per pass, accumulator kept in registers and renamed instead of shifted).

    python3 scripts/adx/gen_mont_adx.py            # rewrite mont_adx.rs
    python3 scripts/adx/gen_mont_adx.py --check    # exit 1 if the committed file differs

The output needs no formatting pass (its `mod` line carries `#[rustfmt::skip]`).
The kernel tables below are emitted as `*_SIZES` consts; the tests of
`backend::adx` check the dispatch against them."""

import sys

sys.dont_write_bytecode = True

from adx_asm import (  # noqa: E402
    fn_sig, header_note, redc_window, sizes_const, sizes_list, sizes_text, write_or_check,
)

SCRIPT = "scripts/adx/gen_mont_adx.py"
OUTPUT = "crates/halfroot/src/prime/backend/x86_64/mont_adx.rs"

# The kernel families and their sizes (limb counts N), emitted as consts of the same
# name plus `_SIZES`.
# Copied operands (`Operands` struct), p's top limb below 2^64 − 1: mont_mul_adx_N.
COPIED = [4, 6, 8]
# Copied operands, any odd p: mont_mul_adx_N_full.
COPIED_FULL = [6]
# Operands by pointer, p's top limb below 2^64 − 1: mont_mul_adx_ptr_N.
PTR = [3, 4, 6]
# Operands by pointer, any odd p: mont_mul_adx_ptr_N_full.
PTR_FULL = [4]
# Square, operand by pointer, registers only: mont_sqr_adx_ptr_N.
SQR_PTR = [4]
# Square, operand in registers: mont_sqr_adx_reg_N.
SQR_REG = [3]
# Square in one block with stack scratch: mont_sqr_adx_stack_N.
SQR_STACK = [5, 6, 7, 8]
# Almost-Montgomery square and product: mont_sqr_adx_reg_N_lazy, mont_mul_adx_reg_N_lazy.
LAZY = [3]

def kernel(n, full=False):
    # t registers: t0..tn (n+1 of them, n+2 when `full`); renamed by rotation after
    # each iteration.
    names = [f"t{k}" for k in range(n + 2 if full else n + 1)]
    off_b = 8 * n
    off_p = 16 * n
    off_m0 = 24 * n
    lines = []
    t = list(names)
    for i in range(n):
        # Pass 1: t += a * b[i]   (t[n] never overflows: p's top limb != 2^64-1).
        lines.append(f"mov rdx, qword ptr [{{base}} + {off_b + 8 * i}]")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(n):
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{base}} + {8 * j}]")
            lines.append(f"adox {{{t[j]}}}, {{lo}}")
            lines.append(f"adcx {{{t[j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{t[n]}}}, {{lo}}")
        if full:
            # t[n+1] is zero here (it was the vanished low word); collect both carries.
            lines.append(f"adcx {{{t[n + 1]}}}, {{lo}}")
            lines.append(f"adox {{{t[n + 1]}}}, {{lo}}")
        # Pass 2: m = t0 * m0; t += m * p; shift down one word.
        lines.append(f"mov rdx, {{{t[0]}}}")
        lines.append(f"imul rdx, qword ptr [{{base}} + {off_m0}]")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(n):
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{base}} + {off_p + 8 * j}]")
            lines.append(f"adox {{{t[j]}}}, {{lo}}")
            lines.append(f"adcx {{{t[j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{t[n]}}}, {{lo}}")
        if full:
            lines.append(f"adcx {{{t[n + 1]}}}, {{lo}}")
            lines.append(f"adox {{{t[n + 1]}}}, {{lo}}")
        else:
            # t[0] is zero now; it becomes the new top word, receiving both carries.
            lines.append(f"mov {{{t[0]}}}, 0")
            lines.append(f"adcx {{{t[0]}}}, {{lo}}")
            lines.append(f"adox {{{t[0]}}}, {{lo}}")
        t = t[1:] + t[:1]
    asm = "\n".join(f'            "{l}",' for l in lines)
    used = t[: n + 1]
    decl = "\n".join(f"    let mut {nm} = 0u64;" for nm in names if nm in used)
    ops = "\n".join(
        f"            {nm} = inout(reg) {nm}," if nm in used else f"            {nm} = inout(reg) 0u64 => _,"
        for nm in names
    )
    result = ", ".join(t[:n])
    top = t[n]
    name = f"mont_mul_adx_{n}_full" if full else f"mont_mul_adx_{n}"
    pre = "any odd p (one extra accumulator word)" if full else f"`ops.p[{n - 1}] != u64::MAX`"
    return f'''
/// CIOS Montgomery product for {n} limbs with MULX/ADCX/ADOX: returns the {n} low
/// words and the top word (≤ 1) of `a·b·2^(−{64 * n}) + εp`, `< 2p`.
///
/// # Safety
/// The CPU must support BMI2 and ADX. Modulus: {pre}.
#[inline]
#[cfg_attr(not(feature = "internal-tests"), allow(dead_code))]
pub(crate) unsafe fn {name}(ops: &Operands<{n}>) -> ([u64; {n}], u64) {{
{decl}
    // SAFETY: reads only the {24 * n + 8} bytes of `ops` (a, b, p, m0, repr(C));
    // writes only the listed registers; the caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{asm}
            base = in(reg) ops as *const Operands<{n}>,
{ops}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack, readonly, pure),
        );
    }}
    ([{result}], {top})
}}
'''

def kernel_ptr(n, full=False):
    """Operands by pointer (a, b, and pm = p limbs followed by m0): no copies. The
    first product pass needs no additions into a zero accumulator. For n = 4 the
    final conditional subtraction is done in registers too."""
    names = [f"t{k}" for k in range(n + 2 if full else n + 1)]
    lines = []
    t = list(names)
    m0 = f"qword ptr [{{pm}} + {8 * n}]"
    for i in range(n):
        lines.append(f"mov rdx, qword ptr [{{b}} + {8 * i}]")
        if i == 0:
            # t = a·b[0] directly: one carry chain, no accumulator reads.
            lines.append(f"mulx {{{t[1]}}}, {{{t[0]}}}, qword ptr [{{a}}]")
            for j in range(1, n):
                lines.append(f"mulx {{{t[j + 1]}}}, {{lo}}, qword ptr [{{a}} + {8 * j}]")
                lines.append(f"{'add' if j == 1 else 'adc'} {{{t[j]}}}, {{lo}}")
            lines.append(f"adc {{{t[n]}}}, 0")
            if full:
                lines.append(f"xor {{{t[n + 1]}:e}}, {{{t[n + 1]}:e}}")
        else:
            lines.append("xor {lo:e}, {lo:e}")
            for j in range(n):
                lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{a}} + {8 * j}]")
                lines.append(f"adox {{{t[j]}}}, {{lo}}")
                lines.append(f"adcx {{{t[j + 1]}}}, {{hi}}")
            lines.append("mov {lo:e}, 0")
            lines.append(f"adox {{{t[n]}}}, {{lo}}")
            if full:
                # t[n+1] is zero here (it was the vanished low word).
                lines.append(f"adcx {{{t[n + 1]}}}, {{lo}}")
                lines.append(f"adox {{{t[n + 1]}}}, {{lo}}")
        lines.append(f"mov rdx, {{{t[0]}}}")
        lines.append(f"imul rdx, {m0}")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(n):
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{pm}} + {8 * j}]")
            lines.append(f"adox {{{t[j]}}}, {{lo}}")
            lines.append(f"adcx {{{t[j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{t[n]}}}, {{lo}}")
        if full:
            lines.append(f"adcx {{{t[n + 1]}}}, {{lo}}")
            lines.append(f"adox {{{t[n + 1]}}}, {{lo}}")
        else:
            # t[0] is zero now (the low word cancelled): the new top word.
            lines.append(f"adcx {{{t[0]}}}, {{lo}}")
            lines.append(f"adox {{{t[0]}}}, {{lo}}")
        t = t[1:] + t[:1]
    res = t[:n]
    top = t[n]
    sub_in_asm = n in (3, 4)
    if sub_in_asm:
        spare = ["lo", "hi", "a", "b"][:n]
        for k in range(n):
            lines.append(f"mov {{{spare[k]}}}, {{{res[k]}}}")
        for k in range(n):
            lines.append(f"{'sub' if k == 0 else 'sbb'} {{{spare[k]}}}, qword ptr [{{pm}} + {8 * k}]")
        lines.append(f"sbb {{{top}}}, 0")
        # No borrow: the result is at least p, keep the difference.
        for k in range(n):
            lines.append(f"cmovnc {{{res[k]}}}, {{{spare[k]}}}")
    asm = "\n".join(f'            "{l}",' for l in lines)
    used = res if sub_in_asm else res + [top]
    decl = "\n".join(f"    let mut {nm} = 0u64;" for nm in names if nm in used)
    ops = "\n".join(
        f"            {nm} = inout(reg) {nm}," if nm in used else f"            {nm} = inout(reg) 0u64 => _,"
        for nm in names
    )
    name = f"mont_mul_adx_ptr_{n}_full" if full else f"mont_mul_adx_ptr_{n}"
    pre = "any odd p (one extra accumulator word)" if full else f"`pm[{n - 1}] != u64::MAX`"
    if sub_in_asm:
        ret = "[u64; " + str(n) + "]"
        doc = f"returns `a·b·2^(−{64 * n}) mod p`, fully reduced"
        body_ret = f"[{', '.join(res)}]"
        aop = "a = inout(reg) a.as_ptr() => _,\n            b = inout(reg) b.as_ptr() => _,"
    else:
        ret = f"([u64; {n}], u64)"
        doc = f"returns the {n} low words and the top word (≤ 1) of `a·b·2^(−{64 * n}) + εp`, `< 2p`"
        body_ret = f"([{', '.join(res)}], {top})"
        aop = "a = in(reg) a.as_ptr(),\n            b = in(reg) b.as_ptr(),"
    sig = fn_sig(f"pub(crate) unsafe fn {name}",
                 [f"a: &[u64; {n}]", f"b: &[u64; {n}]", f"pm: &[u64; {n + 1}]"], ret)
    return f'''
/// CIOS Montgomery product for {n} limbs with MULX/ADCX/ADOX, operands by pointer:
/// {doc}. `pm` holds the {n} limbs of p, then `m0 = −p⁻¹ mod 2^64`.
///
/// # Safety
/// The CPU must support BMI2 and ADX. Modulus: {pre}; `a, b < p`.
#[inline]
{sig}
{decl}
    // SAFETY: reads only `a`, `b` and `pm` (in bounds: offsets below 8·{n} and 8·{n + 1});
    // writes only the listed registers; the caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{asm}
            {aop}
            pm = in(reg) pm.as_ptr(),
{ops}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack, readonly, pure),
        );
    }}
    {body_ret}
}}
'''

def kernel_sqr_ptr(n):
    """Montgomery square by pointer: cross products once (rows, two carry chains),
    doubling (CF chain) merged with the diagonal squares (OF chain), Montgomery
    reduction of the low half in a rotating (n+1)-word window, then the high half
    added and one conditional subtraction, all in registers (13 of them)."""
    t = [f"t{k}" for k in range(2 * n)]
    lines = []
    # Cross products a[i]·a[j], i < j, into t[1 .. 2n-2] (t all zero at entry).
    for i in range(n - 1):
        lines.append(f"mov rdx, qword ptr [{{a}} + {8 * i}]")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(i + 1, n):
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{a}} + {8 * j}]")
            lines.append(f"adox {{{t[i + j]}}}, {{lo}}")
            lines.append(f"adcx {{{t[i + j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{t[i + n]}}}, {{lo}}")
    # 2·cross + diagonal: doubling on CF, squares on OF.
    lines.append("xor {lo:e}, {lo:e}")
    for k in range(n):
        lines.append(f"mov rdx, qword ptr [{{a}} + {8 * k}]")
        lines.append("mulx {hi}, {lo}, rdx")
        lines.append(f"adcx {{{t[2 * k]}}}, {{{t[2 * k]}}}")
        lines.append(f"adox {{{t[2 * k]}}}, {{lo}}")
        lines.append(f"adcx {{{t[2 * k + 1]}}}, {{{t[2 * k + 1]}}}")
        lines.append(f"adox {{{t[2 * k + 1]}}}, {{hi}}")
    # Reduce the low half; `a` (no longer needed) is the window's extra word.
    lines.append("xor {a:e}, {a:e}")
    w = t[:n] + ["a"]
    w = redc_window(lines, w, n)
    # Add the high half: window (n+1 words) + t[n .. 2n-1].
    for k in range(n):
        lines.append(f"{'add' if k == 0 else 'adc'} {{{w[k]}}}, {{{t[n + k]}}}")
    lines.append(f"adc {{{w[n]}}}, 0")
    # Conditional subtraction of p, spare registers: the high-half words.
    spare = t[n:2 * n]
    for k in range(n):
        lines.append(f"mov {{{spare[k]}}}, {{{w[k]}}}")
    for k in range(n):
        lines.append(f"{'sub' if k == 0 else 'sbb'} {{{spare[k]}}}, qword ptr [{{pm}} + {8 * k}]")
    lines.append(f"sbb {{{w[n]}}}, 0")
    for k in range(n):
        lines.append(f"cmovnc {{{w[k]}}}, {{{spare[k]}}}")
    res = w[:n]
    asm = "\n".join(f'            "{l}",' for l in lines)
    decl = "\n".join(f"    let mut {nm} = 0u64;" for nm in t if nm in res)
    ops = "\n".join(
        f"            {nm} = inout(reg) {nm}," if nm in res else f"            {nm} = inout(reg) 0u64 => _,"
        for nm in t
    )
    assert res[0] == "a"
    ret = ", ".join(["ra as u64"] + res[1:])
    return f'''
/// Montgomery square for {n} limbs with MULX/ADCX/ADOX, operand by pointer:
/// returns `a²·2^(−{64 * n}) mod p`, fully reduced. `pm` holds the {n} limbs of p, then
/// `m0 = −p⁻¹ mod 2^64`. Cost: {n * (n - 1) // 2 + n + n * n} MULX.
///
/// # Safety
/// The CPU must support BMI2 and ADX. Any odd p; `a < p`.
#[inline]
pub(crate) unsafe fn mont_sqr_adx_ptr_{n}(a: &[u64; {n}], pm: &[u64; {n + 1}]) -> [u64; {n}] {{
{decl}
    let ra: usize;
    // SAFETY: reads only `a` and `pm` (offsets below 8·{n} and 8·{n + 1}); writes only
    // the listed registers; the caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{asm}
            a = inout(reg) a.as_ptr() as usize => ra,
            pm = in(reg) pm.as_ptr(),
{ops}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack, readonly, pure),
        );
    }}
    [{ret}]
}}
'''

def kernel_sqr_stack(n):
    """Montgomery square for n = 5 … 8 limbs, operand by pointer, in one block: the
    cross products by rows in a shrinking register window (row i finishes words
    2i+1 and 2i+2, which go to a 14-word scratch area on the stack), then doubling and
    the diagonal squares with each word added twice from memory (once on the CF chain,
    once on OF), the low half landing in registers and the high half back on the
    stack, then the Montgomery reduction of the low half in an (n+1)-register window
    (the pointer register of `a` becomes its extra word), the high half added from the
    stack and one conditional subtraction (the difference staged on the stack, picked
    with CMOVNC). 13 registers at most (n = 8)."""
    assert 5 <= n <= 8
    lines = []
    S = lambda k: f"qword ptr [rsp + {8 * k}]"  # scratch word k (t[k], 1 <= k <= 2n-2)
    A = lambda j: f"qword ptr [{{a}} + {8 * j}]"
    pool = [f"w{k}" for k in range(n)]
    free = list(pool)
    reg = {}
    lines.append(f"sub rsp, {8 * 2 * n}")
    # Row 0: t[1 ..= n] = a0·a[1 .. n-1], one carry chain.
    lines.append(f"mov rdx, {A(0)}")
    for pos in range(1, n + 1):
        reg[pos] = free.pop(0)
    lines.append(f"mulx {{{reg[2]}}}, {{{reg[1]}}}, {A(1)}")
    for j in range(2, n):
        lines.append(f"mulx {{{reg[j + 1]}}}, {{lo}}, {A(j)}")
        lines.append(f"{'add' if j == 2 else 'adc'} {{{reg[j]}}}, {{lo}}")
    lines.append(f"adc {{{reg[n]}}}, 0")

    def finish(pos):
        lines.append(f"mov {S(pos)}, {{{reg[pos]}}}")
        free.append(reg.pop(pos))

    finish(1)
    finish(2)
    for i in range(1, n - 1):
        top = i + n
        reg[top] = free.pop(0)
        # Zeroing the new top word also clears CF and OF.
        lines.append(f"xor {{{reg[top]}:e}}, {{{reg[top]}:e}}")
        lines.append(f"mov rdx, {A(i)}")
        for j in range(i + 1, n):
            lines.append(f"mulx {{hi}}, {{lo}}, {A(j)}")
            lines.append(f"adox {{{reg[i + j]}}}, {{lo}}")
            lines.append(f"adcx {{{reg[i + j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{reg[top]}}}, {{lo}}")
        finish(2 * i + 1)
        finish(2 * i + 2)
    assert not reg
    # 2·cross + diagonal. Word k of the result is sq_k + t_k + t_k + carries: t_k
    # added once on each chain. t_0 = t_{2n-1} = 0.
    low = [f"w{k}" for k in range(n)] + ["hi"]  # result words 0 .. n-1 (n-th: hi)
    lines.append("xor {lo:e}, {lo:e}")
    for k in range(n):
        lines.append(f"mov rdx, {A(k)}")
        if 2 * k + 1 < n:
            d0, d1 = low[2 * k], low[2 * k + 1]
        elif 2 * k < n:
            d0, d1 = low[2 * k], "lo"
        else:
            d0, d1 = "lo", "hi"
        lines.append(f"mulx {{{d1}}}, {{{d0}}}, rdx")
        for pos, d in ((2 * k, d0), (2 * k + 1, d1)):
            if 1 <= pos <= 2 * n - 2:
                lines.append(f"adox {{{d}}}, {S(pos)}")
                lines.append(f"adcx {{{d}}}, {S(pos)}")
        # Chains into the last word: t_{2n-1} = 0, carries only.
        if 2 * k + 1 == 2 * n - 1:
            lines.append("mov rdx, 0")
            lines.append(f"adox {{{d1}}}, rdx")
            lines.append(f"adcx {{{d1}}}, rdx")
        for pos, d in ((2 * k, d0), (2 * k + 1, d1)):
            if pos >= n:
                lines.append(f"mov {S(pos)}, {{{d}}}")
    # Reduce the low half; `a` (no longer needed) is the window's extra word.
    lines.append("xor {a:e}, {a:e}")
    w = [f"w{k}" for k in range(n)] + ["a"]
    w = redc_window(lines, w, n)
    # Add the high half (stack words n .. 2n−1).
    for k in range(n):
        lines.append(f"{'add' if k == 0 else 'adc'} {{{w[k]}}}, {S(n + k)}")
    lines.append(f"adc {{{w[n]}}}, 0")
    # Conditional subtraction: r − p staged in scratch words 0 .. n−1.
    for k in range(n):
        lines.append(f"mov {{lo}}, {{{w[k]}}}")
        lines.append(f"{'sub' if k == 0 else 'sbb'} {{lo}}, qword ptr [{{pm}} + {8 * k}]")
        lines.append(f"mov {S(k)}, {{lo}}")
    lines.append(f"sbb {{{w[n]}}}, 0")
    for k in range(n):
        lines.append(f"cmovnc {{{w[k]}}}, {S(k)}")
    lines.append(f"add rsp, {8 * 2 * n}")
    res = w[:n]
    asm = "\n".join(f'            "{l}",' for l in lines)
    assert "a" in res
    outs = []
    for k in range(n):
        nm = f"w{k}"
        dst = f"r{res.index(nm)}" if nm in res else "_"
        outs.append(f"            {nm} = out(reg) {dst},")
    outs = "\n".join(outs)
    decl = "\n".join(f"    let r{k}: u64;" for k in range(n) if res[k] != "a")
    ret = ", ".join("ra as u64" if res[k] == "a" else f"r{k}" for k in range(n))
    return f"""
/// Montgomery square for {n} limbs with MULX/ADCX/ADOX in one block, operand by
/// pointer, double-width square spilled to a {2 * n}-word scratch area on the stack:
/// returns `a²·2^(−{64 * n}) mod p`, fully reduced. `pm` holds the {n} limbs of p,
/// then `m0 = −p⁻¹ mod 2^64`. Cost: {n * (n - 1) // 2 + n + n * n} MULX + {n} IMUL
/// (the CIOS product: {2 * n * n} MULX).
///
/// # Safety
/// The CPU must support BMI2 and ADX. Any odd p; `a < p`.
// One out-of-line copy per N: inlined at every square of every instantiation it
// added 83 s to the release test build (877 → 794 s, `cargo test --no-run`).
#[inline(never)]
pub(crate) unsafe fn mont_sqr_adx_stack_{n}(a: &[u64; {n}], pm: &[u64; {n + 1}]) -> [u64; {n}] {{
{decl}
    let ra: usize;
    // SAFETY: reads only `a` and `pm` (offsets below 8·{n} and 8·{n + 1}); writes only
    // the listed registers and {16 * n} bytes of stack it reserves with `sub rsp` and
    // releases before the end (no `nostack`); the caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{asm}
            a = inout(reg) a.as_ptr() as usize => ra,
            pm = in(reg) pm.as_ptr(),
{outs}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(),
        );
    }}
    [{ret}]
}}
"""

def kernel_sqr_reg(n, lazy=False):
    """Montgomery square with the operand in registers (no store/reload of the
    dependent value between calls): the schedule of `kernel_sqr_ptr`. With `lazy`
    there is no final conditional subtraction: for p < 2^(64n)/4 and a < 2p the
    result is below 2p (almost-Montgomery), which saves the sub/sbb/cmov chain at the
    end of every square of an exponentiation."""
    t = [f"t{k}" for k in range(2 * n)]
    av = [f"a{k}" for k in range(n)]
    lines = []
    for i in range(n - 1):
        lines.append(f"mov rdx, {{{av[i]}}}")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(i + 1, n):
            lines.append(f"mulx {{hi}}, {{lo}}, {{{av[j]}}}")
            lines.append(f"adox {{{t[i + j]}}}, {{lo}}")
            lines.append(f"adcx {{{t[i + j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{t[i + n]}}}, {{lo}}")
    lines.append("xor {lo:e}, {lo:e}")
    for k in range(n):
        lines.append(f"mov rdx, {{{av[k]}}}")
        lines.append("mulx {hi}, {lo}, rdx")
        lines.append(f"adcx {{{t[2 * k]}}}, {{{t[2 * k]}}}")
        lines.append(f"adox {{{t[2 * k]}}}, {{lo}}")
        lines.append(f"adcx {{{t[2 * k + 1]}}}, {{{t[2 * k + 1]}}}")
        lines.append(f"adox {{{t[2 * k + 1]}}}, {{hi}}")
    # a0 (no longer needed) is the reduction window's extra word.
    lines.append(f"xor {{{av[0]}:e}}, {{{av[0]}:e}}")
    w = t[:n] + [av[0]]
    w = redc_window(lines, w, n)
    for k in range(n):
        lines.append(f"{'add' if k == 0 else 'adc'} {{{w[k]}}}, {{{t[n + k]}}}")
    if not lazy:
        lines.append(f"adc {{{w[n]}}}, 0")
        spare = t[n:2 * n]
        for k in range(n):
            lines.append(f"mov {{{spare[k]}}}, {{{w[k]}}}")
        for k in range(n):
            lines.append(f"{'sub' if k == 0 else 'sbb'} {{{spare[k]}}}, qword ptr [{{pm}} + {8 * k}]")
        lines.append(f"sbb {{{w[n]}}}, 0")
        for k in range(n):
            lines.append(f"cmovnc {{{w[k]}}}, {{{spare[k]}}}")
    res = w[:n]
    asm = "\n".join(f'            "{l}",' for l in lines)
    ops = []
    for nm in t + av:
        src = f"a[{av.index(nm)}]" if nm in av else "0u64"
        dst = f"r{res.index(nm)}" if nm in res else "_"
        ops.append(f"            {nm} = inout(reg) {src} => {dst},")
    ops = "\n".join(ops)
    decl = "\n".join(f"    let r{k}: u64;" for k in range(n))
    ret = ", ".join(f"r{k}" for k in range(n))
    if lazy:
        name = f"mont_sqr_adx_reg_{n}_lazy"
        doc = (f"returns `a²·2^(−{64 * n}) mod p` plus 0 or p (below 2p), without the final\n"
               f"/// conditional subtraction (almost-Montgomery)")
        pre = f"`pm[{n - 1}] < 2^62` (p below 2^{64 * n - 2}); `a < 2p`"
    else:
        name = f"mont_sqr_adx_reg_{n}"
        doc = f"returns `a²·2^(−{64 * n}) mod p`, fully reduced"
        pre = "any odd p; `a < p`"
    return f"""
/// Montgomery square for {n} limbs with MULX/ADCX/ADOX, operand in registers:
/// {doc}. `pm` holds the {n} limbs of p, then `m0 = −p⁻¹ mod 2^64`. Cost:
/// {n * (n - 1) // 2 + n + n * n} MULX.
///
/// # Safety
/// The CPU must support BMI2 and ADX. Modulus: {pre}.
#[inline]
pub(crate) unsafe fn {name}(a: &[u64; {n}], pm: &[u64; {n + 1}]) -> [u64; {n}] {{
{decl}
    // SAFETY: reads only `pm` (offsets below 8·{n + 1}); writes only the listed
    // registers; the caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{asm}
            pm = in(reg) pm.as_ptr(),
{ops}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack, readonly, pure),
        );
    }}
    [{ret}]
}}
"""

def kernel_mul_reg_lazy(n):
    """CIOS product with the first factor in registers and the second by pointer,
    without the final conditional subtraction: for p < 2^(64n)/4 and a, b < 2p the
    accumulator stays below 3p (n + 1 words) and the result below 2p."""
    names = [f"t{k}" for k in range(n + 1)]
    av = [f"a{k}" for k in range(n)]
    lines = []
    t = list(names)
    m0 = f"qword ptr [{{pm}} + {8 * n}]"
    for i in range(n):
        lines.append(f"mov rdx, qword ptr [{{b}} + {8 * i}]")
        if i == 0:
            lines.append(f"mulx {{{t[1]}}}, {{{t[0]}}}, {{{av[0]}}}")
            for j in range(1, n):
                lines.append(f"mulx {{{t[j + 1]}}}, {{lo}}, {{{av[j]}}}")
                lines.append(f"{'add' if j == 1 else 'adc'} {{{t[j]}}}, {{lo}}")
            lines.append(f"adc {{{t[n]}}}, 0")
        else:
            lines.append("xor {lo:e}, {lo:e}")
            for j in range(n):
                lines.append(f"mulx {{hi}}, {{lo}}, {{{av[j]}}}")
                lines.append(f"adox {{{t[j]}}}, {{lo}}")
                lines.append(f"adcx {{{t[j + 1]}}}, {{hi}}")
            lines.append("mov {lo:e}, 0")
            lines.append(f"adox {{{t[n]}}}, {{lo}}")
        lines.append(f"mov rdx, {{{t[0]}}}")
        lines.append(f"imul rdx, {m0}")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(n):
            lines.append(f"mulx {{hi}}, {{lo}}, qword ptr [{{pm}} + {8 * j}]")
            lines.append(f"adox {{{t[j]}}}, {{lo}}")
            lines.append(f"adcx {{{t[j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{t[n]}}}, {{lo}}")
        # t[0] is zero now (the low word cancelled): the new top word.
        lines.append(f"adcx {{{t[0]}}}, {{lo}}")
        lines.append(f"adox {{{t[0]}}}, {{lo}}")
        t = t[1:] + t[:1]
    res = t[:n]
    asm = "\n".join(f'            "{l}",' for l in lines)
    ops = []
    for nm in names:
        dst = f"r{res.index(nm)}" if nm in res else "_"
        ops.append(f"            {nm} = inout(reg) 0u64 => {dst},")
    for k, nm in enumerate(av):
        ops.append(f"            {nm} = in(reg) a[{k}],")
    ops = "\n".join(ops)
    decl = "\n".join(f"    let r{k}: u64;" for k in range(n))
    ret = ", ".join(f"r{k}" for k in range(n))
    sig = fn_sig(f"pub(crate) unsafe fn mont_mul_adx_reg_{n}_lazy",
                 [f"a: &[u64; {n}]", f"b: &[u64; {n}]", f"pm: &[u64; {n + 1}]"], f"[u64; {n}]")
    return f"""
/// CIOS Montgomery product for {n} limbs with MULX/ADCX/ADOX, `a` in registers and
/// `b` by pointer, without the final conditional subtraction (almost-Montgomery):
/// returns `a·b·2^(−{64 * n}) mod p` plus 0 or p, below 2p. `pm` holds the {n} limbs
/// of p, then `m0 = −p⁻¹ mod 2^64`.
///
/// # Safety
/// The CPU must support BMI2 and ADX. Modulus: `pm[{n - 1}] < 2^62` (p below
/// 2^{64 * n - 2}); `a, b < 2p`.
#[inline]
{sig}
{decl}
    // SAFETY: reads only `b` and `pm` (offsets below 8·{n} and 8·{n + 1}); writes only
    // the listed registers; the caller guarantees BMI2 and ADX.
    unsafe {{
        core::arch::asm!(
{asm}
            b = in(reg) b.as_ptr(),
            pm = in(reg) pm.as_ptr(),
{ops}
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(nostack, readonly, pure),
        );
    }}
    [{ret}]
}}
"""


# The module header after the first line (kept as written), and the operand struct.
SOURCE_DOC = '''//! Source: Gueron, Krasnov, "Speeding up big-numbers squaring" / Intel white paper
//! "New instructions supporting large integer arithmetic on Intel architecture
//! processors" (2012): CIOS with two independent carry chains (CF via ADCX for the
//! high halves, OF via ADOX for the low halves). The accumulator lives in N + 1
//! registers that are renamed rather than shifted after each of the N iterations.
//! Precondition: the top limb of p is not 2^64 − 1 (then the accumulator after the
//! product pass fits N + 1 words). Cost: 2N² MULX + 4N² ADCX/ADOX. Constant-time: yes.
//!
//! The `_reg_3` kernels take the (dependent) operand in registers instead of by
//! pointer; the `_lazy` ones are almost-Montgomery (Gueron, J. Cryptogr. Eng. 2(1),
//! 2012): no final conditional subtraction, for p below 2^190 and inputs below 2p
//! the output stays below 2p. Measured latency of dependent squares at 160 bits
//! (standalone harness): 14.3 ns by pointer, 13.9 in registers, 11.4 lazy.
//!
//! The `_stack_N` squares (N = 5 … 8) keep the whole Montgomery square in one block:
//! cross products in a shrinking register window, the double-width square's words
//! spilled to 2N words of stack the block reserves itself, the reduction window in
//! registers (13 at N = 8). At 512 bits: 100 MULX + 8 IMUL against the product's
//! 128 + 8, 46.9 ns per dependent square inside an exponentiation when inlined, 50–55
//! as the out-of-line call used (for build time; one multiply per cycle at 2.6 GHz
//! bounds it at 41.5).
'''

OPERANDS = '''/// The operands laid out for the kernels: one base register addresses all of them.
#[repr(C)]
pub(crate) struct Operands<const N: usize> {
    /// First factor (Montgomery form, `< p`).
    pub a: [u64; N],
    /// Second factor (Montgomery form, `< p`).
    pub b: [u64; N],
    /// The modulus.
    pub p: [u64; N],
    /// `−p⁻¹ mod 2^64`.
    pub m0: u64,
}'''


def header():
    all_sizes = sorted(set(COPIED + COPIED_FULL + PTR + PTR_FULL + SQR_PTR + SQR_REG + SQR_STACK + LAZY))
    products = sorted(set(COPIED + COPIED_FULL + PTR + PTR_FULL))
    squares = sorted(set(SQR_PTR + SQR_REG + SQR_STACK))
    sq = "all" if squares == all_sizes else sizes_list(squares)
    consts = "".join(sizes_const(name + "_SIZES", sizes, doc) for name, sizes, doc in (
        ("COPIED", COPIED, "Sizes of `mont_mul_adx_N` (copied operands; p's top limb below 2^64 − 1)."),
        ("COPIED_FULL", COPIED_FULL, "Sizes of `mont_mul_adx_N_full` (copied operands; any odd p)."),
        ("PTR", PTR, "Sizes of `mont_mul_adx_ptr_N` (by pointer; p's top limb below 2^64 − 1)."),
        ("PTR_FULL", PTR_FULL, "Sizes of `mont_mul_adx_ptr_N_full` (by pointer; any odd p)."),
        ("SQR_PTR", SQR_PTR, "Sizes of `mont_sqr_adx_ptr_N` (square by pointer; any odd p)."),
        ("SQR_REG", SQR_REG, "Sizes of `mont_sqr_adx_reg_N` (square in registers; any odd p)."),
        ("SQR_STACK", SQR_STACK, "Sizes of `mont_sqr_adx_stack_N` (square with stack scratch; any odd p)."),
        ("LAZY", LAZY, "Sizes of `mont_sqr_adx_reg_N_lazy` and `mont_mul_adx_reg_N_lazy`."),
    ))
    return (header_note(SCRIPT) +
            "//! Montgomery multiplication with the x86-64 MULX/ADCX/ADOX instructions (BMI2 + ADX),\n"
            f"//! N = {sizes_text(all_sizes)} limbs (products for {sizes_list(products)}; squares for {sq}). GENERATED by\n"
            f"//! `{SCRIPT}` — edit that, not this file.\n"
            "//!\n"
            + SOURCE_DOC +
            "#![allow(unsafe_code)]\n\n" + consts + "\n" + OPERANDS)


def files():
    parts = [header()]
    parts += [kernel(n) for n in COPIED]
    parts += [kernel(n, full=True) for n in COPIED_FULL]
    for n in sorted(set(PTR + PTR_FULL)):
        if n in PTR:
            parts.append(kernel_ptr(n))
        if n in PTR_FULL:
            parts.append(kernel_ptr(n, full=True))
    parts += [kernel_sqr_ptr(n) for n in SQR_PTR]
    parts += [kernel_sqr_reg(n) for n in SQR_REG]
    parts += [kernel_sqr_stack(n) for n in SQR_STACK]
    parts += [kernel_sqr_reg(n, lazy=True) for n in LAZY]
    parts += [kernel_mul_reg_lazy(n) for n in LAZY]
    return {OUTPUT: "\n\n".join(part.strip("\n") for part in parts) + "\n"}


def main():
    write_or_check(SCRIPT, files())


if __name__ == "__main__":
    main()
