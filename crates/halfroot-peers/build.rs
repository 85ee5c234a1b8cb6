//! Detects the peer libraries at build time and compiles their C shims.
//!
//! For each peer (OpenSSL libcrypto, GMP, FLINT, PARI) a tiny probe program that includes
//! the library's header and calls the functions the shim needs is compiled and linked with
//! the C compiler `cc` would use. When the probe links, the peer's shim
//! (`shim/<peer>.c`) is compiled into a static library, the peer's shared libraries are
//! linked, and `cfg(peer_<name>)` is set; otherwise the Rust wrappers return
//! `PeerError::Unavailable`, so a machine without the development packages still builds.
//!
//! c-xs233 (Pornin's GF(2^233) and xsb233/xsk233 groups, public domain) is vendored in
//! `vendor/c-xs233/` and needs no probe: on x86-64 it is compiled with its shim
//! (`shim/xs233.c`) at `-O2 -mpclmul -msse4.1 -DGF233_PCLMUL=1` whatever the profile and
//! target features of the rest of the build (its PCLMULQDQ code is chosen at compile
//! time; the Rust wrappers check the CPU at run time before calling it), and sets
//! `cfg(peer_xs233)`. Other architectures do not build it.
//!
//! `HALFROOT_PEERS_DISABLE=openssl,pari` (comma-separated, or `all`) forces peers off, to
//! exercise the unavailable path.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One peer library: its cfg name, probe program, link libraries and shim file.
struct Peer {
    name: &'static str,
    probe: &'static str,
    libs: &'static [&'static str],
}

const PEERS: &[Peer] = &[
    Peer {
        name: "openssl",
        probe: r#"
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/ec.h>
#ifdef OPENSSL_NO_EC2M
#error "binary fields disabled"
#endif
int main(void) {
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *a = BN_new();
    const int p[] = {163, 7, 6, 3, 0, -1};
    BN_set_word(a, 3);
    int ok = BN_GF2m_mod_mul_arr(a, a, a, p, ctx) && BN_GF2m_mod_solve_quad_arr(a, a, p, ctx);
    (void)ok;
    EVP_PKEY_CTX *k = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY_CTX_free(k);
    BN_free(a);
    BN_CTX_free(ctx);
    return OpenSSL_version(OPENSSL_VERSION) == 0;
}
"#,
        libs: &["crypto"],
    },
    Peer {
        name: "gmp",
        probe: r#"
#include <gmp.h>
int main(void) {
    mpz_t a, p;
    mpz_init_set_ui(a, 2);
    mpz_init_set_ui(p, 7);
    int l = mpz_legendre(a, p) + mpz_probab_prime_p(p, 5);
    mpz_clears(a, p, NULL);
    return l == 0 && gmp_version == 0;
}
"#,
        libs: &["gmp"],
    },
    Peer {
        name: "flint",
        probe: r#"
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpz_mod.h>
#include <flint/fmpz_mod_poly.h>
#include <flint/fq.h>
int main(void) {
    fmpz_t a, p, r;
    fmpz_init_set_ui(a, 2);
    fmpz_init_set_ui(p, 7);
    fmpz_init(r);
    int ok = fmpz_sqrtmod(r, a, p);
    fmpz_mod_ctx_t mctx;
    fmpz_mod_ctx_init(mctx, p);
    fmpz_mod_poly_t m;
    fmpz_mod_poly_init(m, mctx);
    fmpz_mod_poly_set_coeff_ui(m, 3, 1, mctx);
    fmpz_mod_poly_set_coeff_ui(m, 0, 5, mctx);
    fq_ctx_t ctx;
    fq_ctx_init_modulus(ctx, m, mctx, "X");
    fq_t x;
    fq_init(x, ctx);
    fq_mul(x, x, x, ctx);
    fq_clear(x, ctx);
    fq_ctx_clear(ctx);
    fmpz_mod_poly_clear(m, mctx);
    fmpz_mod_ctx_clear(mctx);
    fmpz_clear(a); fmpz_clear(p); fmpz_clear(r);
    return ok == 7 && flint_version[0] == 0;
}
"#,
        libs: &["flint", "gmp"],
    },
    Peer {
        name: "pari",
        probe: r#"
#include <pari/pari.h>
int main(void) {
    pari_init_opts(1000000, 0, INIT_DFTm | INIT_noINTGMPm | INIT_noIMTm);
    GEN r = Fp_sqrt(utoi(2), utoi(7));
    GEN s = FpXQ_mul(pol_x(0), pol_x(0), pol_x(0), utoi(7));
    int ok = r != NULL && s != NULL && BPSW_psp(utoi(7));
    pari_close_opts(INIT_DFTm | INIT_noINTGMPm | INIT_noIMTm);
    return !ok && paricfg_version[0] == 0;
}
"#,
        libs: &["pari", "gmp"],
    },
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=shim");
    println!("cargo::rerun-if-env-changed=HALFROOT_PEERS_DISABLE");
    for peer in PEERS {
        println!("cargo::rustc-check-cfg=cfg(peer_{})", peer.name);
    }
    println!("cargo::rustc-check-cfg=cfg(peer_xs233)");
    println!("cargo::rerun-if-changed=vendor/c-xs233");
    let out_dir = match env::var_os("OUT_DIR") {
        Some(d) => PathBuf::from(d),
        None => return,
    };
    let disabled = env::var("HALFROOT_PEERS_DISABLE").unwrap_or_default();
    let disabled: Vec<&str> = disabled.split(',').map(str::trim).collect();
    build_xs233(&disabled);
    for peer in PEERS {
        if disabled.contains(&"all") || disabled.contains(&peer.name) {
            println!(
                "cargo::warning=peer {} disabled by HALFROOT_PEERS_DISABLE",
                peer.name
            );
            continue;
        }
        if !probe(peer, &out_dir) {
            println!(
                "cargo::warning=peer {} not found (header or library missing); its wrappers return Unavailable",
                peer.name
            );
            continue;
        }
        let shim = format!("shim/{}.c", peer.name);
        println!("cargo::rerun-if-changed={shim}");
        let built = cc::Build::new()
            .file(&shim)
            .opt_level(2)
            .warnings(true)
            .extra_warnings(true)
            .flag_if_supported("-Wno-unused-parameter")
            .flag_if_supported("-Wno-deprecated-declarations")
            .try_compile(&format!("halfroot_peer_{}", peer.name));
        if let Err(e) = built {
            println!(
                "cargo::warning=peer {} found but its shim did not compile ({e}); its wrappers return Unavailable",
                peer.name
            );
            continue;
        }
        for lib in peer.libs {
            println!("cargo::rustc-link-lib=dylib={lib}");
        }
        println!("cargo::rustc-cfg=peer_{}", peer.name);
    }
}

