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
//! by Gauss–Jordan elimination over GF(2). Both are applied as
//! [`LinearMap`]s: for each chunk position and chunk value
//! the image of `v·x^(W·k)`, so a conversion is one table read and one (ymm) XOR per
//! chunk — `⌈d/8⌉` reads with [`Layout::Byte`] (the paper's "about one multiplication").
//!
//! Two types: [`BasisConverterN`] (elements `[u64; N]`, no allocation, a layout of
//! choice) and the dynamic [`BasisConverter`] (`&[u64]`/`Vec<u64>`, any degree), which
//! holds a `BasisConverterN` for ⌈d/64⌉ ≤ 9 (dispatching once per call on the word
//! count) and byte tables over slices above.
//!
//! Set-up (root, matrices, tables): `O(d²·log d)` field operations in `K` plus `O(d³/64)`
//! word operations; run once per pair. Conversion: constant-time? No — table reads are
//! indexed by the element's bytes (cache-timing); use it on public data or accept that.

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::dynamic::DynBinaryField;
use super::linear_map::affine::{AffineKernel, AffineMap};
use super::linear_map::{Layout, LinearMap};
use super::modulus::{Modulus, ModulusSpec};
use crate::error::{Error, Result};

/// The layout [`BasisConverter`] and [`BasisConverterN::new`] use: byte tables (fewest
/// lookups; measured fastest at 163 and 233 in `benches/convert.rs`, ahead of 6-bit
/// chunks and nibbles).
pub const DEFAULT_LAYOUT: Layout = Layout::Byte;

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
    maps: Maps,
}

/// The conversion tables of a [`BasisConverter`], by word count.
#[derive(Clone, Debug)]
enum Maps {
    W1(Box<BasisConverterN<1>>),
    W2(Box<BasisConverterN<2>>),
    W3(Box<BasisConverterN<3>>),
    W4(Box<BasisConverterN<4>>),
    W5(Box<BasisConverterN<5>>),
    W6(Box<BasisConverterN<6>>),
    W7(Box<BasisConverterN<7>>),
    W8(Box<BasisConverterN<8>>),
    W9(Box<BasisConverterN<9>>),
    Wide { fwd: ByteTables, bwd: ByteTables },
}

macro_rules! dispatch_maps {
    ($maps:expr, $c:ident => $typed:expr, $fwd:ident, $bwd:ident => $wide:expr) => {
        match $maps {
            Maps::W1($c) => $typed,
            Maps::W2($c) => $typed,
            Maps::W3($c) => $typed,
            Maps::W4($c) => $typed,
            Maps::W5($c) => $typed,
            Maps::W6($c) => $typed,
            Maps::W7($c) => $typed,
            Maps::W8($c) => $typed,
            Maps::W9($c) => $typed,
            Maps::Wide { $fwd, $bwd } => $wide,
        }
    };
}

/// `a` (missing words read as zero) as `[u64; N]`.
#[inline(always)]
fn load<const N: usize>(a: &[u64]) -> [u64; N] {
    let mut r = [0u64; N];
    for (x, y) in r.iter_mut().zip(a) {
        *x = *y;
    }
    r
}

/// `out[..N] = r` (as far as `out` reaches; further words untouched).
#[inline(always)]
fn store<const N: usize>(r: &[u64; N], out: &mut [u64]) {
    for (o, x) in out.iter_mut().zip(r) {
        *o = *x;
    }
}

/// A field isomorphism `F_2[X]/(P_from) → F_2[X]/(P_to)` and its inverse on elements of
/// `N` words, with tables in a chosen [`Layout`]; no allocation per conversion.
///
/// ```
/// use halfroot::binary::convert::BasisConverterN;
/// use halfroot::binary::spec::{Nist163, Ssrf163};
/// let c = BasisConverterN::<3>::from_specs(&Nist163, &Ssrf163)?;
/// let a = [0x1234u64, 0, 0];
/// assert_eq!(c.backward(&c.forward(&a)), a);
/// # Ok::<(), halfroot::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct BasisConverterN<const N: usize> {
    fwd: LinearMap<N>,
    bwd: LinearMap<N>,
    /// The same maps as 8×8 blocks for the batch forms, built only where the CPU has
    /// the GFNI kernel (measured faster than the byte tables there: `halfroot report
    /// fields`).
    blocks: Option<(AffineMap<N>, AffineMap<N>)>,
}

impl<const N: usize> BasisConverterN<N> {
    /// The converter from the basis of `from` to that of `to` with [`DEFAULT_LAYOUT`].
    ///
    /// # Errors
    /// As [`BasisConverter::new`]; also [`Error::InvalidArgument`] if `N` words cannot
    /// hold an element.
    pub fn new(from: &Modulus, to: &Modulus) -> Result<Self> {
        Self::with_layout(from, to, DEFAULT_LAYOUT)
    }

