//! Prints the peer libraries found and the standard peer timings of
//! [`halfroot_peers::suite`]: OpenSSL `BN_GF2m_*` at the NIST binary fields, GMP Legendre
//! and Tonelli–Shanks, PARI/FLINT square roots mod secp160r1/P-256/a 2-adicity-32 prime,
//! and FLINT/PARI products in F_q\[X\]/(X^5 − α) at 160…1024-bit q.
//!
//! Run: `cargo run -p halfroot-peers --release --example peer_timings`
//! Each figure is the median of 7 batches, each batch sized to take about 20 ms.

use halfroot_peers::{available, suite, PeerError};

fn main() {
    println!("# peers found");
    for (name, present, version) in available() {
        println!("{name:8} {present:5} {version}");
    }
    println!(
        "\n{:8} {:16} {:28} {:>12}",
        "peer", "op", "field", "ns/call"
    );
    for m in suite::run(20e6) {
        let ns = match &m.ns {
            Ok(ns) => format!("{ns:.0}"),
            Err(PeerError::Unsupported { .. }) => "n/a".into(),
            Err(e) => e.to_string(),
        };
        println!("{:8} {:16} {:28} {:>12}", m.peer, m.op, m.field, ns);
    }
}
