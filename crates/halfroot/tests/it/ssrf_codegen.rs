//! Generated straight-line reduction and square-root code compiles (rustc) and agrees
//! with the library's field arithmetic on random inputs.

use std::io::Write;
use std::process::{Command, Stdio};

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::gf2poly::Gf2Poly;
use halfroot::ssrf::codegen::{generate, Lang};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const POLYS: &[&str] = &[
    "163,7,6,3,0",
    "163,57,49,29,0",
    "233,159,0",
    "233,74,0",
    "127,126,0",
    "43,42,29,28,0",
    "46,1,0",
    "48,38,4,1,0",
    "60,1,0",
    "571,193,185,5,0",
    "128,7,2,1,0",
];

fn to_words(v: &[u64], w: u32, count: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for &x in v {
        if w == 64 {
            out.push(x);
        } else {
            out.push(x & 0xffff_ffff);
            out.push(x >> 32);
        }
    }
    out.resize(count, 0);
    out
}

#[test]
fn generated_rust_matches_library() {
    let dir = std::env::temp_dir().join(format!("halfroot-codegen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut src = String::from("use std::io::Read;\n");
    let mut dispatch = String::new();
    let mut input = String::new();
    let mut expected: Vec<String> = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (pi, text) in POLYS.iter().enumerate() {
        let m = Modulus::parse(text).expect("valid");
        let f = DynBinaryField::new(text).expect("irreducible");
        let d = m.degree();
        for w in [64u32, 32] {
            let g = generate(&m, w, Lang::Rust).expect("generates");
            let ty = if w == 64 { "u64" } else { "u32" };
            let n = d.div_ceil(w) as usize;
            src.push_str(&format!("mod p{pi}w{w} {{\n{}\n}}\n", g.code));
            dispatch.push_str(&format!(
                "        (\"R{pi}w{w}\", _) => p{pi}w{w}::{}(&v.iter().map(|&x| x as {ty}).collect::<Vec<_>>().try_into().unwrap()).iter().map(|&x| x as u64).collect(),\n",
                g.reduce_name
            ));
            dispatch.push_str(&format!(
                "        (\"S{pi}w{w}\", _) => p{pi}w{w}::{}(&v.iter().map(|&x| x as {ty}).collect::<Vec<_>>().try_into().unwrap()).iter().map(|&x| x as u64).collect(),\n",
                g.sqrt_name
            ));
            for _ in 0..40 {
                let a = f.random(&mut rng);
                let b = f.random(&mut rng);
                let prod = Gf2Poly::from_words(a.clone()).mul(&Gf2Poly::from_words(b.clone()));
                let pw = to_words(prod.words(), w, 2 * n);
                input.push_str(&format!(
                    "R{pi}w{w} {}\n",
                    pw.iter()
                        .map(|x| format!("{x:x}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
                let want = to_words(&f.mul(&a, &b).expect("ok"), w, n);
                expected.push(
                    want.iter()
                        .map(|x| format!("{x:x}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                let aw = to_words(&a, w, n);
                input.push_str(&format!(
                    "S{pi}w{w} {}\n",
                    aw.iter()
                        .map(|x| format!("{x:x}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
                let want = to_words(&f.sqrt(&a, None).expect("ok"), w, n);
                expected.push(
                    want.iter()
                        .map(|x| format!("{x:x}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
        }
    }
    src.push_str(&format!(
        "fn main() {{\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    for line in s.lines() {{\n        let mut it = line.split_whitespace();\n        let tag = it.next().unwrap();\n        let v: Vec<u64> = it.map(|x| u64::from_str_radix(x, 16).unwrap()).collect();\n        let out: Vec<u64> = match (tag, 0) {{\n{dispatch}        _ => panic!(\"unknown tag\"),\n        }};\n        println!(\"{{}}\", out.iter().map(|x| format!(\"{{x:x}}\")).collect::<Vec<_>>().join(\" \"));\n    }}\n}}\n"
    ));
    let main_rs = dir.join("main.rs");
    std::fs::write(&main_rs, &src).expect("write");
    let exe = dir.join("gen_test");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&main_rs)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "rustc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write input");
    let out = child.wait_with_output().expect("finishes");
    assert!(out.status.success());
    let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let tags: Vec<&str> = input.lines().collect();
    assert_eq!(got.len(), expected.len());
    for ((g, e), t) in got.iter().zip(&expected).zip(tags) {
        assert_eq!(g, e, "input {t}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generated_c_compiles_when_a_c_compiler_is_present() {
    let Ok(cc) = Command::new("cc").arg("--version").output() else {
        eprintln!("no C compiler: skipped");
        return;
    };
    if !cc.status.success() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("halfroot-codegen-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for text in ["163,57,49,29,0", "233,74,0"] {
        let m = Modulus::parse(text).expect("ok");
        for w in [32u32, 64] {
            let g = generate(&m, w, Lang::C).expect("ok");
            let path = dir.join("gen.c");
            std::fs::write(
                &path,
                format!("{}\nint main(void) {{ return 0; }}\n", g.code),
            )
            .expect("write");
            let out = Command::new("cc")
                .args([
                    "-std=c99",
                    "-Wall",
                    "-Werror",
                    "-Wno-unused-variable",
                    "-Wno-unused-but-set-variable",
                    "-c",
                    "-o",
                ])
                .arg(dir.join("gen.o"))
                .arg(&path)
                .output()
                .expect("cc runs");
            assert!(
                out.status.success(),
                "{text} w{w}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
