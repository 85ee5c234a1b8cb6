//! Scratch timing of the batch binary-field operations (64 elements, best of many).
use halfroot::binary::field::BinaryField;
use halfroot::binary::spec::*;
use halfroot::field::Field;
use rand::SeedableRng;
use std::hint::black_box;
use std::time::Instant;

fn best(mut f: impl FnMut()) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..400 {
        let t = Instant::now();
        for _ in 0..20 {
            f();
        }
        b = b.min(t.elapsed().as_nanos() as f64 / 20.0 / 64.0);
    }
    b
}

macro_rules! row {
    ($s:ty, $n:expr) => {{
        const N: usize = $n;
        let f = BinaryField::<N, $s>::new(<$s>::default()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let a: Vec<[u64; N]> = (0..64).map(|_| f.random(&mut rng)).collect();
        let b: Vec<[u64; N]> = (0..64).map(|_| f.random(&mut rng)).collect();
        let mut o = vec![[0u64; N]; 64];
        let mul = best(|| {
            f.mul_many(black_box(&a), black_box(&b), &mut o).unwrap();
            black_box(&o);
        });
        let sqr = best(|| {
            f.sqr_many(black_box(&a), &mut o).unwrap();
            black_box(&o);
        });
        let sqrt = best(|| {
            f.sqrt_many(black_box(&a), &mut o).unwrap();
            black_box(&o);
        });
        println!(
            "{:>8} mul {:6.2} sqr {:6.2} ({:.2}x) sqrt {:6.2} ({:.2}x) {}",
            <$s>::NAME,
            mul,
            sqr,
            sqr / mul,
            sqrt,
            sqrt / mul,
            f.sqrt_algorithm()
        );
    }};
}

fn main() {
    let which: Vec<String> = std::env::args().skip(1).collect();
    let all = which.is_empty();
    macro_rules! pick {
        ($s:ty, $n:expr) => {
            if all || which.iter().any(|w| w == <$s>::NAME) {
                row!($s, $n)
            }
        };
    }
    pick!(Nist163, 3);
    pick!(Ssrf163, 3);
    pick!(Nist233, 4);
    pick!(Ssrf233, 4);
    pick!(Nist283, 5);
    pick!(Ssrf283, 5);
    pick!(Nist409, 7);
    pick!(Nist571, 9);
    pick!(Ssrf571, 9);
    pick!(Ssrf41, 1);
    pick!(Std97, 2);
}
