#!/usr/bin/env python3
"""Generates halfroot's Montgomery 6-term (17M) and 7-term (22M) Karatsuba-like products.

    python3 scripts/gen_montgomery_formulas.py            # rewrite the three generated files
    python3 scripts/gen_montgomery_formulas.py --check    # exit 1 if a committed file differs

Source of the formulas: P. L. Montgomery, "Five, six, and seven-term Karatsuba-like
formulae", IEEE Trans. Computers 54(3):362-369, 2005. The tables below are retyped as data
from the project's checked transcription (shared/formulas/montgomery-karatsuba-like.md):
6 terms from the comment of gnark-crypto's mulMontgomery6 (Apache-2.0) with its five
wrong coefficients corrected, 7 terms as the unique division-free sign lift of the GF(2)
supports of gf2x's mul7cl.c ("Montgomery formulae with 22 multiplications"). Both are
formal bilinear identities over Z, which this script re-checks before it writes anything;
reduced mod 2 they are the characteristic-2 formulas (the 7-term one then equals gf2x's
XOR lists, also checked).

Outputs (byte-identical on regeneration, no formatting pass needed):
  crates/halfroot/src/ext/mul/montgomery67.rs        over any PrimeFieldOps (reduced)
  crates/halfroot/src/ext/lazy/montgomery67.rs       over Z on Ev/Wide (lazy reduction)
  crates/halfroot/src/binary/backend/x86_64/montgomery_clmul.rs  GF(2)[x] words, PCLMULQDQ

Evaluation: each factor's operands are signed sums of coefficients, built with common
pairs shared (greedy: the pair used by most operands first); each output coefficient
c_k = sum_j F[k][j] P_j is evaluated with common +-1 pairs of products shared the same
way, then grouped by |coefficient| so that each distinct small multiple is one mul_small.
"""
import itertools
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ------------------------------------------------------------------ the formulas (data)
# 6 terms: (operand form {index: sign}, weight polynomial {power: coeff}, coefficient of C)
M6_CFORM = [
    ({0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1}, {}, 1),
    ({1: 1, 2: 1, 4: 1, 5: 1}, {6: 1}, -1),
    ({0: 1, 1: 1, 3: 1, 4: 1}, {4: 1}, -1),
    ({0: 1, 2: -1, 3: -1, 5: 1}, {7: -1, 6: 1, 5: -1, 4: 1, 3: -1}, 1),
    ({0: 1, 2: -1, 5: -1}, {5: -1, 4: 1, 3: -1}, 1),
    ({0: 1, 3: 1, 5: -1}, {7: -1, 6: 1, 5: -1}, 1),
    ({0: 1, 1: 1, 2: 1}, {7: -1, 6: 1, 5: -2, 4: 2, 3: -2, 2: 1}, 1),
    ({3: 1, 4: 1, 5: 1}, {8: 1, 7: -2, 6: 2, 5: -2, 4: 1, 3: -1}, 1),
    ({2: 1, 3: 1}, {7: 1, 6: -1, 5: 2, 4: -1, 3: 1}, -2),
    ({1: 1, 4: -1}, {6: 1, 5: -1, 4: 1}, -1),
    ({1: 1, 2: 1}, {7: 1, 6: -2, 5: 2, 4: -2, 3: 3, 2: -1}, -1),
    ({3: 1, 4: 1}, {8: -1, 7: 3, 6: -2, 5: 2, 4: -2, 3: 1}, -1),
    ({0: 1, 1: 1}, {7: 1, 6: -1, 5: 2, 4: -3, 3: 2, 2: -1, 1: 1}, -1),
    ({4: 1, 5: 1}, {9: 1, 8: -1, 7: 2, 6: -3, 5: 2, 4: -1, 3: 1}, -1),
    ({0: 1}, {7: 2, 6: -2, 5: 3, 4: -2, 3: 2, 1: -1, 0: 1}, -3),
    ({1: 1}, {7: -1, 5: -1, 4: 1, 3: -3, 2: 2, 1: -1}, 3),
    ({4: 1}, {9: -1, 8: 2, 7: -3, 6: 1, 5: -1, 3: -1}, 3),
    ({5: 1}, {10: 1, 9: -1, 7: 2, 6: -2, 5: 3, 4: -2, 3: 2}, -3),
]

