//! Batch kernels of binary fields: rows of `words` little-endian u64 limbs, split
//! across threads by rayon, each block handed to the library's row-wise batch forms
//! ([`DynBinaryField::mul_rows`] …), which dispatch once per call to the word-count
//! specialised kernels. Nothing here is generic: the kernels are compiled once, in the
//! `halfroot` library (build weight), and every field size is covered.

use halfroot::binary::dynamic::DynBinaryField;
use rayon::prelude::*;

/// Rows per rayon task.
const CHUNK: usize = 4096;

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

/// `a·b` row by row (rows already checked by the caller).
pub(crate) fn mul(f: &DynBinaryField, a: &[u64], b: &[u64]) -> halfroot::Result<Vec<u64>> {
    let w = f.words();
    let mut out = vec![0u64; a.len()];
    out.par_chunks_mut(w * CHUNK)
        .zip(a.par_chunks(w * CHUNK))
        .zip(b.par_chunks(w * CHUNK))
        .try_for_each(|((o, x), y)| f.mul_rows(x, y, o))?;
    Ok(out)
}

/// `op(a)` row by row; an error when the operation is undefined for this field
/// (half-trace of an even degree).
pub(crate) fn map(f: &DynBinaryField, op: Op1, a: &[u64]) -> halfroot::Result<Vec<u64>> {
    let w = f.words();
    if op == Op1::HalfTrace {
        f.precompute();
    }
    let mut out = vec![0u64; a.len()];
    out.par_chunks_mut(w * CHUNK)
        .zip(a.par_chunks(w * CHUNK))
        .try_for_each(|(o, x)| match op {
            Op1::Sqr => f.sqr_rows(x, o),
            Op1::Sqrt => f.sqrt_rows(x, o),
            Op1::HalfTrace => f.half_trace_rows(x, o),
        })?;
    Ok(out)
}

/// `Tr(a)` row by row.
pub(crate) fn trace(f: &DynBinaryField, a: &[u64]) -> halfroot::Result<Vec<u8>> {
    let w = f.words();
    let mut out = vec![0u8; a.len() / w];
    out.par_chunks_mut(CHUNK)
        .zip(a.par_chunks(w * CHUNK))
        .try_for_each(|(o, x)| f.trace_rows(x, o))?;
    Ok(out)
}

/// A root of λ² + λ = α row by row (zero where there is none) and the mask of
/// solvable rows.
pub(crate) fn solve(f: &DynBinaryField, a: &[u64]) -> halfroot::Result<(Vec<u64>, Vec<bool>)> {
    let w = f.words();
    f.precompute();
    let mut roots = vec![0u64; a.len()];
    let mut mask = vec![false; a.len() / w];
    roots
        .par_chunks_mut(w * CHUNK)
        .zip(mask.par_chunks_mut(CHUNK))
        .zip(a.par_chunks(w * CHUNK))
        .try_for_each(|((o, m), x)| f.solve_rows(x, o, m))?;
    Ok((roots, mask))
}

/// `√a` row by row on the calling thread only: the Rust baseline the benchmark script
/// compares the parallel batch against.
pub(crate) fn sqrt_serial(f: &DynBinaryField, a: &[u64]) -> halfroot::Result<Vec<u64>> {
    let mut out = vec![0u64; a.len()];
    f.sqrt_rows(a, &mut out)?;
    Ok(out)
}
