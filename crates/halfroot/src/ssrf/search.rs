//! Search for SSRF polynomials of a given degree, type and number of terms.
//!
//! Source: Avanzi, §2.4 (Tables 1–2, the count of degree-163 pentanomials, Conjecture 1,
//! Theorem 7); Bluher, *A Swan-like theorem*, Finite Fields Appl. 12 (2006) for the
//! pruning rule.
//!
//! Candidates are the polynomials of the requested *shape* (type I: all middle exponents
//! odd; type II: pairs `X^(2f+1) + X^(2f)` under `X^d + X^(d−1)`; type III: `X^d + X^m + 1`,
//! `m` odd, `m ≤ d/2`; type IV: even middle exponents plus `X`), enumerated in
//! lexicographic order of their descending exponent lists, so the first irreducible one
//! met has the least sediment, ties broken by the next exponents.
//!
//! **Pruning** ([`Pruning::Swan`], type I, odd `d ≡ ±3 (mod 8)` only): a candidate that
//! satisfies the hypotheses of Bluher's theorem (every middle exponent odd and `< d/3`,
//! or `≡ d (mod 4)`) or of Avanzi's Theorem 7 has an even number of irreducible factors
//! and is skipped without a test; whole subtrees are skipped when the prefix already
//! decides (e.g. every top exponent `≤ (d+5)/3` when `d ≡ 1 (mod 3)`). Both rules are
//! checked independently (factor counts by Berlekamp's matrix) in the tests of
//! [`super::theorem7`]. [`Pruning::None`] tests every candidate.
//!
//! Each surviving candidate gets a root test in GF(2^k), k ≤ 8 (rejects most reducible
//! candidates in about a microsecond), then Rabin's test with sparse squarings
//! ([`super::sparse::is_irreducible_sparse`]): `d` squarings of `⌈d/64⌉` words, i.e.
//! `O(d²·w/64)` word operations per candidate. Candidates are tested in parallel chunks
//! (rayon), the order of the results being that of the enumeration.
//!
//! Variable-time (public polynomials).

use core::ops::ControlFlow;

use rayon::prelude::*;

use super::sparse::is_irreducible_sparse;
use crate::binary::ssrf_type::{zeta_closed_form, SsrfType};
use crate::error::{Error, Result};

/// Largest degree the search accepts.
pub const MAX_SEARCH_DEGREE: u32 = 100_000;

/// Which cheap necessary conditions are used before the irreducibility test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pruning {
    /// Test every candidate.
    None,
    /// Skip type-I candidates with an even number of irreducible factors by Bluher's
    /// theorem or Theorem 7 (see the module docs).
    #[default]
    Swan,
}

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchSpec {
    /// The degree d.
    pub degree: u32,
    /// The SSRF type.
    pub ty: SsrfType,
    /// The number of terms of the polynomial (odd, ≥ 3).
    pub terms: u32,
    /// Pruning rule.
    pub pruning: Pruning,
}

/// A polynomial found by the search.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Found {
    /// Full descending exponent list `[d, …, 0]`.
    pub exponents: Vec<u32>,
    /// Its type.
    pub ty: SsrfType,
    /// ζ = √x, descending exponents (closed form of the type).
    pub zeta: Vec<u32>,
}

impl Found {
    /// The sediment degree (second exponent).
    pub fn sediment_degree(&self) -> u32 {
        self.exponents.get(1).copied().unwrap_or(0)
    }
}

/// A shard `index` of `count` (0 ≤ index < count): candidates whose top free exponent
/// has rank ≡ index (mod count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u32,
    /// Number of shards, ≥ 1.
    pub count: u32,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { index: 0, count: 1 }
    }
}

impl Shard {
    /// Parses `i/n` with `0 ≤ i < n`.
    ///
    /// # Errors
    /// [`Error::Parse`] on bad syntax or `i ≥ n`.
    pub fn parse(text: &str) -> Result<Shard> {
        let bad = |reason: &str| Error::Parse {
            what: "shard i/n".into(),
            input: text.to_string(),
            reason: reason.to_string(),
        };
        let (a, b) = text.split_once('/').ok_or_else(|| bad("expected i/n"))?;
        let index: u32 = a.trim().parse().map_err(|_| bad("i is not a number"))?;
        let count: u32 = b.trim().parse().map_err(|_| bad("n is not a number"))?;
        if count == 0 || index >= count {
            return Err(bad("need 0 ≤ i < n"));
        }
        Ok(Shard { index, count })
    }

