//! Benchmarks of the SSRF lab: Tables 1–2 searches, the degree-163 count, the P_(d,1)
//! test, and a change of basis against one field multiplication.
#![allow(missing_docs)] // criterion's macros generate undocumented functions

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::binary::convert::BasisConverter;
use halfroot::binary::field::BinaryField;
use halfroot::binary::modulus::Modulus;
use halfroot::binary::ssrf_type::SsrfType;
use halfroot::field::Field;
use halfroot::ssrf::family;
use halfroot::ssrf::search::{self, Pruning, SearchSpec};
use rand::SeedableRng;

const TABLE1: &[u32] = &[
    47, 53, 59, 67, 71, 73, 79, 83, 89, 97, 101, 107, 109, 127, 131, 137, 139, 149, 157, 163, 179,
    199, 211, 233, 239, 251, 269, 283, 409, 571,
];
const TABLE2: &[u32] = &[
    53, 59, 67, 83, 101, 107, 109, 131, 139, 149, 157, 163, 179, 211, 251, 269, 283, 571,
];

fn searches(c: &mut Criterion) {
    let mut g = c.benchmark_group("ssrf_search");
    g.sample_size(10);
    g.bench_function("table1_all_degrees", |b| {
        b.iter(|| {
            for &d in TABLE1 {
                black_box(search::least_fewest_terms(d, SsrfType::I, 5, Pruning::Swan).ok());
            }
        })
    });
    g.bench_function("table2_all_degrees", |b| {
        b.iter(|| {
            for &d in TABLE2 {
                black_box(
                    search::least(&SearchSpec {
                        degree: d,
                        ty: SsrfType::I,
                        terms: 7,
                        pruning: Pruning::Swan,
                    })
                    .ok(),
                );
            }
        })
    });
    for pruning in [Pruning::Swan, Pruning::None] {
        g.bench_with_input(
            BenchmarkId::new("count_163_pentanomials", format!("{pruning:?}")),
            &pruning,
            |b, &pruning| {
                b.iter(|| {
                    black_box(search::count(&SearchSpec {
                        degree: 163,
                        ty: SsrfType::I,
                        terms: 5,
                        pruning,
                    }))
                })
            },
        );
    }
    for d in [577u32, 1999, 7879] {
        g.bench_with_input(BenchmarkId::new("p_d1_test", d), &d, |b, &d| {
            b.iter(|| black_box(family::p_d1_is_irreducible(d)))
        });
    }
    g.finish();
}

fn convert<const N: usize>(c: &mut Criterion, from: &str, to: &str) {
    let mf = Modulus::parse(from).expect("valid");
    let mt = Modulus::parse(to).expect("valid");
    let conv = BasisConverter::new(&mf, &mt).expect("converter");
    let f = BinaryField::<N, Modulus>::new(mf).expect("field");
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let xs: [[u64; N]; 8] = core::array::from_fn(|_| f.random(&mut rng));
    let mut g = c.benchmark_group("ssrf_convert");
    g.bench_function(BenchmarkId::new("field_mul_x8", from), |b| {
        b.iter(|| {
            let xs = black_box(&xs);
            for i in 0..8 {
                black_box(f.mul(&xs[i], &xs[(i + 1) % 8]));
            }
        })
    });
    // A PCLMULQDQ product plus sparse reduction: what an accelerated field
    // multiplication costs (the field's own mul may still be portable).
    g.bench_function(BenchmarkId::new("clmul_mul_reduce_x8", from), |b| {
        b.iter(|| {
            let xs = black_box(&xs);
            for i in 0..8 {
                let mut t = [0u64; 16];
                halfroot::gf2poly::backend::mul_basecase(&xs[i], &xs[(i + 1) % 8], &mut t);
                let mut lo = [0u64; N];
                let mut hi = [0u64; N];
                lo.copy_from_slice(&t[..N]);
                hi.copy_from_slice(&t[N..2 * N]);
                black_box(halfroot::binary::portable::reduce(f.modulus(), &lo, &hi));
            }
        })
    });
    g.bench_function(
        BenchmarkId::new("convert_x8", format!("{from}->{to}")),
        |b| {
            b.iter(|| {
                let xs = black_box(&xs);
                for x in xs {
                    let mut out = [0u64; N];
                    conv.forward_into(x, &mut out);
                    black_box(out);
                }
            })
        },
    );
    g.finish();
}

fn conversions(c: &mut Criterion) {
    convert::<3>(c, "163,7,6,3,0", "163,57,49,29,0");
    convert::<4>(c, "233,74,0", "233,159,0");
}

criterion_group!(benches, searches, conversions);
criterion_main!(benches);