/// Compiles the vendored c-xs233 (both groups and the field shim) with its PCLMULQDQ code,
/// on x86-64 only.
fn build_xs233(disabled: &[&str]) {
    if disabled.contains(&"all") || disabled.contains(&"xs233") {
        println!("cargo::warning=peer xs233 disabled by HALFROOT_PEERS_DISABLE");
        return;
    }
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64") {
        return;
    }
    let built = cc::Build::new()
        .files([
            "vendor/c-xs233/xsb233.c",
            "vendor/c-xs233/xsk233.c",
            "shim/xs233.c",
        ])
        .include("vendor/c-xs233")
        .opt_level(2)
        .flag("-mpclmul")
        .flag("-msse4.1")
        .define("GF233_PCLMUL", "1")
        .warnings(false)
        .try_compile("halfroot_peer_xs233");
    match built {
        Ok(()) => println!("cargo::rustc-cfg=peer_xs233"),
        Err(e) => println!(
            "cargo::warning=peer xs233 did not compile ({e}); its wrappers return Unavailable"
        ),
    }
}

/// Compiles and links the peer's probe program; true when that succeeds.
fn probe(peer: &Peer, out_dir: &Path) -> bool {
    let src = out_dir.join(format!("probe_{}.c", peer.name));
    let exe = out_dir.join(format!("probe_{}", peer.name));
    if fs::write(&src, peer.probe).is_err() {
        return false;
    }
    let compiler = match cc::Build::new().cargo_metadata(false).try_get_compiler() {
        Ok(c) => c,
        Err(_) => return false,
    };
    let mut cmd: Command = compiler.to_command();
    cmd.arg(&src).arg("-o").arg(&exe);
    for lib in peer.libs {
        cmd.arg(format!("-l{lib}"));
    }
    match cmd.output() {
        Ok(out) => out.status.success(),
        Err(_) => false,
    }
}
