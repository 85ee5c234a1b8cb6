//! Change of basis between two polynomial bases of F_2^d: [`BasisConverter`].
//!
//! Source: Avanzi, Remark 1 (change of defining polynomial, "about one field
//! multiplication"); root finding by the trace splitting of Berlekamp (*Factoring
//! polynomials over large finite fields*, Math. Comp. 24, 1970) and Cantor–Zassenhaus
//! (1981): for `β ∈ K`, `T_β(Y) = Σ_{i<d} (βY)^(2^i) mod P₁(Y)` takes the value
//! `Tr(βy) ∈ F_2` at every root `y` of `P₁` in `K`, so `gcd(g, T_β)` and `gcd(g, T_β + 1)`
//! split the roots of `g`.
//!
//! With `K = F_2[X]/(P₂)` and `r ∈ K` a root of `P₁`, the map `Σ aᵢ x₁ⁱ ↦ Σ aᵢ rⁱ` is a field
//! isomorphism `F_2[X]/(P₁) → K`; its matrix has columns `rⁱ` and its inverse is computed
//! by Gauss–Jordan elimination over GF(2). Both are applied with byte-wise tables: for
//! each byte position `k` and byte value `v`, the image of `v·x^(8k)`, so a conversion is
//! `⌈d/8⌉` table reads and `⌈d/8⌉·⌈d/64⌉` word XORs (the cost of a multiplication in
//! the paper's sense); the tables take `2·⌈d/8⌉·256·⌈d/64⌉` words (258 KiB at d = 163).
//!
//! Set-up (root, matrices, tables): `O(d²·log d)` field operations in `K` plus `O(d³/64)`
//! word operations; run once per pair. Conversion: constant-time? No — table reads are
//! indexed by the element's bytes (cache-timing); use it on public data or accept that.

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::dynamic::DynBinaryField;
use super::modulus::{Modulus, ModulusSpec};
use crate::error::{Error, Result};

/// Byte-wise lookup tables of a GF(2)-linear map on `d`-bit vectors.
#[derive(Clone, Debug)]
struct ByteTables {
    bytes: usize,
    words: usize,
    /// `data[(k·256 + v)·words ..][..words]`: image of byte value `v` at byte `k`.
    data: Vec<u64>,
}

impl ByteTables {
    /// Tables for the map with these column images (`columns[i]` = image of `x^i`).
    fn new(columns: &[Vec<u64>], words: usize) -> ByteTables {
        let d = columns.len();
        let bytes = d.div_ceil(8);
        let mut data = vec![0u64; bytes * 256 * words];
        for k in 0..bytes {
            for v in 1usize..256 {
                let low = v.trailing_zeros() as usize;
                let bit = 8 * k + low;
                let prev = v & (v - 1);
                let (src, dst) = ((k * 256 + prev) * words, (k * 256 + v) * words);
                for w in 0..words {
                    let col = if bit < d { columns[bit][w] } else { 0 };
                    data[dst + w] = data[src + w] ^ col;
                }
            }
        }
        ByteTables { bytes, words, data }
    }

    /// `out = map(a)`; `a` and `out` have `words` words.
    #[inline]
    fn apply(&self, a: &[u64], out: &mut [u64]) {
        for o in out.iter_mut() {
            *o = 0;
        }
        match self.words {
            1 => self.apply_n::<1>(a, out),
            2 => self.apply_n::<2>(a, out),
            3 => self.apply_n::<3>(a, out),
            4 => self.apply_n::<4>(a, out),
            5 => self.apply_n::<5>(a, out),
            6 => self.apply_n::<6>(a, out),
            7 => self.apply_n::<7>(a, out),
            8 => self.apply_n::<8>(a, out),
            9 => self.apply_n::<9>(a, out),
            _ => {
                for k in 0..self.bytes {
                    let v = (a.get(k / 8).copied().unwrap_or(0) >> (8 * (k % 8))) & 0xff;
                    let base = (k * 256 + v as usize) * self.words;
                    if let Some(row) = self.data.get(base..base + self.words) {
                        for (o, r) in out.iter_mut().zip(row) {
                            *o ^= r;
                        }
                    }
                }
            }
        }
    }

    #[inline]
    fn apply_n<const N: usize>(&self, a: &[u64], out: &mut [u64]) {
        let mut acc = [0u64; N];
        for (k, chunk) in self.data.chunks_exact(256 * N).take(self.bytes).enumerate() {
            let v = (a.get(k / 8).copied().unwrap_or(0) >> (8 * (k % 8))) & 0xff;
            let row = &chunk[v as usize * N..v as usize * N + N];
            for i in 0..N {
                acc[i] ^= row[i];
            }
        }
        for (o, x) in out.iter_mut().zip(acc) {
            *o = x;
        }
    }
}