# 7 terms: operand forms P0..P21 (gf2x numbering) and c_k = sum_j coeff * P_j over Z
M7_FORMS = [
    {6: 1}, {5: 1}, {5: 1, 6: 1}, {4: 1}, {4: 1, 6: 1}, {3: 1}, {3: 1, 5: 1}, {2: 1},
    {2: 1, 6: 1}, {1: 1}, {1: 1, 3: 1}, {1: 1, 2: 1, 4: -1, 5: -1},
    {1: 1, 2: 1, 3: 1, 5: -1, 6: -1}, {0: 1}, {0: 1, 4: 1}, {0: 1, 2: 1},
    {0: 1, 2: -1, 3: -1, 5: 1, 6: 1}, {0: 1, 2: -1, 3: -1, 4: -1, 6: 1}, {0: 1, 1: 1},
    {0: 1, 1: 1, 3: -1, 4: -1, 6: 1}, {0: 1, 1: 1, 3: -1, 4: -1, 5: -1},
    {0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1},
]
M7_C = [
    {13: 1},
    {9: -1, 13: -1, 18: 1},
    {7: -1, 9: 1, 13: -1, 15: 1},
    {0: -2, 2: 1, 3: -2, 4: 1, 5: 2, 7: -1, 10: -1, 11: 1, 16: -1, 17: 1, 18: 1, 20: -1},
    {3: -1, 5: -1, 7: 1, 9: -1, 10: 1, 13: -1, 14: 1},
    {0: 8, 2: -5, 3: 9, 4: -4, 5: -5, 6: 1, 7: 6, 8: -1, 9: 1, 11: -3, 12: 2, 13: 7, 14: -2,
     15: -3, 16: 2, 17: -4, 18: -4, 19: 1, 20: 2, 21: 1},
    {0: -11, 2: 6, 3: -11, 4: 5, 5: 8, 6: -1, 7: -11, 8: 2, 10: -1, 11: 4, 12: -3, 13: -11,
     14: 2, 15: 5, 16: -2, 17: 6, 18: 6, 19: -2, 20: -3, 21: -1},
    {0: 7, 1: 1, 2: -4, 3: 6, 4: -3, 5: -5, 7: 9, 8: -2, 10: 1, 11: -3, 12: 2, 13: 8, 14: -1,
     15: -4, 16: 1, 17: -4, 18: -5, 19: 2, 20: 2, 21: 1},
    {0: -1, 1: -1, 3: 1, 5: -1, 6: 1, 7: -1, 8: 1},
    {2: 1, 3: -1, 5: 2, 6: -1, 7: -2, 11: 1, 12: -1, 13: -2, 15: 1, 17: 1, 18: 1, 19: -1},
    {0: -1, 1: 1, 3: -1, 4: 1},
    {0: -1, 1: -1, 2: 1},
    {0: 1},
]
# gf2x's XOR lists (mul7cl.c), to check the mod-2 reduction against
M7_GF2 = [
    [13], [9, 13, 18], [7, 9, 13, 15], [2, 4, 7, 10, 11, 16, 17, 18, 20], [3, 5, 7, 9, 10, 13, 14],
    [2, 3, 5, 6, 8, 9, 11, 13, 15, 19, 21], [0, 3, 4, 6, 7, 10, 12, 13, 15, 20, 21],
    [0, 1, 4, 5, 7, 10, 11, 14, 16, 18, 21], [0, 1, 3, 5, 6, 7, 8], [2, 3, 6, 11, 12, 15, 17, 18, 19],
    [0, 1, 3, 4], [0, 1, 2], [0]]


def m6(cpow):
    """(forms, table) of the 6-term formula with C = X^cpow (drops Q1) or C = 0 (drops Q0)."""
    used = [j for j in range(18) if j != (1 if cpow is not None else 0)]
    forms = [M6_CFORM[j][0] for j in used]
    table = []
    for k in range(11):
        row = {}
        for n, j in enumerate(used):
            _, w, g = M6_CFORM[j]
            v = w.get(k, 0) + (g if cpow == k else 0)
            if v:
                row[n] = v
        table.append(row)
    return forms, table


def exact_check(forms, table, n, mod=None):
    """The formal bilinear identity: for every k and ordered (i, l),
    sum_j F[k][j] s_j(i) s_j(l) == [i + l == k] (over Z, or mod `mod`)."""
    if len(table) != 2 * n - 1:
        return False
    for k, row in enumerate(table):
        for i in range(n):
            for l in range(n):
                v = sum(c * forms[j].get(i, 0) * forms[j].get(l, 0) for j, c in row.items())
                d = v - (1 if i + l == k else 0)
                if (d % mod if mod else d) != 0:
                    return False
    return True