    /// The converter between two compile-time (or any) moduli.
    ///
    /// # Errors
    /// As [`BasisConverterN::new`].
    pub fn from_specs<F: ModulusSpec, T: ModulusSpec>(from: &F, to: &T) -> Result<Self> {
        Self::new(&to_modulus(from)?, &to_modulus(to)?)
    }

    /// The converter with tables in `layout`.
    ///
    /// # Errors
    /// As [`BasisConverterN::new`].
    pub fn with_layout(from: &Modulus, to: &Modulus, layout: Layout) -> Result<Self> {
        let m = Matrices::new(from, to)?;
        Self::from_matrices(&m, layout)
    }

    fn from_matrices(m: &Matrices, layout: Layout) -> Result<Self> {
        let d = m.cols.len();
        if d > 64 * N {
            return Err(Error::InvalidArgument {
                name: "N".into(),
                value: N.to_string(),
                reason: format!("{N} words cannot hold elements of degree {d}"),
            });
        }
        let typed =
            |cols: &[Vec<u64>]| -> Vec<[u64; N]> { cols.iter().map(|c| load::<N>(c)).collect() };
        let (fwd_cols, bwd_cols) = (typed(&m.cols), typed(&m.inv));
        let blocks = AffineKernel::detect()
            .is_accelerated()
            .then(|| (AffineMap::new(&fwd_cols), AffineMap::new(&bwd_cols)));
        Ok(BasisConverterN {
            fwd: LinearMap::new(&fwd_cols, layout),
            bwd: LinearMap::new(&bwd_cols, layout),
            blocks,
        })
    }

    /// The layout of the tables.
    pub fn layout(&self) -> Layout {
        self.fwd.layout()
    }

    /// The size of both tables in bytes.
    pub fn bytes(&self) -> usize {
        self.fwd.bytes() + self.bwd.bytes()
    }

    /// `a` (reduced, in the `from` basis) in the `to` basis.
    #[inline]
    pub fn forward(&self, a: &[u64; N]) -> [u64; N] {
        self.fwd.apply(a)
    }

    /// `b` (reduced, in the `to` basis) in the `from` basis.
    #[inline]
    pub fn backward(&self, b: &[u64; N]) -> [u64; N] {
        self.bwd.apply(b)
    }

    /// `out[i] = forward(a[i])` for every i, the loop inside the table kernel (see
    /// [`LinearMap::apply_many`]); [`Error::InvalidArgument`] if the lengths differ.
    pub fn forward_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        match &self.blocks {
            Some((fwd, _)) => fwd.apply_many(a, out),
            None => self.fwd.apply_many(a, out),
        }
    }

    /// `out[i] = backward(b[i])` for every i; [`Error::InvalidArgument`] if the lengths
    /// differ.
    pub fn backward_many(&self, b: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        match &self.blocks {
            Some((_, bwd)) => bwd.apply_many(b, out),
            None => self.bwd.apply_many(b, out),
        }
    }

    /// [`BasisConverterN::forward_many`] by the tables of [`BasisConverterN::layout`]
    /// whatever the CPU (to compare the batch methods).
    pub fn forward_many_tables(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        self.fwd.apply_many(a, out)
    }

    /// The method of the batch forms: `"gfni-blocks"` (8×8 block matrices, eight
    /// elements per `vgf2p8affineqb` pass) where the CPU has AVX-512 VBMI and GFNI,
    /// else `"tables-<layout>"`.
    pub fn batch_method(&self) -> String {
        match &self.blocks {
            Some(_) => "gfni-blocks".to_string(),
            None => format!("tables-{}", self.fwd.layout()),
        }
    }

    /// [`BasisConverterN::forward`] by the portable kernel.
    pub fn forward_portable(&self, a: &[u64; N]) -> [u64; N] {
        self.fwd.apply_portable(a)
    }

    /// [`BasisConverterN::backward`] by the portable kernel.
    pub fn backward_portable(&self, b: &[u64; N]) -> [u64; N] {
        self.bwd.apply_portable(b)
    }
}

/// A [`ModulusSpec`] as a run-time [`Modulus`].
fn to_modulus<M: ModulusSpec>(m: &M) -> Result<Modulus> {
    let mut e = vec![m.degree()];
    e.extend_from_slice(m.middle_exponents());
    e.push(0);
    Modulus::from_exponents(&e)
}

/// Both conversion matrices (as columns) and the root behind them.
struct Matrices {
    from: DynBinaryField,
    to: DynBinaryField,
    root: Vec<u64>,
    cols: Vec<Vec<u64>>,
    inv: Vec<Vec<u64>>,
}

