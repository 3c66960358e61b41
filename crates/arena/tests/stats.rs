//! Checks of `stats` against hand-computed examples (arithmetic in the comments).

use yomi_arena::stats::*;
fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn elo_score_round_trip_and_known_points() {
    // s = 0.75: 1/s − 1 = 1/3, log10(1/3) = −0.477121, × −400 = 190.849
    assert!(close(elo_from_score(0.75), 190.848_501_9, 1e-6));
    assert_eq!(elo_from_score(0.5), 0.0);
    assert!(close(elo_from_score(0.25), -190.848_501_9, 1e-6));
    for elo in [-500.0, -35.0, 0.0, 12.5, 400.0] {
        assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
    }
    assert_eq!(elo_from_score(1.0), f64::INFINITY);
    assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    assert!(elo_from_score(1.5).is_nan());
    assert!(elo_from_score(f64::NAN).is_nan());
}

#[test]
fn erf_matches_reference_values() {
    // Reference values of erf from tables (and Python's math.erf).
    for (x, want) in [
        (0.0, 0.0),
        (0.5, 0.520_499_877_813_046_5),
        (1.0, 0.842_700_792_949_714_9),
        (-1.0, -0.842_700_792_949_714_9),
        (2.0, 0.995_322_265_018_952_7),
    ] {
        assert!(
            close(erf(x), want, 2e-7),
            "erf({x}) = {} want {want}",
            erf(x)
        );
    }
    assert!(close(normal_cdf(Z95), 0.975, 1e-7));
}

#[test]
fn trinomial_hand_computed() {
    // W=60 D=20 L=20, n=100: s = (60 + 10)/100 = 0.7.
    // σ² = [60·0.3² + 20·0.2² + 20·0.7²]/100 = (5.4 + 0.8 + 9.8)/100 = 0.16,
    // se = √(0.16/100) = 0.04.
    // Elo = −400·log10(1/0.7 − 1) = −400·log10(0.4285714) = 147.1907.
    // 95%: s ± 1.959964·0.04 = [0.6216014, 0.7783986]
    //   Elo(0.7783986) = −400·log10(0.2846864) = 218.2518
    //   Elo(0.6216014) = −400·log10(0.6087610) =  86.2250
    //   error = (218.2518 − 86.2250)/2 = 66.0134.
    let t = Trinomial {
        wins: 60,
        draws: 20,
        losses: 20,
    };
    assert_eq!(t.games(), 100);
    assert!(close(t.score(), 0.7, 1e-12));
    assert!(close(t.variance(), 0.16, 1e-12));
    let e = t.elo();
    assert!(close(e.stderr, 0.04, 1e-12));
    assert!(close(e.elo, 147.1907, 1e-3), "{e:?}");
    assert!(close(e.upper, 218.2518, 1e-3), "{e:?}");
    assert!(close(e.lower, 86.2250, 1e-3), "{e:?}");
    assert!(close(e.error, 66.0134, 1e-3), "{e:?}");
    // nElo = (0.7 − 0.5)/0.4 · 347.4356 = 173.7178,
    // its error 1.959964·0.04/0.4 · 347.4356 = 68.0961.
    assert!(close(e.nelo, 173.7178, 1e-3), "{e:?}");
    assert!(close(e.nelo_error, 68.0961, 1e-3), "{e:?}");
}

#[test]
fn trinomial_los_hand_computed() {
    // W=12 L=8: ½(1 + erf(4/√40)) = ½(1 + erf(0.6324555)) = ½(1 + 0.6289066) = 0.8144533
    let t = Trinomial {
        wins: 12,
        draws: 30,
        losses: 8,
    };
    assert!(close(t.los(), 0.814_453_3, 1e-6), "{}", t.los());
    let mirrored = Trinomial {
        wins: 8,
        draws: 30,
        losses: 12,
    };
    assert!(close(mirrored.los(), 1.0 - 0.814_453_3, 1e-6));
    assert_eq!(
        Trinomial {
            wins: 0,
            draws: 7,
            losses: 0
        }
        .los(),
        0.5
    );
}