def mod2(table):
    return [{j: 1 for j, c in row.items() if c % 2} for row in table]


# ------------------------------------------------------------------ straight-line programs
class Prog:
    """Rows of {var: coeff}; variables are inputs ('x', i) or temporaries ('t', i)."""

    def __init__(self, rows, char2=False):
        self.rows = [dict(r) for r in rows]
        self.temps = []  # (var_a, coeff_a, var_b, coeff_b)
        self.char2 = char2

    def share_pairs(self, unit_only=True):
        """Greedy common-pair elimination: the pair (x, y) with y's coefficient a fixed
        multiple (+1 or -1) of x's that occurs in the most rows becomes a temporary."""
        while True:
            counts = {}
            for row in self.rows:
                keys = sorted(row, key=str)
                for x, y in itertools.combinations(keys, 2):
                    u, v = row[x], row[y]
                    if self.char2:
                        key = (x, y, 1)
                    elif abs(u) == abs(v):
                        key = (x, y, 1 if u == v else -1)
                    else:
                        continue
                    counts[key] = counts.get(key, 0) + 1
            if not counts:
                return
            best = max(counts.items(), key=lambda kv: (kv[1], str(kv[0])))
            (x, y, s), c = best
            if c < 2:
                return
            t = ('t', len(self.temps))
            self.temps.append((x, 1, y, s))
            for row in self.rows:
                if x in row and y in row:
                    u, v = row[x], row[y]
                    if self.char2 or v == s * u:
                        del row[x], row[y]
                        row[t] = u
        # unreachable


def small_cost(m):
    """El Mrabet et al.'s convention, as halfroot's Counting field counts mul_small."""
    return 1 if m in (2, 3, 4, 8) else 2


def row_plan(row):
    """Group a row by |coefficient|: [(m, [(var, sign)])] with m ascending."""
    groups = {}
    for v, c in sorted(row.items(), key=lambda kv: str(kv[0])):
        groups.setdefault(abs(c), []).append((v, 1 if c > 0 else -1))
    return sorted(groups.items())


def cost_of(prog):
    """(additions, small-multiple additions-equivalent) of a combination program."""
    adds = len(prog.temps)
    smul = 0
    for row in prog.rows:
        plan = row_plan(row)
        terms = 0
        for m, vs in plan:
            adds += len(vs) - 1
            if m != 1:
                smul += small_cost(m)
            terms += 1
        adds += terms - 1
        # an all-negative row costs one negation
        if row and all(s < 0 for _, vs in plan for _, s in vs):
            adds += 1
    return adds, smul


# ------------------------------------------------------------------ Rust emission
HEADER_NOTE = ("// @generated by scripts/gen_montgomery_formulas.py -- do not edit by hand;\n"
               "// `cargo test` checks that this file equals a fresh generation.\n")


def name(v, prefix):
    kind, i = v
    return f"{prefix}{i}" if kind == 't' else None


class Formula:
    def __init__(self, k, forms, table, label):
        self.k, self.forms, self.table, self.label = k, forms, table, label
        self.m = len(forms)
        op = Prog([{('x', i): s for i, s in f.items()} for f in forms])
        op.share_pairs()
        self.op = op
        comb = Prog([{('x', j): c for j, c in row.items()} for row in table])
        comb.share_pairs()
        self.comb = comb
        opc2 = Prog([{('x', i): 1 for i in f} for f in forms], char2=True)
        opc2.share_pairs()
        self.op2 = opc2
        comb2 = Prog([{('x', j): 1 for j in row} for row in mod2(table)], char2=True)
        comb2.share_pairs()
        self.comb2 = comb2
        self.max_small = max([m for row in comb.rows for m, _ in row_plan(row)] + [1])

    def op_adds(self):
        return len(self.op.temps) + sum(len(r) - 1 for r in self.op.rows)

    def comb_cost(self):
        return cost_of(self.comb)


def emit_signed_sum(terms, ref, add, sub, neg):
    """Rust expression for sum of (+-1) * ref(var); the first positive term leads."""
    terms = sorted(terms, key=lambda t: (t[1] < 0, str(t[0])))
    if terms[0][1] < 0:
        inner = emit_signed_sum([(v, -s) for v, s in terms], ref, add, sub, neg)
        return neg(inner)
    e = ref(terms[0][0])
    for v, s in terms[1:]:
        e = (add if s > 0 else sub)(e, ref(v))
    return e


