//! OpenSSL binary-curve ECDH checked against a naive affine scalar multiplication on
//! sect163k1 (K-163) written here over a bit-serial GF(2^163), with the DER public key
//! assembled by hand; plus a symmetry check on every NIST binary curve and input
//! validation. Skips with a note when OpenSSL is unavailable.
#![allow(clippy::unwrap_used)]

use halfroot_peers::openssl::{ec_public_der, ecdh_shared_x};
use halfroot_peers::PeerError;

type Fe = [u64; 3];
const M: u32 = 163;
const F: [u32; 5] = [163, 7, 6, 3, 0];

fn bit(a: &Fe, i: u32) -> bool {
    (a[(i / 64) as usize] >> (i % 64)) & 1 == 1
}

fn add(a: &Fe, b: &Fe) -> Fe {
    [a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2]]
}

/// a·b mod x^163 + x^7 + x^6 + x^3 + 1, Horner over the bits of b.
fn mul(a: &Fe, b: &Fe) -> Fe {
    let mut r: Fe = [0; 3];
    for i in (0..M).rev() {
        // r = r·x mod f
        let top = bit(&r, M - 1);
        r = [
            r[0] << 1,
            (r[1] << 1) | (r[0] >> 63),
            (r[2] << 1) | (r[1] >> 63),
        ];
        r[2] &= (1u64 << (M - 128)) - 1;
        if top {
            for &e in &F[1..] {
                r[(e / 64) as usize] ^= 1 << (e % 64);
            }
        }
        if bit(b, i) {
            r = add(&r, a);
        }
    }
    r
}

/// a^(2^163 − 2) = a⁻¹ (Fermat).
fn inv(a: &Fe) -> Fe {
    let mut r: Fe = [1, 0, 0];
    let mut s = mul(a, a); // a^2
    for _ in 1..M {
        r = mul(&r, &s);
        s = mul(&s, &s);
    }
    r
}

fn from_hex(s: &str) -> Fe {
    let s = format!("{s:0>48}");
    let w = |i: usize| u64::from_str_radix(&s[i..i + 16], 16).unwrap();
    [w(32), w(16), w(0)]
}

fn to_be21(a: &Fe) -> Vec<u8> {
    let mut v = Vec::with_capacity(24);
    for w in a.iter().rev() {
        v.extend_from_slice(&w.to_be_bytes());
    }
    v[3..].to_vec()
}

type Point = Option<(Fe, Fe)>;
const A: Fe = [1, 0, 0];
const B: Fe = [1, 0, 0];

/// y² + xy = x³ + a x² + b.
fn on_curve(p: &Point) -> bool {
    let Some((x, y)) = p else { return true };
    let x2 = mul(x, x);
    add(&mul(y, y), &mul(x, y)) == add(&add(&mul(&x2, x), &mul(&A, &x2)), &B)
}

fn point_add(p: &Point, q: &Point) -> Point {
    let (Some((x1, y1)), Some((x2, y2))) = (p, q) else {
        return p.or(*q);
    };
    if x1 == x2 {
        if y1 != y2 || *x1 == [0; 3] {
            return None; // q = −p (−(x, y) = (x, x + y)) or 2-torsion
        }
        let l = add(x1, &mul(y1, &inv(x1)));
        let x3 = add(&add(&mul(&l, &l), &l), &A);
        let y3 = add(&mul(x1, x1), &mul(&add(&l, &[1, 0, 0]), &x3));
        return Some((x3, y3));
    }
    let l = mul(&add(y1, y2), &inv(&add(x1, x2)));
    let x3 = add(&add(&add(&add(&mul(&l, &l), &l), x1), x2), &A);
    let y3 = add(&add(&mul(&l, &add(x1, &x3)), &x3), y1);
    Some((x3, y3))
}

/// k·P, double-and-add over the big-endian hex digits of k.
fn scalar_mul(k_hex: &str, p: &Point) -> Point {
    let mut r: Point = None;
    for c in k_hex.chars() {
        let d = c.to_digit(16).unwrap();
        for b in (0..4).rev() {
            r = point_add(&r, &r);
            if (d >> b) & 1 == 1 {
                r = point_add(&r, p);
            }
        }
    }
    r
}

/// SEC 2 sect163k1 generator.
fn generator() -> Point {
    Some((
        from_hex("02fe13c0537bbc11acaa07d793de4e6d5e5c94eee8"),
        from_hex("0289070fb05d38ff58321f2e800536d538ccdaa3d9"),
    ))
}
const ORDER_HEX: &str = "04000000000000000000020108a2e0cc0d99f8a5ef";

