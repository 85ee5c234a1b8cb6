//! Change of basis between two defining polynomials of the same degree (Avanzi
//! Remark 1), against one multiplication in the target field, measured in one run.
//!
//! Groups are `<from>-<to>/<op>`; ids end in `-x8`: 8 independent operations per
//! iteration on inputs drawn in turn from a pool of 512 random elements (divide by 8).
//! * `mul`: multiplication in the target field (compile-time spec where halfroot has
//!   one, as the half-trace targets are measured);
//! * `forward` / `backward`: [`BasisConverterN`] in every layout (`-portable` suffix:
//!   the portable kernel);
//! * `<name>/many`: the batch forms, 64 elements per call (divide by 64): `mul-x64`
//!   (`mul_many`), `forward-<layout>-x64` (`forward_many_tables`) and
//!   `forward-blocks-<kernel>-x64` (the 8×8 block matrices of [`AffineMap`], what
//!   `forward_many` uses where the CPU has GFNI);
//! * `dyn-forward` / `dyn-backward`: the dynamic [`BasisConverter`] on slices
//!   (`forward_into`/`backward_into`, the path of the CLI and the Python bindings).
//!
//! Time is thread CPU time (the machine is shared).
//! Run: `cargo bench -p halfroot --bench convert` (`-- 163` to filter).
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use halfroot::binary::convert::{BasisConverter, BasisConverterN};
use halfroot::binary::field::BinaryField;
use halfroot::binary::linear_map::affine::AffineMap;
use halfroot::binary::linear_map::Layout;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec::{Nist163, Nist233, Ssrf163, Ssrf233};
use halfroot::field::Field;
use rand::SeedableRng;
use std::hint::black_box;
use std::time::Duration;
#[path = "support/thread_cpu.rs"]
mod thread_cpu;

use thread_cpu::{ThreadCpu, C};

const POOL: usize = 512;

/// Times `op` on 8 consecutive pool elements per iteration, moving through the pool.
fn x8<'a, T, R>(pool: &'a [T], mut op: impl FnMut(&T) -> R + 'a) -> impl FnMut() -> [R; 8] + 'a {
    let mut at = 0usize;
    move || {
        at = (at + 8) % POOL;
        let p = black_box(&pool[at..at + 8]);
        core::array::from_fn(|i| op(&p[i]))
    }
}

fn bench_pair<const N: usize, T: ModulusSpec>(c: &mut C, from: &str, to: &str, spec: T) {
    let name = format!("{from}-{to}");
    let fm = Modulus::parse(from).expect("from");
    let tm = Modulus::parse(to).expect("to");
    let f = BinaryField::<N, T>::new(spec).expect("irreducible");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let a: Vec<[u64; N]> = (0..POOL).map(|_| f.random(&mut rng)).collect();
    let b: Vec<[u64; N]> = (0..POOL).map(|_| f.random(&mut rng)).collect();
    let ab: Vec<([u64; N], [u64; N])> = a.iter().copied().zip(b.iter().copied()).collect();

    let mut g = c.benchmark_group(format!("{name}/mul"));
    g.bench_function(BenchmarkId::new("tput-x8", &name), |bch| {
        let mut run = x8(&ab, |(x, y)| f.mul(x, y));
        bch.iter(&mut run)
    });
    g.finish();

    // The batch forms (64 elements per call, ns per element), against mul_many.
    let a64: Vec<[u64; N]> = a.iter().copied().cycle().take(64).collect();
    let b64: Vec<[u64; N]> = b.iter().copied().cycle().take(64).collect();
    let mut out = vec![[0u64; N]; 64];
    let mut g = c.benchmark_group(format!("{name}/many"));
    g.throughput(Throughput::Elements(64));
    g.bench_function(BenchmarkId::new("mul-x64", &name), |bch| {
        bch.iter(|| f.mul_many(black_box(&a64), black_box(&b64), &mut out))
    });
    for layout in [Layout::Nibble, Layout::Chunk6, Layout::Byte] {
        let conv = BasisConverterN::<N>::with_layout(&fm, &tm, layout).expect("pair");
        g.bench_function(
            BenchmarkId::new(format!("forward-{layout}-x64"), &name),
            |bch| bch.iter(|| conv.forward_many_tables(black_box(&a64), &mut out)),
        );
    }
    let conv_default = BasisConverterN::<N>::new(&fm, &tm).expect("pair");
    // The 8×8 block matrices (GFNI where the CPU has it, else the portable blocks).
    let cols: Vec<[u64; N]> = (0..fm.degree() as usize)
        .map(|k| {
            let mut e = [0u64; N];
            e[k / 64] = 1 << (k % 64);
            conv_default.forward(&e)
        })
        .collect();
    let blocks = AffineMap::<N>::new(&cols);
    g.bench_function(
        BenchmarkId::new(
            format!("forward-blocks-{}-x64", blocks.kernel_name()),
            &name,
        ),
        |bch| bch.iter(|| blocks.apply_many(black_box(&a64), &mut out)),
    );
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/convert"));
    for layout in Layout::ALL {
        if layout == Layout::NibbleScanCt {
            continue; // 16 masked entries per nibble: far slower, not a candidate
        }
        let conv = BasisConverterN::<N>::with_layout(&fm, &tm, layout).expect("pair");
        g.bench_function(
            BenchmarkId::new(format!("forward-{layout}-x8"), &name),
            |bch| {
                let mut run = x8(&a, |x| conv.forward(x));
                bch.iter(&mut run)
            },
        );
        g.bench_function(
            BenchmarkId::new(format!("backward-{layout}-x8"), &name),
            |bch| {
                let mut run = x8(&a, |x| conv.backward(x));
                bch.iter(&mut run)
            },
        );
        if layout == Layout::Byte {
            g.bench_function(
                BenchmarkId::new(format!("forward-{layout}-portable-x8"), &name),
                |bch| {
                    let mut run = x8(&a, |x| conv.forward_portable(x));
                    bch.iter(&mut run)
                },
            );
        }
    }
    let dynamic = BasisConverter::new(&fm, &tm).expect("pair");
    g.bench_function(BenchmarkId::new("dyn-forward-x8", &name), |bch| {
        let mut run = x8(&a, |x| {
            let mut out = [0u64; N];
            dynamic.forward_into(x, &mut out);
            out
        });
        bch.iter(&mut run)
    });
    g.bench_function(BenchmarkId::new("dyn-backward-x8", &name), |bch| {
        let mut run = x8(&a, |x| {
            let mut out = [0u64; N];
            dynamic.backward_into(x, &mut out);
            out
        });
        bch.iter(&mut run)
    });
    g.finish();
}

fn pairs(c: &mut C) {
    bench_pair::<3, _>(c, "163,7,6,3,0", "163,57,49,29,0", Ssrf163);
    bench_pair::<3, _>(c, "163,57,49,29,0", "163,7,6,3,0", Nist163);
    bench_pair::<4, _>(c, "233,74,0", "233,159,0", Ssrf233);
    bench_pair::<4, _>(c, "233,159,0", "233,74,0", Nist233);
    let m = |t: &str| Modulus::parse(t).expect("modulus");
    bench_pair::<5, _>(c, "283,12,7,5,0", "283,97,89,87,0", m("283,97,89,87,0"));
    bench_pair::<9, _>(c, "571,10,5,2,0", "571,193,185,5,0", m("571,193,185,5,0"));
}

fn config() -> C {
    Criterion::default()
        .with_measurement(ThreadCpu)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = pairs
}
criterion_main!(benches);
