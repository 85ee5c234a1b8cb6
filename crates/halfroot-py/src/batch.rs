//! Batch kernels of binary fields: rows of `words` little-endian u64 limbs, processed by
//! a monomorphised [`BinaryField<N, Modulus>`] over contiguous slices, split across
//! threads by rayon. No per-element allocation: each row is loaded into a `[u64; N]`
//! on the stack, processed and stored back.
//!
//! Buckets N ∈ {1, 2, 3, 4, 5, 7, 9} (d ≤ 576, every standard curve field); larger
//! fields return `None` from [`Batch::new`] and the caller falls back to the
//! per-element dispatcher.

use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::modulus::Modulus;
use halfroot::field::Field;
use rayon::prelude::*;

/// Rows per rayon task.
const CHUNK: usize = 4096;

macro_rules! buckets {
    ($($v:ident = $n:literal),* $(,)?) => {
        /// A binary field monomorphised on its bucket word count.
        #[derive(Debug)]
        pub(crate) enum Batch {
            $(
                #[doc = "A field in the bucket of this many words."]
                $v(Box<BinaryField<$n, Modulus>>),
            )*
        }

        impl Batch {
            /// The monomorphised field for `m`, `None` if it has more than 9 words.
            pub(crate) fn new(m: &Modulus) -> halfroot::Result<Option<Batch>> {
                let w = m.words();
                $(if w <= $n {
                    return Ok(Some(Batch::$v(Box::new(BinaryField::<$n, Modulus>::new(m.clone())?))));
                })*
                Ok(None)
            }
        }

        macro_rules! with_batch {
            ($b:expr, |$f:ident| $body:expr) => {
                match $b {
                    $(Batch::$v(bx) => {
                        let $f = &**bx;
                        $body
                    })*
                }
            };
        }
    };
}

buckets!(W1 = 1, W2 = 2, W3 = 3, W4 = 4, W5 = 5, W7 = 7, W9 = 9);

#[inline(always)]
fn load<const N: usize>(row: &[u64]) -> [u64; N] {
    let mut r = [0u64; N];
    r[..row.len()].copy_from_slice(row);
    r
}

/// Applies `op` to every row of `a`, writing rows of the result.
fn map1<const N: usize>(
    words: usize,
    a: &[u64],
    op: impl Fn(&[u64; N]) -> [u64; N] + Sync,
) -> Vec<u64> {
    let mut out = vec![0u64; a.len()];
    out.par_chunks_mut(words * CHUNK)
        .zip(a.par_chunks(words * CHUNK))
        .for_each(|(o, i)| {
            for (orow, irow) in o.chunks_exact_mut(words).zip(i.chunks_exact(words)) {
                let r = op(&load::<N>(irow));
                orow.copy_from_slice(&r[..words]);
            }
        });
    out
}

/// Applies `op` to every pair of rows of `a` and `b`.
fn map2<const N: usize>(
    words: usize,
    a: &[u64],
    b: &[u64],
    op: impl Fn(&[u64; N], &[u64; N]) -> [u64; N] + Sync,
) -> Vec<u64> {
    let mut out = vec![0u64; a.len()];
    out.par_chunks_mut(words * CHUNK)
        .zip(a.par_chunks(words * CHUNK))
        .zip(b.par_chunks(words * CHUNK))
        .for_each(|((o, i), j)| {
            for ((orow, irow), jrow) in o
                .chunks_exact_mut(words)
                .zip(i.chunks_exact(words))
                .zip(j.chunks_exact(words))
            {
                let r = op(&load::<N>(irow), &load::<N>(jrow));
                orow.copy_from_slice(&r[..words]);
            }
        });
    out
}

/// What a batch does to its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op1 {
    /// a²
    Sqr,
    /// √a
    Sqrt,
    /// H(a) (odd d)
    HalfTrace,
}

impl Batch {
    /// `a·b` row by row.
    pub(crate) fn mul(&self, words: usize, a: &[u64], b: &[u64]) -> Vec<u64> {
        with_batch!(self, |f| map2(words, a, b, |x, y| Field::mul(f, x, y)))
    }

    /// `op(a)` row by row; `None` when the operation is undefined for this field
    /// (half-trace of an even degree).
    pub(crate) fn map(&self, op: Op1, words: usize, a: &[u64]) -> Option<Vec<u64>> {
        with_batch!(self, |f| match op {
            Op1::Sqr => Some(map1(words, a, |x| Field::sqr(f, x))),
            Op1::Sqrt => Some(map1(words, a, |x| BinaryFieldOps::sqrt(f, x))),
            Op1::HalfTrace => {
                if f.degree() % 2 == 0 {
                    return None;
                }
                f.precompute();
                Some(map1(words, a, |x| {
                    BinaryFieldOps::half_trace(f, x).unwrap_or_default()
                }))
            }
        })
    }

    /// `Tr(a)` row by row.
    pub(crate) fn trace(&self, words: usize, a: &[u64]) -> Vec<u8> {
        with_batch!(self, |f| {
            let mut out = vec![0u8; a.len() / words.max(1)];
            out.par_chunks_mut(CHUNK)
                .zip(a.par_chunks(words * CHUNK))
                .for_each(|(o, i)| {
                    for (t, row) in o.iter_mut().zip(i.chunks_exact(words)) {
                        *t = BinaryFieldOps::trace(f, &load(row));
                    }
                });
            out
        })
    }

    /// A root of λ² + λ = α row by row (zero where there is none) and the mask of
    /// solvable rows.
    pub(crate) fn solve(&self, words: usize, a: &[u64]) -> (Vec<u64>, Vec<bool>) {
        with_batch!(self, |f| {
            f.precompute();
            let n = a.len() / words.max(1);
            let mut out = vec![0u64; a.len()];
            let mut mask = vec![false; n];
            out.par_chunks_mut(words * CHUNK)
                .zip(mask.par_chunks_mut(CHUNK))
                .zip(a.par_chunks(words * CHUNK))
                .for_each(|((o, m), i)| {
                    for ((orow, ok), irow) in o
                        .chunks_exact_mut(words)
                        .zip(m.iter_mut())
                        .zip(i.chunks_exact(words))
                    {
                        if let Some(r) = BinaryFieldOps::solve_quadratic(f, &load(irow)) {
                            orow.copy_from_slice(&r[..words]);
                            *ok = true;
                        }
                    }
                });
            (out, mask)
        })
    }
}

impl Batch {
    /// `a·b` of one pair of rows (the scalar fast path: no validation, no dispatch
    /// inside).
    pub(crate) fn mul1(&self, words: usize, a: &[u64], b: &[u64]) -> Vec<u64> {
        with_batch!(self, |f| Field::mul(f, &load(a), &load(b))[..words]
            .to_vec())
    }
}

impl Batch {
    /// `√a` row by row on the calling thread only: the Rust per-element baseline the
    /// benchmark script compares the parallel batch against.
    pub(crate) fn sqrt_serial(&self, words: usize, a: &[u64]) -> Vec<u64> {
        with_batch!(self, |f| {
            let mut out = vec![0u64; a.len()];
            for (o, i) in out.chunks_exact_mut(words).zip(a.chunks_exact(words)) {
                o.copy_from_slice(&BinaryFieldOps::sqrt(f, &load(i))[..words]);
            }
            out
        })
    }
}
