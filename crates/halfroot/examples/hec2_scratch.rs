use halfroot::hec2::{HalvingAlgorithm, Hec2Curve, Hec2ScalarAlgorithm};
use num_bigint::BigUint;
use rand::SeedableRng;
fn main() {
    for name in ["C1", "C2", "C6"] {
        let c = Hec2Curve::named(name).expect("curve");
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let mut stats = std::collections::HashMap::new();
        for _ in 0..40 {
            let d = c.random_subgroup_divisor_vartime(&mut rng).unwrap();
            let e = c.double_cantor(&d);
            for alg in [HalvingAlgorithm::Alg3, HalvingAlgorithm::Alg5] {
                let res = c.halve_with_vartime(alg, &e, None);
                let ok = matches!(&res, Ok((h, _)) if *h == d);
                let key = format!(
                    "{:?} ok={ok} choice={:?}",
                    alg,
                    res.as_ref().map(|x| x.1).ok()
                );
                *stats.entry(key).or_insert(0) += 1;
            }
            // not in subgroup: D + T where 2-torsion... use random divisor not in subgroup
            let x = c.random_divisor_vartime(&mut rng);
            let inside = c.is_in_subgroup_vartime(&x).unwrap();
            let res = c.halve_with_vartime(HalvingAlgorithm::Alg5, &x, None);
            let key = format!("nonsub inside={inside} -> {:?}", res.as_ref().err());
            *stats.entry(key).or_insert(0) += 1;
        }
        let mut v: Vec<_> = stats.into_iter().collect();
        v.sort();
        println!("{name}: {v:#?}");
        let d = c.random_subgroup_divisor_vartime(&mut rng).unwrap();
        let k = BigUint::from(0xdeadbeef12345u64) * BigUint::from(0x1234567u64);
        let a = c.mul_cantor_vartime(&k, &d);
        for alg in Hec2ScalarAlgorithm::ALL {
            let b = c.mul_vartime(Some(alg), &k, &d).unwrap();
            println!("  {} agrees {}", alg.name(), a == b);
        }
        let t = c.halving_table_vartime(&d).unwrap();
        let b = c.mul_halve_and_add_fixed_vartime(&k, &t, 4).unwrap();
        println!(
            "  fixed agrees {} (generic steps {})",
            a == b,
            t.choices().iter().filter(|c| c.is_none()).count()
        );
    }
}
