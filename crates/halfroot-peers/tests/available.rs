//! `available()` lists every peer once, with a version string exactly when present, and
//! agrees with what the wrappers do (an absent peer's wrappers say `Unavailable`).
#![allow(clippy::unwrap_used)]

use halfroot_peers::{available, flint, gmp, openssl, pari, xs233, PeerError};

#[test]
fn available_lists_every_peer_with_versions() {
    let list = available();
    let names: Vec<&str> = list.iter().map(|e| e.0).collect();
    assert_eq!(names, ["openssl", "gmp", "flint", "pari", "xs233"]);
    for (name, present, version) in &list {
        eprintln!("{name}: present={present} version={version:?}");
        assert_eq!(*present, !version.is_empty(), "{name}");
        // An independent probe of each peer: one real call.
        let call_ok = match *name {
            "openssl" => openssl::OpensslGf2m::new(&[3, 1, 0]).map(|_| ()),
            "gmp" => gmp::legendre(&[2], &[7]).map(|_| ()),
            "flint" => flint::sqrtmod(&[2], &[7]).map(|_| ()),
            "pari" => pari::fp_sqrt(&[2], &[7]).map(|_| ()),
            "xs233" => xs233::Gf233::new().map(|_| ()),
            other => panic!("unexpected peer {other}"),
        };
        match call_ok {
            Ok(()) => assert!(present, "{name} answered but is listed absent"),
            Err(PeerError::Unavailable(p)) => {
                // xs233 also names the CPU features it lacks.
                assert!(p.starts_with(name), "{p} for {name}");
                assert!(!present, "{name} listed present but Unavailable");
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

#[test]
fn versions_look_like_the_libraries() {
    for (name, present, version) in available() {
        if !present {
            eprintln!("skipping: peer {name} unavailable in this build");
            continue;
        }
        let has_digit_dot = version.contains('.') && version.chars().any(|c| c.is_ascii_digit());
        assert!(has_digit_dot, "{name} version {version:?}");
        if name == "openssl" {
            assert!(version.starts_with("OpenSSL"), "{version}");
        }
    }
}