def emit_reduced(fm):
    k, m = fm.k, fm.m
    out = []
    w = out.append
    fn_ops = f"operands{k}"
    w(f"/// The {m} operands of one factor (the products' signed coefficient sums).\n")
    w(f"#[inline]\n")
    w(f"fn {fn_ops}<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> [F::Elem; {m}] {{\n")
    ref_a = lambda v: f"a[{v[1]}]" if v[0] == 'x' else f"o{v[1]}"
    add = lambda x, y: f"f.add(&{x}, &{y})"
    sub = lambda x, y: f"f.sub(&{x}, &{y})"
    neg = lambda x: f"f.neg(&{x})"
    for i, (x, cx, y, cy) in enumerate(fm.op.temps):
        e = emit_signed_sum([(x, cx), (y, cy)], ref_a, add, sub, neg)
        w(f"    let o{i} = {e};\n")
    w("    [\n")
    for row in fm.op.rows:
        terms = sorted(row.items(), key=lambda kv: str(kv[0]))
        if len(terms) == 1 and terms[0][1] == 1:
            w(f"        {ref_a(terms[0][0])}.clone(),\n")
        else:
            w(f"        {emit_signed_sum(terms, ref_a, add, sub, neg)},\n")
    w("    ]\n}\n\n")
    w(f"/// The {2 * k - 1} coefficients from the {m} products.\n")
    w(f"#[inline]\n")
    w(f"fn combine{k}<F: PrimeFieldOps>(f: &F, p: &[F::Elem; {m}]) -> Vec<F::Elem> {{\n")
    ref_p = lambda v: f"p[{v[1]}]" if v[0] == 'x' else f"s{v[1]}"
    for i, (x, cx, y, cy) in enumerate(fm.comb.temps):
        e = emit_signed_sum([(x, cx), (y, cy)], ref_p, add, sub, neg)
        w(f"    let s{i} = {e};\n")
    names = []
    for kk, row in enumerate(fm.comb.rows):
        plan = row_plan(row)
        parts = []  # (expr, sign)
        for mm, vs in plan:
            g = emit_signed_sum(vs, ref_p, add, sub, neg) if len(vs) > 1 or vs[0][1] < 0 \
                else ref_p(vs[0][0])
            if mm == 1:
                if len(vs) == 1:
                    parts.append((ref_p(vs[0][0]), vs[0][1]))
                else:
                    # splice the unit group's terms directly
                    parts.extend((ref_p(v), s) for v, s in vs)
            else:
                if len(vs) == 1:
                    parts.append((f"f.mul_small(&{ref_p(vs[0][0])}, {mm})", vs[0][1]))
                else:
                    # sign-normalise the group so that its leading term is positive
                    lead = sorted(vs, key=lambda t: (t[1] < 0, str(t[0])))[0][1]
                    gn = emit_signed_sum([(v, s * lead) for v, s in vs], ref_p, add, sub, neg)
                    parts.append((f"f.mul_small(&{gn}, {mm})", lead))
        e = emit_signed_sum(parts, lambda x: x, add, sub, neg)
        if not e.startswith("f."):
            e += ".clone()"
        w(f"    let c{kk} = {e};\n")
        names.append(f"c{kk}")
    w(f"    vec![{', '.join(names)}]\n}}\n\n")
    w(f"/// The {2 * k - 1} coefficients of `a·b` for {k}-term `a`, `b` ({m}M).\n")
    w(f"pub fn mul{k}<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {{\n")
    w(f"    let oa = {fn_ops}(f, a);\n    let ob = {fn_ops}(f, b);\n")
    w(f"    let p: [F::Elem; {m}] = core::array::from_fn(|i| f.mul(&oa[i], &ob[i]));\n")
    w(f"    combine{k}(f, &p)\n}}\n\n")
    w(f"/// The {2 * k - 1} coefficients of `a²` for {k}-term `a` ({m}S).\n")
    w(f"pub fn sqr{k}<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> Vec<F::Elem> {{\n")
    w(f"    let oa = {fn_ops}(f, a);\n")
    w(f"    let p: [F::Elem; {m}] = core::array::from_fn(|i| f.sqr(&oa[i]));\n")
    w(f"    combine{k}(f, &p)\n}}\n")
    return "".join(out)