    /// `Ok(self)` when `0 ≤ index < count`, else [`Error::InvalidArgument`] (the fields
    /// are public, so a shard need not come from [`Shard::parse`]).
    pub fn check(self) -> Result<Shard> {
        if self.count == 0 || self.index >= self.count {
            return Err(Error::InvalidArgument {
                name: "shard".into(),
                value: format!("{}/{}", self.index, self.count),
                reason: "need 0 ≤ index < count".into(),
            });
        }
        Ok(self)
    }
}

/// The candidate space of one spec: `k` values chosen from `pool` (ascending), each
/// choice mapped to middle exponents.
struct Space {
    d: u32,
    ty: SsrfType,
    pool: Vec<u32>,
    k: usize,
    pruning: Pruning,
}

impl Space {
    fn new(spec: &SearchSpec) -> Result<Space> {
        let d = spec.degree;
        let t = spec.terms;
        let bad = |name: &str, value: String, reason: &str| Error::InvalidArgument {
            name: name.into(),
            value,
            reason: reason.into(),
        };
        if !(2..=MAX_SEARCH_DEGREE).contains(&d) {
            return Err(bad(
                "degree",
                d.to_string(),
                "must be in 2..=100000 for a search",
            ));
        }
        check_terms(t)?;
        let odd_d = d % 2 == 1;
        let (pool, k): (Vec<u32>, usize) = match spec.ty {
            SsrfType::I | SsrfType::II if !odd_d => {
                return Err(bad(
                    "degree",
                    d.to_string(),
                    "types I and II have odd degree",
                ))
            }
            SsrfType::III | SsrfType::IV if odd_d => {
                return Err(bad(
                    "degree",
                    d.to_string(),
                    "types III and IV have even degree",
                ))
            }
            SsrfType::I => ((1..d).step_by(2).collect(), (t - 2) as usize),
            // f with the pair X^(2f+1) + X^(2f), 1 ≤ f ≤ (d − 3)/2.
            SsrfType::II => (
                (1..=(d.saturating_sub(3)) / 2).collect(),
                ((t - 3) / 2) as usize,
            ),
            SsrfType::III => {
                if t != 3 {
                    return Err(bad("terms", t.to_string(), "type III is a trinomial"));
                }
                ((1..=d / 2).step_by(2).collect(), 1)
            }
            SsrfType::IV => ((2..d).step_by(2).collect(), (t - 3) as usize),
        };
        if k > pool.len() {
            return Err(bad(
                "terms",
                t.to_string(),
                "more terms than the degree allows for this type",
            ));
        }
        Ok(Space {
            d,
            ty: spec.ty,
            pool,
            k,
            pruning: spec.pruning,
        })
    }

    /// Full descending exponent list of a choice (values descending).
    fn exponents(&self, vals: &[u32]) -> Vec<u32> {
        let mut e = Vec::with_capacity(2 * vals.len() + 4);
        e.push(self.d);
        match self.ty {
            SsrfType::I | SsrfType::III => e.extend_from_slice(vals),
            SsrfType::II => {
                e.push(self.d - 1);
                for &f in vals {
                    e.push(2 * f + 1);
                    e.push(2 * f);
                }
            }
            SsrfType::IV => {
                e.extend_from_slice(vals);
                e.push(1);
            }
        }
        e.push(0);
        e
    }

    fn swan_active(&self) -> bool {
        self.pruning == Pruning::Swan && self.ty == SsrfType::I && matches!(self.d % 8, 3 | 5)
    }

    /// Whether every completion of the descending prefix is reducible by the pruning
    /// rules.
    fn prune_prefix(&self, prefix: &[u32]) -> bool {
        if !self.swan_active() || prefix.is_empty() {
            return false;
        }
        let d = self.d;
        let last = prefix[prefix.len() - 1];
        // Bluher: every exponent odd and < d/3 or ≡ d (mod 4); the rest are < last.
        let bluher_ok = |e: u32| 3 * e < d || e % 4 == d % 4;
        let full = prefix.len() == self.k;
        if prefix.iter().all(|&e| bluher_ok(e)) && (full || 3 * last.saturating_sub(2) < d) {
            // Every later exponent is odd and ≤ last − 2 < d/3.
            return true;
        }
        theorem7_prefix(d, prefix, full)
    }