#[test]
fn pentanomial_hand_computed() {
    // Buckets [0, 1, 3, 4, 2] over 10 pairs:
    // s = (1·0.25 + 3·0.5 + 4·0.75 + 2·1)/10 = 6.75/10 = 0.675.
    // σ² = [1·0.425² + 3·0.175² + 4·0.075² + 2·0.325²]/10
    //    = (0.180625 + 0.091875 + 0.0225 + 0.21125)/10 = 0.050625,
    // se = √(0.050625/10) = 0.0711512.
    // Elo(0.675) = −400·log10(0.325/0.675) = 126.9682
    // 95%: 0.675 ± 0.1394539 = [0.5355461, 0.8144539]
    //   Elo(0.8144539) = −400·log10(0.2278166) = 256.9659
    //   Elo(0.5355461) = −400·log10(0.8672528) =  24.7417
    //   error = (256.9659 − 24.7417)/2 = 116.1121.
    // LOS = Φ(0.175/0.0711512) = Φ(2.459549) = 0.993044.
    let p = Pentanomial([0, 1, 3, 4, 2]);
    assert_eq!(p.pairs(), 10);
    assert!(close(p.score(), 0.675, 1e-12));
    assert!(close(p.variance(), 0.050625, 1e-12));
    let e = p.elo();
    assert!(close(e.elo, 126.9682, 1e-3), "{e:?}");
    assert!(close(e.upper, 256.9659, 1e-3), "{e:?}");
    assert!(close(e.lower, 24.7417, 1e-3), "{e:?}");
    assert!(close(e.error, 116.1121, 1e-3), "{e:?}");
    assert!(close(p.los(), 0.993_044, 1e-5), "{}", p.los());
}

#[test]
fn pentanomial_bookkeeping() {
    let mut p = Pentanomial::default();
    p.add_pair(2, 2); // two wins
    p.add_pair(2, 0); // win + loss
    p.add_pair(1, 1); // two draws
    p.add_pair(0, 1); // loss + draw
    p.add_pair(1, 2); // draw + win
    assert_eq!(p.0, [0, 1, 2, 1, 1]);
    let mut q = Pentanomial([1, 0, 0, 0, 0]);
    q.merge(&p);
    assert_eq!(q.0, [1, 1, 2, 1, 1]);
    assert_eq!(q.pairs(), 6);
}

#[test]
fn paired_variance_is_smaller_when_pairs_are_correlated() {
    // 10 pairs, each a win and a loss: the trinomial view sees 10 W, 10 L
    // (σ² = 0.25 per game), the pentanomial view sees no spread at all.
    let t = Trinomial {
        wins: 10,
        draws: 0,
        losses: 10,
    };
    let p = Pentanomial([0, 0, 10, 0, 0]);
    assert!(close(t.score(), p.score(), 1e-12));
    assert!(close(t.variance(), 0.25, 1e-12));
    assert_eq!(p.variance(), 0.0);
    assert_eq!(p.elo().error, 0.0);
    assert!(t.elo().error > 50.0);
    assert_eq!(p.los(), 0.5);
}

#[test]
fn edge_cases_are_defined() {
    let none = Trinomial::default().elo();
    assert!(none.score.is_nan() && none.elo.is_nan() && none.error.is_nan());
    assert_eq!(Trinomial::default().los(), 0.5);
    assert_eq!(Pentanomial::default().los(), 0.5);
    assert!(Pentanomial::default().elo().elo.is_nan());

    let all_wins = Trinomial {
        wins: 5,
        draws: 0,
        losses: 0,
    }
    .elo();
    assert_eq!(all_wins.elo, f64::INFINITY);
    assert_eq!(all_wins.error, f64::INFINITY);
    assert_eq!(Pentanomial([0, 0, 0, 0, 3]).los(), 1.0);
    assert_eq!(Pentanomial([3, 0, 0, 0, 0]).elo().elo, f64::NEG_INFINITY);

    let all_draws = Trinomial {
        wins: 0,
        draws: 9,
        losses: 0,
    }
    .elo();
    assert_eq!(all_draws.elo, 0.0);
    assert_eq!(all_draws.error, 0.0);
    assert_eq!(all_draws.nelo, 0.0);
    assert!(all_draws.nelo_error.is_nan());
    assert_eq!(Pentanomial([2, 0, 0, 0, 0]).elo().nelo, f64::NEG_INFINITY);
    assert!(none.nelo.is_nan());

    // 1 win in 2 games: the interval reaches past 0 and 1, giving infinite ends.
    let tiny = Trinomial {
        wins: 1,
        draws: 0,
        losses: 1,
    }
    .elo();
    assert_eq!(tiny.elo, 0.0);
    assert_eq!(tiny.error, f64::INFINITY);
}
