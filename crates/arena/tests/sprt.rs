//! Checks of `sprt` against hand-computed examples (arithmetic in the comments).

use yomi_arena::sprt::*;
use yomi_arena::stats::{Pentanomial, Trinomial};

#[test]
fn parses_and_rejects() {
    let c: SprtConfig = "0,5".parse().unwrap();
    assert_eq!(
        c,
        SprtConfig {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Logistic
        }
    );
    let c: SprtConfig = " -2.5 , 3 , 0.1 , 0.2 , normalized ".parse().unwrap();
    assert_eq!(
        (c.elo0, c.elo1, c.alpha, c.beta, c.model),
        (-2.5, 3.0, 0.1, 0.2, EloModel::Normalized)
    );

    assert!(matches!(
        "5".parse::<SprtConfig>(),
        Err(SprtError::Shape(_))
    ));
    assert!(matches!(
        "0,5,0.05".parse::<SprtConfig>(),
        Err(SprtError::Shape(_))
    ));
    assert!(matches!(
        "0,x".parse::<SprtConfig>(),
        Err(SprtError::NotANumber { field: "elo1", .. })
    ));
    assert!(matches!(
        "0,inf".parse::<SprtConfig>(),
        Err(SprtError::NotANumber { .. })
    ));
    assert!(matches!(
        "5,0".parse::<SprtConfig>(),
        Err(SprtError::Order { .. })
    ));
    assert!(matches!(
        "0,5,0,0.05".parse::<SprtConfig>(),
        Err(SprtError::Probability { name: "alpha", .. })
    ));
    assert!(matches!(
        "0,5,0.6,0.5".parse::<SprtConfig>(),
        Err(SprtError::Sum { .. })
    ));
    assert!(matches!(
        "0,5,0.05,0.05,bayes".parse::<SprtConfig>(),
        Err(SprtError::UnknownModel(_))
    ));
    let msg = "0,x".parse::<SprtConfig>().unwrap_err().to_string();
    assert!(msg.contains("elo1") && msg.contains("'x'"), "{msg}");
}

#[test]
fn wald_bounds() {
    // α = β = 0.05: ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = 2.944439.
    let c = SprtConfig::new(0.0, 5.0);
    assert!((c.lower_bound() + 2.944_439).abs() < 1e-6);
    assert!((c.upper_bound() - 2.944_439).abs() < 1e-6);
    // α = 0.05, β = 0.1: ln(0.1/0.95) = −2.251292, ln(0.9/0.05) = 2.890372.
    let c = SprtConfig { beta: 0.1, ..c };
    assert!((c.lower_bound() + 2.251_292).abs() < 1e-6);
    assert!((c.upper_bound() - 2.890_372).abs() < 1e-6);
    assert_eq!(c.decide(2.9), SprtResult::H1);
    assert_eq!(c.decide(-2.3), SprtResult::H0);
    assert_eq!(c.decide(0.0), SprtResult::Continue);
}

#[test]
fn decisions_on_constructed_counts() {
    for model in [EloModel::Logistic, EloModel::Normalized] {
        let c = SprtConfig {
            model,
            ..SprtConfig::new(0.0, 10.0)
        };
        // A clearly stronger: mostly winning pairs (score 0.63 over 200 pairs).
        let strong = Pentanomial([4, 20, 80, 60, 36]);
        assert_eq!(
            c.decide(c.llr_pentanomial(&strong)),
            SprtResult::H1,
            "{model}"
        );
        // Clearly weaker.
        let weak = Pentanomial([36, 60, 80, 20, 4]);
        assert_eq!(
            c.decide(c.llr_pentanomial(&weak)),
            SprtResult::H0,
            "{model}"
        );
        // Even and few pairs: undecided.
        let few = Pentanomial([1, 2, 4, 2, 1]);
        let llr = c.llr_pentanomial(&few);
        assert_eq!(c.decide(llr), SprtResult::Continue, "{model} {llr}");
        // An even match tests "0 vs 10" halfway: LLR below zero.
        assert!(llr < 0.0);
        // Hypotheses symmetric around the observed score give LLR ≈ 0.
        let sym = SprtConfig {
            model,
            ..SprtConfig::new(-10.0, 10.0)
        };
        assert!(sym.llr_pentanomial(&Pentanomial([5, 20, 50, 20, 5])).abs() < 1e-6);
        // No games, no evidence.
        assert_eq!(c.llr_pentanomial(&Pentanomial::default()), 0.0);
        assert_eq!(c.llr_trinomial(&Trinomial::default()), 0.0);
    }
}

#[test]
fn one_sided_results_have_finite_llr() {
    let c = SprtConfig::new(0.0, 10.0);
    // Only double wins: each hypothesis explains them best by a two-point
    // distribution on {LL, WW} with mean s, so the LLR grows like
    // n·ln(s1/s0) = n·ln(0.5143872/0.5) = 0.0283682 per pair: 40 pairs are
    // not yet enough for the 2.944 bound, 200 pairs are.
    let llr = c.llr_pentanomial(&Pentanomial([0, 0, 0, 0, 40]));
    assert!(
        llr.is_finite() && (llr - 40.0 * 0.028_368_2).abs() < 0.005,
        "{llr}"
    );
    let llr = c.llr_pentanomial(&Pentanomial([0, 0, 0, 0, 200]));
    assert!(llr.is_finite() && llr > c.upper_bound(), "{llr}");
    let llr = c.llr_trinomial(&Trinomial {
        wins: 0,
        draws: 50,
        losses: 0,
    });
    assert!(llr.is_finite() && llr < 0.0, "{llr}");
}

#[test]
fn trinomial_logistic_matches_the_normal_approximation_roughly() {
    // W=520 D=300 L=480 (n = 1300): s = (520 + 150)/1300 = 0.5153846,
    // σ² = [520·0.4846154² + 300·0.0153846² + 480·0.5153846²]/1300 = 0.1920710.
    // s0 = 0.5, s1 = Elo→score(10) = 0.5143872.
    // approx LLR = 1300·0.0143872·(2·0.5153846 − 1.0143872)/(2·0.1920710) = 0.7976
    let c = SprtConfig::new(0.0, 10.0);
    let llr = c.llr_trinomial(&Trinomial {
        wins: 520,
        draws: 300,
        losses: 480,
    });
    assert!((llr - 0.7976).abs() < 0.02, "{llr}");
}