    fn test(&self, vals: &[u32]) -> Option<Found> {
        if self.swan_active() && self.prune_prefix(vals) {
            return None;
        }
        let e = self.exponents(vals);
        if !is_irreducible_sparse(&e) {
            return None;
        }
        let zeta = zeta_closed_form(self.d, &e[1..e.len() - 1], self.ty)?;
        Some(Found {
            exponents: e,
            ty: self.ty,
            zeta,
        })
    }

    /// Walks the choices in lexicographic order of the descending value tuples,
    /// skipping pruned subtrees; `visit` gets each full tuple.
    fn walk<F: FnMut(&[u32]) -> ControlFlow<()>>(&self, shard: Shard, visit: &mut F) {
        let mut cur: Vec<u32> = Vec::with_capacity(self.k);
        if self.k == 0 {
            let _ = visit(&cur);
            return;
        }
        let _ = self.walk_level(0, self.pool.len(), shard, &mut cur, visit);
    }

    fn walk_level<F: FnMut(&[u32]) -> ControlFlow<()>>(
        &self,
        level: usize,
        upper: usize,
        shard: Shard,
        cur: &mut Vec<u32>,
        visit: &mut F,
    ) -> ControlFlow<()> {
        let remaining = self.k - level;
        for i in (remaining - 1)..upper {
            if level == 0 && (i as u32) % shard.count != shard.index {
                continue;
            }
            cur.push(self.pool[i]);
            let pruned = self.swan_active() && self.prune_prefix(cur);
            if !pruned {
                let flow = if remaining == 1 {
                    visit(cur)
                } else {
                    self.walk_level(level + 1, i, shard, cur, visit)
                };
                if flow.is_break() {
                    cur.pop();
                    return flow;
                }
            }
            cur.pop();
        }
        ControlFlow::Continue(())
    }

    /// Number of candidates before pruning (saturating).
    fn size(&self) -> u64 {
        binomial(self.pool.len() as u64, self.k as u64)
    }
}

/// Theorem 7 applied to a descending prefix of odd middle exponents of a degree-`d`
/// candidate, `d ≡ ±3 (mod 8)`: true if every completion is in one of the theorem's
/// families (hence reducible). `full`: the prefix is the whole candidate.
fn theorem7_prefix(d: u32, prefix: &[u32], full: bool) -> bool {
    // Theorem 7 fails in degrees 5 and 7 (see the tests); use it from 9 on.
    if d < 9 {
        return false;
    }
    let e1 = prefix[0];
    match d % 3 {
        1 => {
            // X^d + Σ_{j odd ≤ (d+5)/3} X^j + 1.
            if 3 * e1 <= d + 5 {
                return true;
            }
            // X^d + X^((d+8)/3) + Σ_{j odd < (d−19)/3} X^j + 1.
            if 3 * e1 == d + 8 {
                if prefix.len() == 1 {
                    return full;
                }
                let e2 = prefix[1];
                return 3 * e2 + 19 < d;
            }
            false
        }
        2 => {
            if 3 * e1 <= d + 1 {
                return true;
            }
            if 3 * e1 == d + 4 {
                if prefix.len() == 1 {
                    return full;
                }
                let e2 = prefix[1];
                return 3 * e2 + 11 <= d;
            }
            false
        }
        _ => false,
    }
}

/// Whether the type-I candidate `X^d + Σ X^middle + 1` (middle odd, descending) is
/// skipped by [`Pruning::Swan`]: it has an even number of irreducible factors by
/// Bluher's theorem or Theorem 7.
pub fn swan_prunes(d: u32, middle: &[u32]) -> bool {
    let sp = Space {
        d,
        ty: SsrfType::I,
        pool: Vec::new(),
        k: middle.len(),
        pruning: Pruning::Swan,
    };
    middle.iter().all(|e| e % 2 == 1) && sp.prune_prefix(middle)
}

/// Conjecture 1's prediction `3c − d = c − c' = 8` (`d ≡ 1 mod 3`) or `4` (`d ≡ 2 mod 3`)
/// for the least sediment `c` and least second exponent `c'`: `Some(holds)`, or `None`
/// for `d ≡ 0 (mod 3)`, where the conjecture says nothing.
pub fn conjecture1_holds(d: u32, c: u32, c_prime: u32) -> Option<bool> {
    let want: i64 = match d % 3 {
        1 => 8,
        2 => 4,
        _ => return None,
    };
    let (d, c, c2) = (d as i64, c as i64, c_prime as i64);
    Some(3 * c - d == want && c - c2 == want)
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    r as u64
}

/// Candidates tested per parallel chunk.
const CHUNK: usize = 2048;

