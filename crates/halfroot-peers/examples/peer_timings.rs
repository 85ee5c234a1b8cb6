//! Prints the peer libraries' timings that the halfroot report compares against:
//! OpenSSL `BN_GF2m_*` at the NIST binary fields, GMP Legendre and Tonelli–Shanks,
//! PARI/FLINT square roots mod P-256 and mod a 256-bit prime of 2-adicity 32, and
//! FLINT/PARI products in F_q[X]/(X^5 − α) at 160…1024-bit q.
//!
//! Run: `cargo run -p halfroot-peers --release --example peer_timings`
//! Each figure is the median of 7 batches, each batch sized to take about 20 ms.
#![allow(clippy::unwrap_used)]

use halfroot_peers::openssl::{Gf2mOp, OpensslGf2m};
use halfroot_peers::{available, flint, gmp, pari, PeerError};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// Runs `f(iters)` once briefly to size a ~20 ms batch, then for real.
fn timed(f: impl Fn(u64) -> Result<f64, PeerError>) -> String {
    let first = match f(8) {
        Ok(ns) => ns,
        Err(PeerError::Unavailable(p)) => return format!("({p} unavailable)"),
        Err(PeerError::Unsupported { .. }) => return "n/a".into(),
        Err(e) => return format!("error: {e}"),
    };
    let iters = ((20e6 / first.max(1.0)) as u64).clamp(8, 2_000_000);
    match f(iters) {
        Ok(ns) => format!("{ns:.0}"),
        Err(e) => format!("error: {e}"),
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, q: &BigUint) -> BigUint {
        let n = q.to_u64_digits().len() + 1;
        let w: Vec<u64> = (0..n).map(|_| self.next()).collect();
        big(&w) % q
    }
    fn element(&mut self, m: u32) -> Vec<u64> {
        let words = m.div_ceil(64) as usize;
        let mut v: Vec<u64> = (0..words).map(|_| self.next()).collect();
        if m % 64 != 0 {
            v[words - 1] &= (1u64 << (m % 64)) - 1;
        }
        v
    }
}

fn big(w: &[u64]) -> BigUint {
    w.iter()
        .rev()
        .fold(BigUint::zero(), |acc, &x| (acc << 64u32) + x)
}

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap()
}

/// Miller–Rabin with the first 20 prime bases (independent of the peers).
fn is_prime(n: &BigUint) -> bool {
    let bases = [
        2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    ];
    for b in bases {
        if n == &BigUint::from(b) {
            return true;
        }
        if (n % b).is_zero() {
            return false;
        }
    }
    let n1 = n - 1u32;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    'bases: for b in bases {
        let mut x = BigUint::from(b).modpow(&d, n);
        if x.is_one() || x == n1 {
            continue;
        }
        for _ in 1..s {
            x = (&x * &x) % n;
            if x == n1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn main() {
    println!("# peers found");
    for (name, present, version) in available() {
        println!("{name:8} {present:5} {version}");
    }
    let mut rng = Rng(2026);

    println!("\n# OpenSSL BN_GF2m, ns per call (NIST polynomials)");
    println!(
        "{:>5} {:>8} {:>8} {:>8} {:>8} {:>8} {:>10} {:>6}",
        "m", "add", "mul", "sqr", "inv", "sqrt", "solve_quad", "trace"
    );
    let nist: [&[u32]; 5] = [
        &[163, 7, 6, 3, 0],
        &[233, 74, 0],
        &[283, 12, 7, 5, 0],
        &[409, 87, 0],
        &[571, 10, 5, 2, 0],
    ];
    for exps in nist {
        let m = exps[0];
        let f = match OpensslGf2m::new(exps) {
            Ok(f) => f,
            Err(e) => {
                println!("{m:>5} {e}");
                continue;
            }
        };
        let (a, b, z) = (rng.element(m), rng.element(m), rng.element(m));
        // A trace-zero input for solve_quad: z^2 + z.
        let q = f.add(&f.sqr(&z).unwrap(), &z).unwrap();
        let t = |op: Gf2mOp| {
            let input = if op == Gf2mOp::SolveQuad { &q } else { &a };
            timed(|n| f.bench_ns(op, input, &b, n))
        };
        println!(
            "{m:>5} {:>8} {:>8} {:>8} {:>8} {:>8} {:>10} {:>6}",
            t(Gf2mOp::Add),
            t(Gf2mOp::Mul),
            t(Gf2mOp::Sqr),
            t(Gf2mOp::Inv),
            t(Gf2mOp::Sqrt),
            t(Gf2mOp::SolveQuad),
            t(Gf2mOp::Trace)
        );
    }

    let one = BigUint::one();
    let p160 = (&one << 160u32) - (&one << 31u32) - 1u32;
    let p256 = hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    let p2a32 = (&one << 255u32) + (BigUint::from(137u32) << 32u32) + 1u32;
    assert!(is_prime(&p2a32) && (&p2a32 - 1u32).trailing_zeros() == Some(32));
    let primes = [
        ("secp160r1 p (160-bit)", &p160),
        ("P-256 p", &p256),
        ("2^255+137*2^32+1 (2-adicity 32)", &p2a32),
    ];

    println!("\n# Legendre symbol and square roots mod p, ns per call (a = random square)");
    println!(
        "{:34} {:>10} {:>10} {:>10} {:>10}",
        "p", "gmp legdr", "gmp TS", "flint sqrt", "pari sqrt"
    );
    for (label, p) in primes {
        let r = rng.below(p);
        let a = ((&r * &r) % p).to_u64_digits();
        let pw = p.to_u64_digits();
        println!(
            "{label:34} {:>10} {:>10} {:>10} {:>10}",
            timed(|n| gmp::legendre_ns(&a, &pw, n)),
            timed(|n| gmp::tonelli_shanks_ns(&a, &pw, n)),
            timed(|n| flint::sqrtmod_ns(&a, &pw, n)),
            timed(|n| pari::fp_sqrt_ns(&a, &pw, n)),
        );
    }

    println!("\n# Products in F_q[X]/(X^5 - alpha), ns per call (q = least prime >= 2^(b-1)+1, q = 1 mod 5)");
    println!(
        "{:>5} {:>6} {:>12} {:>12}",
        "bits", "alpha", "flint fq_mul", "pari FpXQ"
    );
    for bits in [160u32, 256, 512, 1024] {
        let mut q = (&one << (bits - 1)) + 1u32;
        while !((&q % 5u32) == one && is_prime(&q)) {
            q += 2u32;
        }
        let e = (&q - 1u32) / 5u32;
        let alpha = (2u32..)
            .map(BigUint::from)
            .find(|a| !a.modpow(&e, &q).is_one())
            .unwrap();
        let qw = q.to_u64_digits();
        let elem = |rng: &mut Rng| {
            (0..5)
                .map(|_| rng.below(&q).to_u64_digits())
                .collect::<Vec<_>>()
        };
        let (a, b) = (elem(&mut rng), elem(&mut rng));
        let aw = alpha.to_u64_digits();
        println!(
            "{bits:>5} {alpha:>6} {:>12} {:>12}",
            timed(|n| flint::fq_mul_ns(&qw, 5, &aw, &a, &b, n)),
            timed(|n| pari::fpxq_mul_ns(&qw, 5, &aw, &a, &b, n)),
        );
    }
}
