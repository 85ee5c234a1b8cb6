//! Binary-field inversion: every algorithm and multi-squaring layout against one
//! multiplication, in one run (ratios are what matter on a shared machine).
//!
//! Groups `<field>/inv`, ids `<algorithm>`; one operation per iteration on rotating
//! independent inputs (throughput of independent operations), thread CPU time.
//! * `mul`, `sqr`: one reduced multiplication / squaring (the ratio's denominator);
//! * `map-<layout>`: one evaluation of a multi-squaring map `x ↦ x^(2^k)` in a layout
//!   (calibrates `multi_sqr::map_cycles`);
//! * `default`, `default-vartime`: `Arith::inv`, `Arith::inv_vartime`;
//! * `<InvAlgorithm::name>`: `Arith::inv_with`;
//! * `it-<chain>-<layout>[-ct]`: multi-squaring Itoh–Tsujii plans.
//!
//! Run: `cargo bench -p halfroot --bench binary_inv [-- <filter>]`.
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::binary::arith::Arith;
use halfroot::binary::inv::multi_sqr::{ChainKind, CtPlan, MapChoice, VartimePlan};
use halfroot::binary::inv::InvAlgorithm;
use halfroot::binary::linear_map::{Layout, LinearMap};
use halfroot::binary::modulus::ModulusSpec;
use halfroot::binary::spec::{Nist163, Nist233, Nist283, Nist409, Nist571};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
#[path = "support/thread_cpu.rs"]
mod thread_cpu;

use thread_cpu::{ThreadCpu, C};

fn elems<const N: usize>(d: u32, count: usize, seed: u64) -> Vec<[u64; N]> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut a = [0u64; N];
            for (i, w) in a.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                *w = if d - lo >= 64 {
                    rng.next_u64()
                } else {
                    rng.next_u64() & ((1u64 << (d - lo)) - 1)
                };
            }
            a[0] |= 1;
            a
        })
        .collect()
}

const VARTIME_LAYOUTS: [Layout; 4] = [Layout::Nibble, Layout::Chunk5, Layout::Chunk6, Layout::Byte];
const CT_LAYOUTS: [Layout; 2] = [Layout::MaskCt, Layout::NibbleScanCt];

fn bench_field<const N: usize, M: ModulusSpec + Default>(c: &mut C, name: &str) {
    let d = M::default().degree();
    let ar = Arith::<N, M>::new(M::default()).expect("arith");
    ar.precompute_inv_tables();
    let xs = elems::<N>(d, 8, 1);
    let ys = elems::<N>(d, 8, 2);
    let mut g = c.benchmark_group(format!("{name}/inv"));
    let mut i = 0usize;
    g.bench_function(BenchmarkId::from_parameter("mul"), |bn| {
        bn.iter(|| {
            i = (i + 1) & 7;
            ar.mul(black_box(&xs[i]), black_box(&ys[i]))
        })
    });
    g.bench_function(BenchmarkId::from_parameter("sqr"), |bn| {
        bn.iter(|| {
            i = (i + 1) & 7;
            ar.sqr(black_box(&xs[i]))
        })
    });
    g.bench_function(BenchmarkId::from_parameter("sqr-chain-16"), |bn| {
        bn.iter(|| {
            i = (i + 1) & 7;
            ar.sqr_n(black_box(&xs[i]), 16)
        })
    });
    g.bench_function(BenchmarkId::from_parameter("mul-lat-x8"), |bn| {
        let mut a = xs[0];
        bn.iter(|| {
            for _ in 0..8 {
                a = ar.mul(&a, black_box(&ys[1]));
            }
            a
        })
    });
    g.bench_function(BenchmarkId::from_parameter("sqr1-mul-lat-x8"), |bn| {
        let mut a = xs[0];
        bn.iter(|| {
            for _ in 0..8 {
                a = ar.mul(&ar.sqr_n(&a, black_box(1)), black_box(&ys[1]));
            }
            a
        })
    });
    if std::env::var_os("BININV_PLANS").is_some() {
        for kind in [ChainKind::Binary, ChainKind::Powers] {
            for l in VARTIME_LAYOUTS.into_iter().chain(CT_LAYOUTS) {
                let p = VartimePlan::new(&ar, kind, Some(l), MapChoice::Auto);
                eprintln!(
                    "{name} {kind:?} {l}: {} ({} bytes)",
                    p.describe(),
                    p.bytes()
                );
            }
        }
    }
    for l in VARTIME_LAYOUTS.into_iter().chain(CT_LAYOUTS) {
        let cols = elems::<N>(d, d as usize, 3);
        let map = LinearMap::<N>::new(&cols, l);
        g.bench_function(BenchmarkId::from_parameter(format!("map-{l}")), |bn| {
            bn.iter(|| {
                i = (i + 1) & 7;
                map.apply(black_box(&xs[i]))
            })
        });
    }
    g.bench_function(BenchmarkId::from_parameter("default"), |bn| {
        bn.iter(|| {
            i = (i + 1) & 7;
            ar.inv(black_box(&xs[i]))
        })
    });
    g.bench_function(BenchmarkId::from_parameter("default-vartime"), |bn| {
        bn.iter(|| {
            i = (i + 1) & 7;
            ar.inv_vartime(black_box(&xs[i]))
        })
    });
    for alg in InvAlgorithm::ALL {
        g.bench_function(BenchmarkId::from_parameter(alg.name()), |bn| {
            bn.iter(|| {
                i = (i + 1) & 7;
                ar.inv_with(alg, black_box(&xs[i]))
            })
        });
    }
    for (cn, kind) in [("binary", ChainKind::Binary), ("powers", ChainKind::Powers)] {
        for l in VARTIME_LAYOUTS {
            let p = VartimePlan::new(&ar, kind, Some(l), MapChoice::Auto);
            g.bench_function(BenchmarkId::from_parameter(format!("it-{cn}-{l}")), |bn| {
                bn.iter(|| {
                    i = (i + 1) & 7;
                    p.inv_vartime(&ar, black_box(&xs[i]))
                })
            });
        }
        for l in CT_LAYOUTS {
            let p = CtPlan::new(&ar, kind, Some(l), MapChoice::Auto).expect("ct layout");
            g.bench_function(BenchmarkId::from_parameter(format!("it-{cn}-{l}")), |bn| {
                bn.iter(|| {
                    i = (i + 1) & 7;
                    p.inv(&ar, black_box(&xs[i]))
                })
            });
        }
        let p = CtPlan::new(&ar, kind, None, MapChoice::Never).expect("no layout");
        g.bench_function(
            BenchmarkId::from_parameter(format!("it-{cn}-squarings")),
            |bn| {
                bn.iter(|| {
                    i = (i + 1) & 7;
                    p.inv(&ar, black_box(&xs[i]))
                })
            },
        );
    }
    g.finish();
}

fn all(c: &mut C) {
    bench_field::<3, Nist163>(c, "Nist163");
    bench_field::<4, Nist233>(c, "Nist233");
    bench_field::<5, Nist283>(c, "Nist283");
    bench_field::<7, Nist409>(c, "Nist409");
    bench_field::<9, Nist571>(c, "Nist571");
}

fn config() -> C {
    Criterion::default()
        .with_measurement(ThreadCpu)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(400))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = all
}
criterion_main!(benches);