/// Progress report: candidates visited so far (after pruning of whole subtrees the
/// count jumps less), and the number of candidates of the space before pruning.
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// A progress report that can also stop the search: called after each parallel chunk
/// (every [`CHUNK_SIZE`] candidates) with the same arguments as [`Progress`], on the
/// thread that called the search; returning [`ControlFlow::Break`] cancels the search
/// before the next chunk. Used by the Python bindings to draw a progress bar and to
/// honour Ctrl-C between chunks.
pub type Control<'a> = &'a (dyn Fn(u64, u64) -> ControlFlow<()> + Sync);

/// Candidates tested per parallel chunk, i.e. between two calls of a [`Progress`] or
/// [`Control`] callback.
pub const CHUNK_SIZE: usize = CHUNK;

/// The result of a search run under a [`Control`] callback.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome<T> {
    /// The search ran to its end (or, for [`least_controlled`], stopped at the answer).
    Complete(T),
    /// The callback stopped the search: what was found in the chunks completed before
    /// (for [`least_controlled`] always `None`, since a later chunk could not hold a
    /// smaller answer but an unfinished one could).
    Cancelled(T),
}

impl<T> Outcome<T> {
    /// Whether the callback stopped the search.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, Outcome::Cancelled(_))
    }

    /// The value, complete or partial.
    pub fn into_inner(self) -> T {
        match self {
            Outcome::Complete(t) | Outcome::Cancelled(t) => t,
        }
    }
}