/// A field isomorphism `F_2[X]/(P_from) → F_2[X]/(P_to)` and its inverse, for two
/// irreducible polynomials of the same degree.
///
/// ```
/// use halfroot::binary::convert::BasisConverter;
/// use halfroot::binary::modulus::Modulus;
/// let from = Modulus::parse("163,7,6,3,0")?;
/// let to = Modulus::parse("163,57,49,29,0")?;
/// let c = BasisConverter::new(&from, &to)?;
/// let a = vec![0x1234u64, 0, 0];
/// let b = c.forward(&a)?;
/// assert_eq!(c.backward(&b)?, a);
/// # Ok::<(), halfroot::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct BasisConverter {
    from: DynBinaryField,
    to: DynBinaryField,
    root: Vec<u64>,
    fwd: ByteTables,
    bwd: ByteTables,
}

/// Polynomials over `K` (coefficient vectors, lowest degree first, no trailing zeros).
type KPoly = Vec<Vec<u64>>;

fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&w| w == 0)
}

fn trim(p: &mut KPoly) {
    while p.last().is_some_and(|c| is_zero(c)) {
        p.pop();
    }
}

/// `a mod b` over `K` (`b` non-zero).
fn kpoly_rem(k: &DynBinaryField, a: &KPoly, b: &KPoly) -> Result<KPoly> {
    let mut r = a.clone();
    trim(&mut r);
    let m = b.len() - 1;
    let one = k.one();
    let monic = b[m] == one;
    let lead_inv = if monic { one.clone() } else { k.inv(&b[m])? };
    while r.len() > m {
        let top = r.len() - 1;
        let c = if monic {
            r[top].clone()
        } else {
            k.mul(&r[top], &lead_inv)?
        };
        if !is_zero(&c) {
            for (j, bj) in b.iter().enumerate() {
                if is_zero(bj) {
                    continue;
                }
                let idx = top - m + j;
                // Coefficients 1 (a polynomial over F_2) need no product.
                r[idx] = if *bj == one {
                    k.add(&r[idx], &c)?
                } else {
                    k.add(&r[idx], &k.mul(&c, bj)?)?
                };
            }
        }
        trim(&mut r);
    }
    Ok(r)
}

/// Monic gcd over `K`.
fn kpoly_gcd(k: &DynBinaryField, a: &KPoly, b: &KPoly) -> Result<KPoly> {
    let (mut x, mut y) = (a.clone(), b.clone());
    trim(&mut x);
    trim(&mut y);
    while !y.is_empty() {
        let r = kpoly_rem(k, &x, &y)?;
        x = y;
        y = r;
    }
    if let Some(lead) = x.last().cloned() {
        let inv = k.inv(&lead)?;
        for c in x.iter_mut() {
            *c = k.mul(c, &inv)?;
        }
    }
    Ok(x)
}

/// A root in `K` of the polynomial with these exponents (irreducible over F_2 of degree
/// `deg K`), by trace splitting with a fixed-seed generator.
fn find_root(k: &DynBinaryField, exps: &[u32]) -> Result<Vec<u64>> {
    let d = exps[0] as usize;
    let one = k.one();
    let mut p: KPoly = vec![k.zero(); d + 1];
    for &e in exps {
        p[e as usize] = one.clone();
    }
    let mut g = p.clone();
    let mut rng = StdRng::seed_from_u64(0x5353_5246);
    let mut attempts = 0;
    while g.len() > 2 {
        attempts += 1;
        if attempts > 64 * (d + 8) {
            return Err(Error::ReducibleModulus {
                modulus: format!("{exps:?}"),
                reason: "no root found in the target field".into(),
            });
        }
        let beta = k.random(&mut rng);
        // u = βY mod P, T = Σ u^(2^i).
        let mut u: KPoly = vec![k.zero(), beta];
        u = kpoly_rem(k, &u, &p)?;
        let mut t = u.clone();
        for _ in 1..d {
            let mut sq: KPoly = vec![k.zero(); 2 * u.len()];
            for (i, c) in u.iter().enumerate() {
                sq[2 * i] = k.sqr(c)?;
            }
            u = kpoly_rem(k, &sq, &p)?;
            if t.len() < u.len() {
                t.resize(u.len(), k.zero());
            }
            for (ti, ui) in t.iter_mut().zip(&u) {
                *ti = k.add(ti, ui)?;
            }
        }
        trim(&mut t);
        // The roots of g with Tr(β·y) = 0: a proper non-empty subset about half the
        // time (the complement, gcd(g, T + 1), is never needed: either side shrinks g).
        let h0 = kpoly_gcd(k, &g, &t)?;
        if h0.len() >= 2 && h0.len() < g.len() {
            g = h0;
        }
    }
    if g.len() != 2 {
        return Err(Error::ReducibleModulus {
            modulus: format!("{exps:?}"),
            reason: "has no root in the target field".into(),
        });
    }
    // g = Y + c (monic): the root is c.
    Ok(g[0].clone())
}