def emit_lazy(fm):
    k, m = fm.k, fm.m
    out = []
    w = out.append
    w(f"#[inline(always)]\n")
    w(f"fn operands{k}<const N: usize>(a: &[[u64; N]]) -> [Ev<N>; {m}] {{\n")
    w(f"    let e: [Ev<N>; {k}] = core::array::from_fn(|i| Ev::from_limbs(a[i]));\n")
    ref_a = lambda v: f"e[{v[1]}]" if v[0] == 'x' else f"o{v[1]}"
    add = lambda x, y: f"{x}.add(&{y})"
    sub = lambda x, y: f"{x}.sub(&{y})"
    neg = lambda x: f"Ev::ZERO.sub(&{x})"
    for i, (x, cx, y, cy) in enumerate(fm.op.temps):
        w(f"    let o{i} = {emit_signed_sum([(x, cx), (y, cy)], ref_a, add, sub, neg)};\n")
    w("    [\n")
    for row in fm.op.rows:
        terms = sorted(row.items(), key=lambda kv: str(kv[0]))
        w(f"        {emit_signed_sum(terms, ref_a, add, sub, neg)},\n")
    w("    ]\n}\n\n")
    w(f"#[inline(always)]\n")
    w(f"fn combine{k}<const N: usize>(p: &[Wide<N>; {m}], c: &mut [Wide<N>]) {{\n")
    ref_p = lambda v: f"p[{v[1]}]" if v[0] == 'x' else f"s{v[1]}"
    addw = lambda x, y: f"{x}.add(&{y})"
    subw = lambda x, y: f"{x}.sub(&{y})"
    negw = lambda x: f"{x}.neg()"
    for i, (x, cx, y, cy) in enumerate(fm.comb.temps):
        w(f"    let s{i} = {emit_signed_sum([(x, cx), (y, cy)], ref_p, addw, subw, negw)};\n")
    for kk, row in enumerate(fm.comb.rows):
        plan = row_plan(row)
        unit = [(ref_p(v), s) for mm, vs in plan if mm == 1 for v, s in vs]
        multi = [(mm, vs) for mm, vs in plan if mm != 1]
        if unit:
            e = emit_signed_sum(unit, lambda x: x, addw, subw, negw)
        else:
            e = "Wide::ZERO"
        for mm, vs in multi:
            if len(vs) == 1:
                g, s = ref_p(vs[0][0]), vs[0][1]
            else:
                s = sorted(vs, key=lambda t: (t[1] < 0, str(t[0])))[0][1]
                g = "(" + emit_signed_sum([(v, x * s) for v, x in vs], ref_p, addw, subw, negw) + ")"
            e = f"{e}.{'add' if s > 0 else 'sub'}_mul_small(&{g}, {mm})"
        w(f"    c[{kk}] = {e};\n")
    w("}\n\n")
    w(f"/// The {2 * k - 1} integer coefficients of `a·b` for {k}-term `a`, `b` ({m} products).\n")
    w(f"#[inline(always)]\n")
    w(f"pub fn mul{k}<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {{\n")
    w(f"    let oa = operands{k}(a);\n    let ob = operands{k}(b);\n")
    w(f"    let p: [Wide<N>; {m}] = core::array::from_fn(|i| oa[i].mul_signed(&ob[i]));\n")
    w(f"    combine{k}(&p, c);\n}}\n\n")
    w(f"/// The {2 * k - 1} integer coefficients of `a²` ({m} squarings).\n")
    w(f"#[inline(always)]\n")
    w(f"pub fn sqr{k}<const N: usize>(a: &[[u64; N]], c: &mut [Wide<N>]) {{\n")
    w(f"    let oa = operands{k}(a);\n")
    w(f"    let p: [Wide<N>; {m}] = core::array::from_fn(|i| oa[i].sqr_signed());\n")
    w(f"    combine{k}(&p, c);\n}}\n")
    return "".join(out)