/// Runs the walk in chunks; returns true when `control` cancelled it.
fn run_chunks(
    space: &Space,
    shard: Shard,
    stop_at_first: bool,
    control: &(dyn Fn(u64, u64) -> ControlFlow<()> + Sync),
    sink: &mut dyn FnMut(Vec<Found>) -> ControlFlow<()>,
) -> bool {
    let total = space.size();
    let mut done: u64 = 0;
    let mut cancelled = false;
    let mut buf: Vec<Vec<u32>> = Vec::with_capacity(CHUNK);
    let mut flush = |buf: &mut Vec<Vec<u32>>, cancelled: &mut bool| -> ControlFlow<()> {
        let found: Vec<Found> = if stop_at_first {
            buf.par_iter()
                .map(|v| space.test(v))
                .find_first(|r| r.is_some())
                .flatten()
                .into_iter()
                .collect()
        } else {
            buf.par_iter()
                .filter_map(|v| space.test(v))
                .collect::<Vec<_>>()
        };
        done += buf.len() as u64;
        buf.clear();
        let flow = if found.is_empty() {
            ControlFlow::Continue(())
        } else {
            sink(found)
        };
        let ctl = control(done, total);
        if flow.is_break() {
            return flow;
        }
        if ctl.is_break() {
            *cancelled = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    let mut stopped = false;
    space.walk(shard, &mut |v: &[u32]| {
        buf.push(v.to_vec());
        if buf.len() >= CHUNK && flush(&mut buf, &mut cancelled).is_break() {
            stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if !stopped && !buf.is_empty() {
        let _ = flush(&mut buf, &mut cancelled);
    }
    cancelled
}

/// A [`Progress`] callback as a [`Control`] one that never cancels.
fn progress_control(
    progress: Option<Progress<'_>>,
) -> impl Fn(u64, u64) -> ControlFlow<()> + Sync + '_ {
    move |done, total| {
        if let Some(p) = progress {
            p(done, total);
        }
        ControlFlow::Continue(())
    }
}

/// The SSRF polynomial of the spec with least sediment (ties broken by the following
/// exponents), or `None` if there is none.
///
/// # Errors
/// [`Error::InvalidArgument`] for a degree/type/terms combination that has no
/// candidates by construction (even degree for types I–II, even term count, …).
pub fn least(spec: &SearchSpec) -> Result<Option<Found>> {
    least_sharded(spec, Shard::default(), None)
}

/// [`least`] restricted to one shard, with an optional progress callback. The least
/// over all shards is the lexicographically least of the shards' answers.
///
/// # Errors
/// As [`least`].
pub fn least_sharded(
    spec: &SearchSpec,
    shard: Shard,
    progress: Option<Progress<'_>>,
) -> Result<Option<Found>> {
    Ok(least_controlled(spec, shard, &progress_control(progress))?.into_inner())
}

/// [`least_sharded`] under a [`Control`] callback that may cancel the search between
/// chunks: [`Outcome::Cancelled`]`(None)` then.
///
/// # Errors
/// As [`least`], and [`Error::InvalidArgument`] for a shard outside `0 ≤ index < count`.
pub fn least_controlled(
    spec: &SearchSpec,
    shard: Shard,
    control: Control<'_>,
) -> Result<Outcome<Option<Found>>> {
    let shard = shard.check()?;
    let space = Space::new(spec)?;
    let mut out = None;
    let cancelled = run_chunks(&space, shard, true, control, &mut |mut f| {
        out = f.pop();
        ControlFlow::Break(())
    });
    Ok(if cancelled {
        Outcome::Cancelled(None)
    } else {
        Outcome::Complete(out)
    })
}

/// Every SSRF polynomial of the spec, in search order.
///
/// # Errors
/// As [`least`].
pub fn all(spec: &SearchSpec) -> Result<Vec<Found>> {
    all_sharded(spec, Shard::default(), None)
}

/// [`all`] for one shard, with an optional progress callback.
///
/// # Errors
/// As [`least`].
pub fn all_sharded(
    spec: &SearchSpec,
    shard: Shard,
    progress: Option<Progress<'_>>,
) -> Result<Vec<Found>> {
    Ok(all_controlled(spec, shard, &progress_control(progress))?.into_inner())
}

/// [`all_sharded`] under a [`Control`] callback that may cancel the search between
/// chunks: [`Outcome::Cancelled`] with the polynomials of the chunks done then (in
/// search order, a prefix of the complete answer).
///
/// # Errors
/// As [`least`], and [`Error::InvalidArgument`] for a shard outside `0 ≤ index < count`.
pub fn all_controlled(
    spec: &SearchSpec,
    shard: Shard,
    control: Control<'_>,
) -> Result<Outcome<Vec<Found>>> {
    let shard = shard.check()?;
    let space = Space::new(spec)?;
    let mut out = Vec::new();
    let cancelled = run_chunks(&space, shard, false, control, &mut |f| {
        out.extend(f);
        ControlFlow::Continue(())
    });
    Ok(if cancelled {
        Outcome::Cancelled(out)
    } else {
        Outcome::Complete(out)
    })
}

/// The number of SSRF polynomials of the spec.
///
/// # Errors
/// As [`least`].
pub fn count(spec: &SearchSpec) -> Result<u64> {
    Ok(all(spec)?.len() as u64)
}

/// The number of candidates of the spec's shape before pruning.
///
/// # Errors
/// As [`least`].
pub fn candidate_count(spec: &SearchSpec) -> Result<u64> {
    Ok(Space::new(spec)?.size())
}

/// The largest number of terms a search accepts.
pub const MAX_TERMS: u32 = 101;

/// Checks a number of terms for a search: odd (an irreducible polynomial over GF(2)
/// has an odd number of terms) and in 3..=[`MAX_TERMS`]; an
/// [`Error::InvalidArgument`] naming `terms` otherwise.
pub fn check_terms(terms: u32) -> Result<()> {
    if terms < 3 || terms.is_multiple_of(2) || terms > MAX_TERMS {
        return Err(Error::InvalidArgument {
            name: "terms".into(),
            value: terms.to_string(),
            reason: format!(
                "must be odd, 3..={MAX_TERMS} (an irreducible polynomial has an odd number of terms)"
            ),
        });
    }
    Ok(())
}

/// The numbers of terms a search tries, fewest first, when none is given: 3 for type
/// III (a trinomial by definition), else 3, 5, 7, 9 and 11 (Table 1 needs at most 5).
pub fn default_terms(ty: SsrfType) -> &'static [u32] {
    match ty {
        SsrfType::III => &[3],
        _ => &[3, 5, 7, 9, 11],
    }
}

/// The least SSRF polynomial of degree `d` and type `ty` with the fewest terms
/// (3, 5, 7, … up to `max_terms`), as in Table 1.
///
/// # Errors
/// As [`least`].
pub fn least_fewest_terms(
    d: u32,
    ty: SsrfType,
    max_terms: u32,
    pruning: Pruning,
) -> Result<Option<Found>> {
    let mut t = 3;
    while t <= max_terms {
        let spec = SearchSpec {
            degree: d,
            ty,
            terms: t,
            pruning,
        };
        match Space::new(&spec) {
            Ok(_) => {
                if let Some(f) = least(&spec)? {
                    return Ok(Some(f));
                }
            }
            Err(e) if t == 3 && ty != SsrfType::III => return Err(e),
            Err(_) => {}
        }
        t += 2;
    }
    Ok(None)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn walk_order_matches_lexicographic_sort() {
        let spec = SearchSpec {
            degree: 21,
            ty: SsrfType::I,
            terms: 5,
            pruning: Pruning::None,
        };
        let sp = Space::new(&spec).expect("valid");
        let mut seen: Vec<Vec<u32>> = Vec::new();
        sp.walk(Shard::default(), &mut |v: &[u32]| {
            seen.push(v.to_vec());
            ControlFlow::Continue(())
        });
        let mut sorted = seen.clone();
        sorted.sort();
        assert_eq!(seen, sorted);
        assert_eq!(seen.len() as u64, sp.size());
        assert!(seen.iter().all(|v| v[0] > v[1] && v[1] > v[2]));
    }

    fn controlled_search_matches_plain_and_cancels_between_chunks() {
        let spec = SearchSpec {
            degree: 163,
            ty: SsrfType::I,
            terms: 5,
            pruning: Pruning::None,
        };
        let plain = all(&spec).expect("ok");
        let calls = std::sync::atomic::AtomicU64::new(0);
        let never = |_: u64, _: u64| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            ControlFlow::Continue(())
        };
        let full = all_controlled(&spec, Shard::default(), &never).expect("ok");
        assert!(!full.is_cancelled());
        assert_eq!(full.into_inner(), plain);
        let chunks = candidate_count(&spec)
            .expect("ok")
            .div_ceil(CHUNK_SIZE as u64);
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), chunks);
        // Stop after the second chunk: a prefix of the full answer.
        let stop = |done: u64, _: u64| {
            if done >= 2 * CHUNK_SIZE as u64 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let part = all_controlled(&spec, Shard::default(), &stop).expect("ok");
        assert!(part.is_cancelled());
        let part = part.into_inner();
        assert!(part.len() < plain.len());
        assert_eq!(part[..], plain[..part.len()]);
        let never = |_: u64, _: u64| ControlFlow::Continue(());
        let first = least_controlled(&spec, Shard::default(), &never).expect("ok");
        assert_eq!(first, Outcome::Complete(least(&spec).expect("ok")));
        // The least pentanomial of degree 163 (sediment 57) is beyond the first chunk
        // (C(28, 3) = 3276 candidates have a smaller top exponent).
        let c = least_controlled(&spec, Shard::default(), &|_, _| ControlFlow::Break(()));
        assert_eq!(c.expect("ok"), Outcome::Cancelled(None));
    }

    fn shards_partition_the_space() {
        let spec = SearchSpec {
            degree: 29,
            ty: SsrfType::I,
            terms: 5,
            pruning: Pruning::None,
        };
        let whole = all(&spec).expect("ok");
        let mut parts: Vec<Found> = Vec::new();
        for i in 0..3 {
            parts.extend(all_sharded(&spec, Shard { index: i, count: 3 }, None).expect("ok"));
        }
        let key = |f: &Found| f.exponents.clone();
        let mut a: Vec<_> = whole.iter().map(key).collect();
        let mut b: Vec<_> = parts.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }

    /// Shards built from the public fields outside 0 ≤ index < count are refused
    /// (a zero count was a division by zero).
    fn bad_shards_are_refused() {
        let spec = SearchSpec {
            degree: 163,
            ty: SsrfType::I,
            terms: 5,
            pruning: Pruning::None,
        };
        let never: Control<'_> = &|_, _| ControlFlow::Continue(());
        for (index, count) in [(0, 0), (3, 3), (5, 3), (u32::MAX, 1)] {
            let shard = Shard { index, count };
            for got in [
                least_controlled(&spec, shard, never).map(|_| ()),
                all_controlled(&spec, shard, never).map(|_| ()),
            ] {
                assert!(
                    matches!(got, Err(Error::InvalidArgument { ref name, .. }) if name == "shard"),
                    "{index}/{count}: {got:?}"
                );
            }
        }
        assert_eq!(
            Shard { index: 2, count: 3 }.check().ok(),
            Some(Shard { index: 2, count: 3 })
        );
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("bad_shards_are_refused", bad_shards_are_refused),
        (
            "walk_order_matches_lexicographic_sort",
            walk_order_matches_lexicographic_sort,
        ),
        (
            "controlled_search_matches_plain_and_cancels_between_chunks",
            controlled_search_matches_plain_and_cancels_between_chunks,
        ),
        ("shards_partition_the_space", shards_partition_the_space),
    ];
}