impl BasisConverter {
    /// The converter from the basis of `from` to that of `to`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if the degrees differ; [`Error::ReducibleModulus`] if
    /// either polynomial is reducible.
    pub fn new(from: &Modulus, to: &Modulus) -> Result<BasisConverter> {
        if from.degree() != to.degree() {
            return Err(Error::InvalidArgument {
                name: "to".into(),
                value: to.to_string(),
                reason: format!(
                    "degree {} differs from the degree {} of {from}",
                    to.degree(),
                    from.degree()
                ),
            });
        }
        let fk = DynBinaryField::from_modulus(from.clone())?;
        let tk = DynBinaryField::from_modulus(to.clone())?;
        let d = from.degree() as usize;
        let words = tk.words();
        let root = find_root(&tk, &from.exponents())?;
        // Columns r^i.
        let mut cols: Vec<Vec<u64>> = Vec::with_capacity(d);
        let mut c = tk.one();
        for _ in 0..d {
            cols.push(c.clone());
            c = tk.mul(&c, &root)?;
        }
        let inv = invert(&cols, d, words).ok_or_else(|| Error::ReducibleModulus {
            modulus: to.to_string(),
            reason: "the conversion matrix is singular".into(),
        })?;
        Ok(BasisConverter {
            fwd: ByteTables::new(&cols, words),
            bwd: ByteTables::new(&inv, words),
            from: fk,
            to: tk,
            root,
        })
    }

    /// The image of `x` (the root of `P_from` in the `to` field).
    pub fn root(&self) -> &[u64] {
        &self.root
    }

    /// The field of the source basis.
    pub fn from_field(&self) -> &DynBinaryField {
        &self.from
    }

    /// The field of the target basis.
    pub fn to_field(&self) -> &DynBinaryField {
        &self.to
    }

    /// `a` (in the `from` basis) in the `to` basis.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if `a` is not a reduced element of the `from` field.
    pub fn forward(&self, a: &[u64]) -> Result<Vec<u64>> {
        self.from.check(a)?;
        let mut out = vec![0u64; a.len()];
        self.fwd.apply(a, &mut out);
        Ok(out)
    }

    /// `b` (in the `to` basis) back in the `from` basis.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if `b` is not a reduced element of the `to` field.
    pub fn backward(&self, b: &[u64]) -> Result<Vec<u64>> {
        self.to.check(b)?;
        let mut out = vec![0u64; b.len()];
        self.bwd.apply(b, &mut out);
        Ok(out)
    }

    /// [`BasisConverter::forward`] into a buffer, without checks: `a` must be reduced
    /// and both slices `⌈d/64⌉` words long (extra words of `out` are left as they are,
    /// missing words of `a` read as zero).
    #[inline]
    pub fn forward_into(&self, a: &[u64], out: &mut [u64]) {
        self.fwd.apply(a, out);
    }

    /// [`BasisConverter::backward`] into a buffer, without checks (see
    /// [`BasisConverter::forward_into`]).
    #[inline]
    pub fn backward_into(&self, b: &[u64], out: &mut [u64]) {
        self.bwd.apply(b, out);
    }

    /// The matrix of the forward map as its columns (images of `x^i`).
    pub fn forward_columns(&self) -> Vec<Vec<u64>> {
        let d = self.from.degree() as usize;
        let w = self.from.words();
        (0..d)
            .map(|i| {
                let mut e = vec![0u64; w];
                e[i / 64] = 1 << (i % 64);
                let mut out = vec![0u64; w];
                self.fwd.apply(&e, &mut out);
                out
            })
            .collect()
    }
}

/// The inverse of the GF(2) matrix with these columns (`d` columns of `d` bits), as
/// its columns; `None` if singular.
fn invert(cols: &[Vec<u64>], d: usize, words: usize) -> Option<Vec<Vec<u64>>> {
    // Pairs (v, c) with v = M·c; reduce the v to unit vectors.
    let mut pairs: Vec<(Vec<u64>, Vec<u64>)> = cols
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut c = vec![0u64; words];
            c[i / 64] = 1 << (i % 64);
            (v.clone(), c)
        })
        .collect();
    for bit in 0..d {
        let (wi, mask) = (bit / 64, 1u64 << (bit % 64));
        let p = (bit..d).find(|&i| pairs[i].0[wi] & mask != 0)?;
        pairs.swap(bit, p);
        let (pv, pc) = pairs[bit].clone();
        for (i, (v, c)) in pairs.iter_mut().enumerate() {
            if i != bit && v[wi] & mask != 0 {
                for (a, b) in v.iter_mut().zip(&pv) {
                    *a ^= b;
                }
                for (a, b) in c.iter_mut().zip(&pc) {
                    *a ^= b;
                }
            }
        }
    }
    // pairs[j].0 = e_j, so M^(−1) e_j = pairs[j].1.
    Some(pairs.into_iter().map(|(_, c)| c).collect())
}