/// DER SubjectPublicKeyInfo of an uncompressed sect163k1 point, assembled by hand.
fn spki(p: &Point) -> Vec<u8> {
    let (x, y) = p.unwrap();
    let mut der = vec![0x30, 0x40, 0x30, 0x10];
    der.extend_from_slice(&[0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]); // id-ecPublicKey
    der.extend_from_slice(&[0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x01]); // sect163k1
    der.extend_from_slice(&[0x03, 0x2c, 0x00, 0x04]);
    der.extend(to_be21(&x));
    der.extend(to_be21(&y));
    der
}

fn openssl_present() -> bool {
    match ec_public_der("sect163k1", "1") {
        Err(PeerError::Unavailable(p)) => {
            eprintln!("skipping: peer {p} unavailable in this build");
            false
        }
        _ => true,
    }
}

#[test]
fn naive_curve_reference_is_consistent() {
    let g = generator();
    assert!(on_curve(&g), "generator on the curve");
    assert_eq!(mul(&[2, 0, 0], &inv(&[2, 0, 0])), [1, 0, 0]);
    assert_eq!(scalar_mul(ORDER_HEX, &g), None, "n·G = O");
    assert!(on_curve(&scalar_mul("1234567", &g)));
}

#[test]
fn shared_x_matches_naive_scalar_multiplication() {
    if !openssl_present() {
        return;
    }
    let g = generator();
    let (da, db) = ("3a41f9c07e2b55d3", "1f0e2d3c4b5a69788796a5b4c3d2e1f0011");
    let qb = scalar_mul(db, &g);
    let der_b = spki(&qb);
    assert_eq!(
        ec_public_der("sect163k1", db).unwrap(),
        der_b,
        "public key DER"
    );
    let want = to_be21(&scalar_mul(da, &qb).unwrap().0);
    assert_eq!(ecdh_shared_x("sect163k1", da, &der_b).unwrap(), want);
    assert_eq!(
        ecdh_shared_x("sect163k1", &format!("0x{da}"), &der_b).unwrap(),
        want
    );
}

#[test]
fn shared_x_is_symmetric_on_nist_binary_curves() {
    if !openssl_present() {
        return;
    }
    for (curve, bytes) in [
        ("sect163k1", 21),
        ("sect163r2", 21),
        ("sect233k1", 30),
        ("sect233r1", 30),
        ("sect283k1", 36),
        ("sect283r1", 36),
        ("sect409k1", 52),
        ("sect409r1", 52),
        ("sect571k1", 72),
        ("sect571r1", 72),
    ] {
        let (da, db) = ("5eed1234abcdef0987654321", "c0ffee0123456789abcdef1357");
        let pa = ec_public_der(curve, da).unwrap();
        let pb = ec_public_der(curve, db).unwrap();
        let s1 = ecdh_shared_x(curve, da, &pb).unwrap();
        let s2 = ecdh_shared_x(curve, db, &pa).unwrap();
        assert_eq!(s1, s2, "{curve}");
        assert_eq!(s1.len(), bytes, "{curve}");
    }
}

#[test]
fn rejects_bad_curves_scalars_and_keys() {
    if !openssl_present() {
        return;
    }
    let pb = ec_public_der("sect163k1", "abc").unwrap();
    let bad = |r: Result<Vec<u8>, PeerError>| matches!(r, Err(PeerError::InvalidInput(_)));
    assert!(bad(ecdh_shared_x("prime256v1", "1", &pb)));
    assert!(bad(ecdh_shared_x("sect999z1", "1", &pb)));
    assert!(bad(ecdh_shared_x("sect163k1", "xyz", &pb)));
    assert!(bad(ecdh_shared_x("sect163k1", "", &pb)));
    assert!(bad(ecdh_shared_x("sect163k1", "0", &pb)));
    assert!(
        bad(ecdh_shared_x("sect163k1", ORDER_HEX, &pb)),
        "scalar = n"
    );
    assert!(bad(ecdh_shared_x("sect163k1", "1", &pb[..pb.len() - 1])));
    assert!(bad(ecdh_shared_x("sect163k1", "1", b"not der")));
    let other = ec_public_der("sect233k1", "abc").unwrap();
    assert!(
        bad(ecdh_shared_x("sect163k1", "1", &other)),
        "key on another curve"
    );
    // A point off the curve: flip a bit of y.
    let mut off = pb.clone();
    let last = off.len() - 1;
    off[last] ^= 1;
    assert!(
        bad(ecdh_shared_x("sect163k1", "1", &off)),
        "point off the curve"
    );
}
