//! The c-xs233 wrappers on their own: argument checks (non-canonical field elements,
//! scalars over 30 bytes, encodings of the wrong length, a point of the other group,
//! the Frobenius forms on xsb233) and the group's consistency (every scalar
//! multiplication agrees with repeated addition; decode ∘ encode is the identity).
//! The agreement with halfroot's own field and curves is in
//! crates/halfroot-cli/tests/differential.rs. Skips with a note when c-xs233 is not in
//! this build or the CPU lacks PCLMULQDQ/SSE4.1.
#![allow(clippy::unwrap_used)]

use halfroot_peers::xs233::{Chain, Gf233, Gf233Op, Group, MulGenMethod, MulMethod, Xs233};
use halfroot_peers::PeerError;

fn or_skip<T>(r: halfroot_peers::Result<T>) -> Option<T> {
    match r {
        Ok(t) => Some(t),
        Err(PeerError::Unavailable(p)) => {
            eprintln!("skipping: peer {p} unavailable");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn field_checks_inputs_and_times() {
    let Some(f) = or_skip(Gf233::new()) else {
        return;
    };
    let top = [0, 0, 0, 1u64 << 41];
    assert!(matches!(f.sqr(&top), Err(PeerError::InvalidInput(_))));
    let one = [1, 0, 0, 0];
    let z = [2, 0, 0, 0];
    assert_eq!(f.mul(&z, &one).unwrap(), z);
    assert_eq!(f.inv(&one).unwrap(), one);
    assert_eq!(f.inv(&[0; 4]).unwrap(), [0; 4]);
    // z^233 = z^74 + 1: z^232 · z.
    assert_eq!(f.mul(&[0, 0, 0, 1 << 40], &z).unwrap(), [1, 1 << 10, 0, 0]);
    assert_eq!(f.trace(&one).unwrap(), 1);
    let xs = [[3u64, 5, 7, 11]; 8];
    for op in Gf233Op::ALL {
        for chain in [Chain::Dependent, Chain::Independent] {
            let ns = f.bench_ns(op, chain, &xs, &xs, 100).unwrap();
            assert!(ns > 0.0 && ns < 1e6, "{op:?} {chain:?}: {ns}");
        }
    }
    assert!(f
        .bench_ns(Gf233Op::Mul, Chain::Independent, &xs[..1], &xs, 10)
        .is_err());
}

#[test]
fn groups_check_inputs_and_agree_with_repeated_addition() {
    for group in [Group::Xsb233, Group::Xsk233] {
        let Some(g) = or_skip(Xs233::new(group)) else {
            return;
        };
        let other = Xs233::new(match group {
            Group::Xsb233 => Group::Xsk233,
            Group::Xsk233 => Group::Xsb233,
        })
        .unwrap();
        let gen = g.generator();
        assert!(g.decode(&[0u8; 29]).is_err());
        assert!(g.mul(MulMethod::Window, &gen, &[1u8; 31]).is_err());
        assert!(g.add(&gen, &other.generator()).is_err());
        if group == Group::Xsb233 {
            assert!(matches!(
                g.mul(MulMethod::Frobenius, &gen, &[3]),
                Err(PeerError::Unsupported { .. })
            ));
            assert!(g.mulgen(MulGenMethod::Frobenius, &[3]).is_err());
        }
        // k·G by repeated addition, k = 0 … 40, against every method.
        let mut acc = g.neutral();
        for k in 0u8..=40 {
            let want = g.encode(&acc).unwrap();
            assert_eq!(g.encode(&g.decode(&want).unwrap()).unwrap(), want);
            let mut methods = vec![MulMethod::Window, MulMethod::Ladder];
            let mut gens = vec![MulGenMethod::Tables];
            if group == Group::Xsk233 {
                methods.push(MulMethod::Frobenius);
                gens.push(MulGenMethod::Frobenius);
            }
            for m in methods {
                let r = g.mul(m, &gen, &[k]).unwrap();
                assert!(g.equals(&r, &acc).unwrap(), "{group:?} {m:?} k = {k}");
                // The same scalar zero-padded to 30 bytes.
                let mut wide = [0u8; 30];
                wide[0] = k;
                assert_eq!(g.encode(&g.mul(m, &gen, &wide).unwrap()).unwrap(), want);
            }
            for m in gens {
                let r = g.mulgen(m, &[k]).unwrap();
                assert_eq!(g.encode(&r).unwrap(), want, "{group:?} {m:?} k = {k}");
            }
            assert_eq!(
                g.encode(&g.double(&acc).unwrap()).unwrap(),
                g.encode(&g.add(&acc, &acc).unwrap()).unwrap()
            );
            let back = g.sub(&g.add(&acc, &gen).unwrap(), &gen).unwrap();
            assert!(g.equals(&back, &acc).unwrap());
            assert!(g
                .equals(&g.add(&acc, &g.neg(&acc).unwrap()).unwrap(), &g.neutral())
                .unwrap());
            acc = g.add(&acc, &gen).unwrap();
        }
    }
}