impl Matrices {
    fn new(from: &Modulus, to: &Modulus) -> Result<Matrices> {
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
        let root = find_root(&fk, &tk)?;
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
        Ok(Matrices {
            from: fk,
            to: tk,
            root,
            cols,
            inv,
        })
    }
}

fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&w| w == 0)
}

/// Polynomials over `K`, flat: coefficient `i` in the words `[i·w, (i + 1)·w)` (`w` =
/// `K`'s words), lowest degree first, no zero leading coefficient (the zero polynomial
/// is empty). Their products by a scalar go through [`DynBinaryField::mul_rows`]: one
/// dispatch per polynomial, the batch kernels, no allocation per coefficient.
struct KPolys<'a> {
    k: &'a DynBinaryField,
    w: usize,
    /// The scalar repeated once per coefficient: the left operand of `mul_rows`.
    fill: Vec<u64>,
    /// The product `mul_rows` writes.
    prod: Vec<u64>,
}

impl<'a> KPolys<'a> {
    fn new(k: &'a DynBinaryField) -> Self {
        KPolys {
            k,
            w: k.words(),
            fill: Vec::new(),
            prod: Vec::new(),
        }
    }

    fn trim(&self, p: &mut Vec<u64>) {
        while p.len() >= self.w && is_zero(&p[p.len() - self.w..]) {
            p.truncate(p.len() - self.w);
        }
    }

    /// `self.prod = c·p`, coefficient by coefficient.
    fn scale(&mut self, c: &[u64], p: &[u64]) -> Result<()> {
        self.fill.clear();
        for _ in 0..p.len() / self.w {
            self.fill.extend_from_slice(c);
        }
        self.prod.clear();
        self.prod.resize(p.len(), 0);
        self.k.mul_rows(&self.fill, p, &mut self.prod)
    }

    /// Divides the non-zero `p` by its leading coefficient.
    fn make_monic(&mut self, p: &mut [u64]) -> Result<()> {
        let lead = &p[p.len() - self.w..];
        if lead[0] == 1 && is_zero(&lead[1..]) {
            return Ok(());
        }
        let inv = self.k.inv(lead)?;
        self.scale(&inv, p)?;
        p.copy_from_slice(&self.prod);
        Ok(())
    }

    /// `a ← a mod b` for a monic `b` of degree m: each leading coefficient c of `a` is
    /// cancelled by adding c·(b − Y^m) at its place.
    fn rem_monic(&mut self, a: &mut Vec<u64>, b: &[u64]) -> Result<()> {
        let w = self.w;
        let m = b.len() / w - 1;
        let lower = &b[..m * w];
        self.trim(a);
        while a.len() / w > m {
            let top = a.len() / w - 1;
            if m > 0 {
                let c = a[top * w..].to_vec();
                self.scale(&c, lower)?;
                for (x, y) in a[(top - m) * w..top * w].iter_mut().zip(&self.prod) {
                    *x ^= *y;
                }
            }
            a.truncate(top * w);
            self.trim(a);
        }
        Ok(())
    }

    /// The monic gcd of `a` and `b` (Euclid).
    fn gcd(&mut self, a: &[u64], b: &[u64]) -> Result<Vec<u64>> {
        let (mut x, mut y) = (a.to_vec(), b.to_vec());
        self.trim(&mut x);
        self.trim(&mut y);
        while !y.is_empty() {
            self.make_monic(&mut y)?;
            self.rem_monic(&mut x, &y)?;
            std::mem::swap(&mut x, &mut y);
        }
        if !x.is_empty() {
            self.make_monic(&mut x)?;
        }
        Ok(x)
    }
}