def emit_clmul(fm):
    k, m = fm.k, fm.m
    out = []
    w = out.append
    w(f"/// {k} words: Montgomery's {m}-product formula reduced mod 2 ({m} carry-less products).\n")
    w(f"#[inline(always)]\n")
    w(f"pub(super) unsafe fn k{k}m(a: &[u64; {k}], b: &[u64; {k}]) -> [u64; {2 * k}] {{\n")
    # operand i of both factors in one register: [a_i, b_i]; sums are vector XORs and
    # each product multiplies the low lane by the high lane (imm8 0x10)
    x = lambda e1, e2: f"_mm_xor_si128({e1}, {e2})"
    ref = lambda v: f"v{v[1]}" if v[0] == 'x' else f"o{v[1]}"
    for i in range(k):
        w(f"    let v{i} = _mm_set_epi64x(b[{i}] as i64, a[{i}] as i64);\n")
    for i, (u, _, v, _) in enumerate(fm.op2.temps):
        w(f"    let o{i} = {x(ref(u), ref(v))};\n")
    for j, row in enumerate(fm.op2.rows):
        vs = sorted(row, key=str)
        e = ref(vs[0])
        for v in vs[1:]:
            e = x(e, ref(v))
        w(f"    let p{j} = cl_lanes({e});\n")
    ref_p = lambda v: f"p{v[1]}" if v[0] == 'x' else f"s{v[1]}"
    x = lambda e1, e2: f"_mm_xor_si128({e1}, {e2})"
    for i, (u, _, v, _) in enumerate(fm.comb2.temps):
        w(f"    let s{i} = {x(ref_p(u), ref_p(v))};\n")
    for kk, row in enumerate(fm.comb2.rows):
        vs = sorted(row, key=str)
        e = ref_p(vs[0])
        for v in vs[1:]:
            e = x(e, ref_p(v))
        w(f"    let c{kk} = {e};\n")
    # c_j sits at word offset j: the words 2i, 2i + 1 are c_2i ^ (c_2i+1 << 64) ^ (c_2i-1 >> 64)
    w(f"    let mut r = [0u64; {2 * k}];\n")
    for i in range(k):
        terms = []
        if 2 * i < 2 * k - 1:
            terms.append(f"c{2 * i}")
        if 2 * i + 1 < 2 * k - 1:
            terms.append(f"_mm_slli_si128(c{2 * i + 1}, 8)")
        if 2 * i - 1 >= 0:
            terms.append(f"_mm_srli_si128(c{2 * i - 1}, 8)")
        e = terms[0]
        for t in terms[1:]:
            e = x(e, t)
        w(f"    (r[{2 * i}], r[{2 * i + 1}]) = words({e});\n")
    w("    r\n}\n")
    return "".join(out)


def build():
    random.seed(2005)
    f6x6, t6x6 = m6(6)
    f60, t60 = m6(None)
    assert exact_check(f6x6, t6x6, 6) and exact_check(f60, t60, 6), "6-term identity"
    assert exact_check(M7_FORMS, M7_C, 7), "7-term identity over Z"
    assert mod2(M7_C) == [{j: 1 for j in row} for row in M7_GF2], "7-term mod 2 = gf2x"
    assert exact_check(M7_FORMS, mod2(M7_C), 7, mod=2)
    # 6 terms: both choices of C drop one product; keep the one whose combination is cheaper
    cands = [Formula(6, f6x6, t6x6, "C = X^6 (Q1 dropped)"), Formula(6, f60, t60, "C = 0 (Q0 dropped)")]
    f6 = min(cands, key=lambda f: (sum(f.comb_cost()) + f.op_adds(), f.label))
    f7 = Formula(7, M7_FORMS, M7_C, "gf2x supports, integer sign lift")
    return f6, f7


def doc_costs(fm):
    a, s = fm.comb_cost()
    return (f"//! k = {fm.k} ({fm.label}): {fm.m} products; operands {fm.op_adds()}A per factor; "
            f"combination {a}A + {s}A\n//! of small multiples (mul_small: x2, x3, x4, x8 count 1A, others 2A); "
            f"largest small multiple {fm.max_small}.\n")