/// A root in `K` of the defining polynomial P of `from` (irreducible over F_2, of
/// degree `deg K`), by trace splitting with a fixed-seed generator.
///
/// `T_β(Y) mod P = Σ_{i<d} β^(2^i)·(Y^(2^i) mod P)`, and `Y^(2^i) mod P` is the element
/// `x^(2^i)` of `from` itself, a polynomial over F_2: so the coefficient of `Y^j` in
/// `T_β mod P` is the sum of the conjugates `β^(2^i)` over the i whose `x^(2^i)` has bit
/// j set. The d rows `x^(2^i)` are computed once (d squarings in `from`), each β costs d
/// squarings in `K` and about d²/2 additions, and no polynomial is squared (the same
/// polynomial `T_β mod P` as d squarings of polynomials of degree d would give, so the
/// same root for the same β: 2.57 s → 0.08 s of set-up at 571 bits, release build on an
/// Intel Emerald Rapids, session 49).
fn find_root(from: &DynBinaryField, k: &DynBinaryField) -> Result<Vec<u64>> {
    let exps = from.modulus().exponents();
    let d = exps[0] as usize;
    let w = k.words();
    // x^(2^i) in `from`, i < d (d ≥ 2, so x is an element).
    let mut frobenius = Vec::with_capacity(d);
    let mut xi = from.zero();
    xi[0] = 2;
    for _ in 0..d {
        let next = from.sqr(&xi)?;
        frobenius.push(std::mem::replace(&mut xi, next));
    }
    // g = P, as a polynomial over K.
    let one = k.one();
    let mut g = vec![0u64; (d + 1) * w];
    for &e in &exps {
        g[e as usize * w..(e as usize + 1) * w].copy_from_slice(&one);
    }
    let mut polys = KPolys::new(k);
    let mut rng = StdRng::seed_from_u64(0x5353_5246);
    let mut attempts = 0;
    let mut t = vec![0u64; d * w];
    while g.len() / w > 2 {
        attempts += 1;
        if attempts > 64 * (d + 8) {
            return Err(Error::ReducibleModulus {
                modulus: format!("{exps:?}"),
                reason: "no root found in the target field".into(),
            });
        }
        let mut conjugate = k.random(&mut rng);
        t.iter_mut().for_each(|x| *x = 0);
        for row in &frobenius {
            for (i, &word) in row.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let j = 64 * i + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for (x, y) in t[j * w..(j + 1) * w].iter_mut().zip(&conjugate) {
                        *x ^= *y;
                    }
                }
            }
            conjugate = k.sqr(&conjugate)?;
        }
        // The roots of g with Tr(β·y) = 0: a proper non-empty subset about half the
        // time (the complement, gcd(g, T + 1), is never needed: either side shrinks g).
        let h0 = polys.gcd(&g, &t)?;
        if h0.len() / w >= 2 && h0.len() < g.len() {
            g = h0;
        }
    }
    if g.len() / w != 2 {
        return Err(Error::ReducibleModulus {
            modulus: format!("{exps:?}"),
            reason: "has no root in the target field".into(),
        });
    }
    // g = Y + c (monic): the root is c.
    Ok(g[..w].to_vec())
}

impl BasisConverter {
    /// The converter from the basis of `from` to that of `to`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] if the degrees differ; [`Error::ReducibleModulus`] if
    /// either polynomial is reducible.
    pub fn new(from: &Modulus, to: &Modulus) -> Result<BasisConverter> {
        let m = Matrices::new(from, to)?;
        let l = DEFAULT_LAYOUT;
        let maps = match m.to.words() {
            1 => Maps::W1(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            2 => Maps::W2(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            3 => Maps::W3(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            4 => Maps::W4(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            5 => Maps::W5(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            6 => Maps::W6(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            7 => Maps::W7(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            8 => Maps::W8(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            9 => Maps::W9(Box::new(BasisConverterN::from_matrices(&m, l)?)),
            w => Maps::Wide {
                fwd: ByteTables::new(&m.cols, w),
                bwd: ByteTables::new(&m.inv, w),
            },
        };
        Ok(BasisConverter {
            from: m.from,
            to: m.to,
            root: m.root,
            maps,
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
        self.forward_into(a, &mut out);
        Ok(out)
    }

    /// `b` (in the `to` basis) back in the `from` basis.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if `b` is not a reduced element of the `to` field.
    pub fn backward(&self, b: &[u64]) -> Result<Vec<u64>> {
        self.to.check(b)?;
        let mut out = vec![0u64; b.len()];
        self.backward_into(b, &mut out);
        Ok(out)
    }

    /// [`BasisConverter::forward`] into a buffer, without checks: `a` must be reduced
    /// and both slices `⌈d/64⌉` words long (extra words of `out` are left as they are,
    /// missing words of `a` read as zero).
    #[inline]
    pub fn forward_into(&self, a: &[u64], out: &mut [u64]) {
        dispatch_maps!(&self.maps, c => store(&c.forward(&load(a)), out),
            fwd, bwd => { let _ = bwd; fwd.apply(a, out) })
    }

    /// [`BasisConverter::backward`] into a buffer, without checks (see
    /// [`BasisConverter::forward_into`]).
    #[inline]
    pub fn backward_into(&self, b: &[u64], out: &mut [u64]) {
        dispatch_maps!(&self.maps, c => store(&c.backward(&load(b)), out),
            fwd, bwd => { let _ = fwd; bwd.apply(b, out) })
    }

    /// The layout of the conversion tables (byte tables of slices above 9 words).
    pub fn layout(&self) -> Layout {
        dispatch_maps!(&self.maps, c => c.layout(), fwd, bwd => { let _ = (fwd, bwd); Layout::Byte })
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
                self.forward_into(&e, &mut out);
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