def files():
    f6, f7 = build()
    src = ("//! Source: P. L. Montgomery, \"Five, six, and seven-term Karatsuba-like formulae\", IEEE\n"
           "//! Trans. Computers 54(3), 2005. 6 terms: the formula with free polynomial C (transcribed\n"
           "//! from gnark-crypto's `mulMontgomery6` comment, five coefficients corrected); 7 terms: the\n"
           "//! unique division-free sign lift of the supports of gf2x's `mul7cl.c`. Both are identities\n"
           "//! over Z (checked by the generator before it writes), so they hold in every ring.\n")
    reduced = (HEADER_NOTE +
               "//! Montgomery's six-term (17M) and seven-term (22M) Karatsuba-like products over any\n"
               "//! [`PrimeFieldOps`], one Montgomery-reduced product per M.\n//!\n" + src +
               "//! Cost (the additions as [`crate::count::Counting`] counts them; the squaring shares\n"
               "//! one factor's operands):\n" + doc_costs(f6) + doc_costs(f7) +
               "//! Preconditions: k = 6 or 7 and q above the largest small multiple ([`MAX_SMALL_6`],\n"
               "//! [`MAX_SMALL_7`]). Constant time if the base field is.\n\n"
               "use crate::prime::PrimeFieldOps;\n\n"
               f"/// The largest small multiple the 6-term combination takes.\npub const MAX_SMALL_6: u64 = {f6.max_small};\n"
               f"/// The largest small multiple the 7-term combination takes.\npub const MAX_SMALL_7: u64 = {f7.max_small};\n\n"
               + emit_reduced(f6) + "\n" + emit_reduced(f7))
    lazy = (HEADER_NOTE +
            "//! Lazy forms of Montgomery's six-term (17 products) and seven-term (22 products)\n"
            "//! Karatsuba-like formulae over Z: signed (N+1)-word operands, signed (2N+1)-word\n"
            "//! products, the combination exact over Z (so the result is the integer product of the\n"
            "//! coefficient vectors), then one REDC per output coefficient by the caller.\n//!\n" + src +
            "//! Cost: the products are (N+1)×(N+1)-word; operands |x| ≤ 7p; the combination's small\n"
            "//! multiples are one multiply-add pass each (`add_mul_small`).\n" + doc_costs(f6) + doc_costs(f7) +
            "//! Preconditions: k = 6 or 7. Constant time.\n\n"
            "#![allow(clippy::needless_range_loop)]\n\n"
            "use super::{Ev, Wide};\n\n" + emit_lazy(f6) + "\n" + emit_lazy(f7))
    clmul = (HEADER_NOTE +
             "//! 6- and 7-word carry-less products by Montgomery's formulae reduced mod 2: 17 and 22\n"
             "//! PCLMULQDQ against 18 and 24 for the Karatsuba arrangements of [`super`].\n//!\n" + src +
             f"//! XORs: 6 words {f6.op_adds() if False else len(f6.op2.temps) + sum(len(r) - 1 for r in f6.op2.rows)} per operand, "
             f"{len(f6.comb2.temps) + sum(len(r) - 1 for r in f6.comb2.rows)} on products; 7 words "
             f"{len(f7.op2.temps) + sum(len(r) - 1 for r in f7.op2.rows)} per operand, "
             f"{len(f7.comb2.temps) + sum(len(r) - 1 for r in f7.comb2.rows)} on products.\n"
             "//! Constant-time: yes (straight-line code). Only inlined into feature-enabled\n"
             "//! functions, like the other kernels of [`super`].\n"
             "#![allow(unsafe_code)]\n\n"
             "use super::words;\n"
             "use core::arch::x86_64::{\n"
             "    __m128i, _mm_clmulepi64_si128, _mm_set_epi64x, _mm_slli_si128, _mm_srli_si128,\n"
             "    _mm_xor_si128,\n};\n\n"
             "/// The carry-less product of a vector's low lane by its high lane.\n"
             "#[inline(always)]\n"
             "unsafe fn cl_lanes(v: __m128i) -> __m128i {\n"
             "    // SAFETY: only inlined into functions compiled with PCLMULQDQ (module header).\n"
             "    unsafe { _mm_clmulepi64_si128(v, v, 0x10) }\n"
             "}\n\n" + emit_clmul(f6) + "\n" + emit_clmul(f7))
    return {
        "crates/halfroot/src/ext/mul/montgomery67.rs": reduced,
        "crates/halfroot/src/ext/lazy/montgomery67.rs": lazy,
        "crates/halfroot/src/binary/backend/x86_64/montgomery_clmul.rs": clmul,
    }


def main():
    check = "--check" in sys.argv[1:]
    bad = []
    for rel, text in files().items():
        path = os.path.join(ROOT, rel)
        if check:
            try:
                with open(path, encoding="utf-8") as fh:
                    if fh.read() != text:
                        bad.append(rel)
            except FileNotFoundError:
                bad.append(rel)
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
    if bad:
        print("out of date (run scripts/gen_montgomery_formulas.py): " + ", ".join(bad), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
