//! The tuner on a contest whose answer is known: a player's strength is a
//! known function of its parameters, so the optimum is known, and SPSA must
//! find it from a poor start and a sweep must name it; both deterministic
//! with a seed, SPSA resuming exactly from its journal.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use yomi_arena::tune::{
    Bout, BoutResult, Contest, SpsaConfig, SpsaParam, SpsaSchedule, SweepConfig, run_spsa,
    run_sweep,
};
use yomi_arena::{MatchProgress, Pentanomial, SprtConfig, Trinomial};
use yomi_core::{Rng, derive_seed};

/// Players `coin:x=..,y=..` whose Elo is −20·((x − 2)² + (y + 1)²): the best
/// player has x = 2, y = −1. A game is won with the logistic probability of
/// the Elo difference (after 10% draws). `fail_after` makes the contest fail
/// once that many bouts were played (a run killed midway).
struct Coin {
    bouts: AtomicU64,
    fail_after: u64,
}

impl Coin {
    fn new() -> Coin {
        Coin {
            bouts: AtomicU64::new(0),
            fail_after: u64::MAX,
        }
    }

    fn elo(spec: &str) -> Result<f64, std::io::Error> {
        let bad = || std::io::Error::other(format!("not a coin spec: {spec}"));
        let rest = spec.strip_prefix("coin:").ok_or_else(bad)?;
        let (mut x, mut y) = (0.0, 0.0);
        for kv in rest.split(',') {
            let (k, v) = kv.split_once('=').ok_or_else(bad)?;
            let v: f64 = v.parse().map_err(|_| bad())?;
            match k {
                "x" => x = v,
                "y" => y = v,
                _ => return Err(bad()),
            }
        }
        Ok(-20.0 * ((x - 2.0).powi(2) + (y + 1.0).powi(2)))
    }
}

impl Contest for Coin {
    type Error = std::io::Error;

    fn describe(&self) -> serde_json::Value {
        serde_json::json!({"game": "coin"})
    }

    fn check(&self, spec: &str) -> Result<(), std::io::Error> {
        Coin::elo(spec).map(|_| ())
    }

    fn play(
        &self,
        a: &str,
        b: &str,
        bout: &Bout,
        _: &(dyn Fn(&MatchProgress) + Sync),
    ) -> Result<BoutResult, std::io::Error> {
        if self.bouts.fetch_add(1, Ordering::SeqCst) >= self.fail_after {
            return Err(std::io::Error::other("killed"));
        }
        let p = 1.0 / (1.0 + 10f64.powf(-(Coin::elo(a)? - Coin::elo(b)?) / 400.0));
        let (mut tri, mut penta) = (Trinomial::default(), Pentanomial::default());
        for pair in 0..bout.pairs {
            let mut rng = Rng::new(derive_seed(bout.seed, pair));
            let mut half_points = [0u32; 2];
            for hp in &mut half_points {
                let u = rng.unit();
                *hp = if u < 0.1 {
                    tri.draws += 1;
                    1
                } else if rng.unit() < p {
                    tri.wins += 1;
                    2
                } else {
                    tri.losses += 1;
                    0
                };
            }
            penta.add_pair(half_points[0], half_points[1]);
        }
        Ok(BoutResult::new(tri, penta))
    }
}

fn spsa_config(journal: Option<PathBuf>) -> SpsaConfig {
    SpsaConfig {
        base: "coin".into(),
        params: vec![
            "x,float,8,0,10,1,0.002".parse::<SpsaParam>().unwrap(),
            "y,int,4,-5,5,1,0.002".parse::<SpsaParam>().unwrap(),
        ],
        pairs: 20_000,
        batch: 4,
        schedule: SpsaSchedule::default(),
        seed: 11,
        threads: 1,
        journal,
        confirm_pairs: 0,
        confirm_sprt: "0,10".parse::<SprtConfig>().unwrap(),
        confirm_journal: None,
    }
}

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("yomi-tune-{name}-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn spsa_finds_the_known_optimum_from_a_poor_start_and_confirms_it() {
    let mut cfg = spsa_config(None);
    cfg.confirm_pairs = 2000;
    let r = run_spsa(&Coin::new(), &cfg, &|_, _| {}, &|_| {}).unwrap();
    // Start 8, 4: 36 + 25 squared units from the optimum (−1220 Elo).
    assert!((r.theta[0] - 2.0).abs() < 0.5, "x ends at {}", r.theta[0]);
    assert!((r.theta[1] + 1.0).abs() < 0.75, "y ends at {}", r.theta[1]);
    assert_eq!(r.tuned[1], -1.0, "y is a whole number: {:?}", r.tuned);
    assert_eq!(r.history.len(), 5000);
    assert!(r.tuned_spec.starts_with("coin:x=") && r.tuned_spec.ends_with(",y=-1"));
    let c = r.confirmation.expect("a confirmation was asked for");
    assert_eq!(c.sprt, "H1 accepted");
    assert!(c.accepted && c.elo.unwrap() > 500.0, "{c:?}");
    // Same seed, same trajectory.
    let again = run_spsa(&Coin::new(), &spsa_config(None), &|_, _| {}, &|_| {}).unwrap();
    assert_eq!(again.theta, r.theta);
    let other = SpsaConfig {
        seed: 12,
        ..spsa_config(None)
    };
    let other = run_spsa(&Coin::new(), &other, &|_, _| {}, &|_| {}).unwrap();
    assert_ne!(other.theta, r.theta, "another seed draws other signs");
}

#[test]
fn a_confirmation_that_fails_keeps_the_start_values() {
    let mut cfg = spsa_config(None);
    cfg.pairs = 8; // too short to move far from a start that is already best
    cfg.params = vec!["x,float,2,0,10,1,0.002".parse().unwrap()];
    cfg.confirm_pairs = 400;
    let r = run_spsa(&Coin::new(), &cfg, &|_, _| {}, &|_| {}).unwrap();
    let c = r.confirmation.clone().unwrap();
    assert!(!c.accepted, "{c:?}");
    assert!(
        r.to_string()
            .contains("not confirmed, the start values stay")
    );
}

#[test]
fn a_stopped_spsa_run_resumes_exactly_and_refuses_other_settings() {
    let whole = run_spsa(&Coin::new(), &spsa_config(None), &|_, _| {}, &|_| {}).unwrap();
    let path = temp("spsa");
    let killed = Coin {
        fail_after: 1234,
        ..Coin::new()
    };
    let e = run_spsa(
        &killed,
        &spsa_config(Some(path.clone())),
        &|_, _| {},
        &|_| {},
    );
    assert!(e.is_err());
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(lines, 1 + 1234, "the header and every finished step");
    let replayed = AtomicU64::new(0);
    let resumed = Coin::new();
    let r = run_spsa(
        &resumed,
        &spsa_config(Some(path.clone())),
        &|_, _| {
            replayed.fetch_add(1, Ordering::SeqCst);
        },
        &|_| {},
    )
    .unwrap();
    assert_eq!(
        r.theta, whole.theta,
        "the same trajectory as an unbroken run"
    );
    assert_eq!(r.history, whole.history);
    assert_eq!(
        resumed.bouts.load(Ordering::SeqCst),
        5000 - 1234,
        "nothing replayed"
    );
    assert_eq!(replayed.load(Ordering::SeqCst), 5000);
    let other = SpsaConfig {
        seed: 99,
        ..spsa_config(Some(path.clone()))
    };
    let e = run_spsa(&Coin::new(), &other, &|_, _| {}, &|_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("its seed is 11, this match's is 99"), "{e}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_sweep_names_the_known_best_value_with_its_margin() {
    let cfg = SweepConfig {
        base: "coin:y=-1".into(),
        param: "x".into(),
        values: "0..5".parse().unwrap(),
        reference: "coin:x=0,y=-1".into(),
        pairs: 3000,
        seed: 5,
        threads: 1,
        journal_dir: None,
    };
    let r = run_sweep(&Coin::new(), &cfg, &|_| {}, &|_, _| {}).unwrap();
    assert_eq!(r.best, 2.0, "{r}");
    let m = r.margin.as_ref().unwrap();
    assert!([1.0, 3.0].contains(&m.runner_up), "{r}");
    assert!(m.probability_better > 0.9, "{r}");
    // x = 0 is the reference itself: about 0 Elo; x = 5 is 100 Elo weaker, which
    // 10% draws make about 89 in score.
    assert!(r.points[0].elo.unwrap().abs() < 15.0, "{r}");
    let e5 = r.points[5].elo.unwrap();
    assert!((e5 + 89.0).abs() < 25.0, "x=5: {e5} (expected -89)");
    assert_eq!(
        r,
        run_sweep(&Coin::new(), &cfg, &|_| {}, &|_, _| {}).unwrap()
    );
    let text = r.to_string();
    assert!(text.contains("best: x=2"), "{text}");
    let bad = SweepConfig {
        reference: "nothing".into(),
        ..cfg
    };
    let e = run_sweep(&Coin::new(), &bad, &|_| {}, &|_, _| {}).unwrap_err();
    assert!(e.to_string().contains("not a coin spec: nothing"));
}

#[test]
#[ignore = "needs Chromium: apt-get install chromium, then cargo test -p yomi-arena --test tune -- --ignored (.ci/run does)"]
fn the_charts_render_in_chromium() {
    use std::time::Duration;
    use yomi_arena::tune::chart::{spsa_svg, sweep_svg};
    use yomi_core::browser::attribute;
    let browser = yomi_core::browser::chromium()
        .expect("no chromium found (apt-get install -y chromium, or set YOMI_CHROMIUM)");
    let sweep = SweepConfig {
        base: "coin:y=-1".into(),
        param: "x".into(),
        values: "0..6".parse().unwrap(),
        reference: "coin:x=2,y=-1".into(),
        pairs: 40,
        seed: 3,
        threads: 1,
        journal_dir: None,
    };
    let sweep = run_sweep(&Coin::new(), &sweep, &|_| {}, &|_, _| {}).unwrap();
    let mut spsa = spsa_config(None);
    spsa.pairs = 400;
    let spsa = run_spsa(&Coin::new(), &spsa, &|_, _| {}, &|_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("yomi-tune-charts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sweep.svg"), sweep_svg(&sweep)).unwrap();
    std::fs::write(dir.join("spsa.svg"), spsa_svg(&spsa)).unwrap();
    // As images: a malformed SVG fires `error` instead of `load`.
    let page = r#"<!doctype html><html><body>
<img id="sweep" src="sweep.svg" onload="this.dataset.size = this.naturalWidth + 'x' + this.naturalHeight" onerror="this.dataset.size = 'error'">
<img id="spsa" src="spsa.svg" onload="this.dataset.size = this.naturalWidth + 'x' + this.naturalHeight" onerror="this.dataset.size = 'error'">
</body></html>"#;
    std::fs::write(dir.join("page.html"), page).unwrap();
    let url = format!("file://{}", dir.join("page.html").display());
    let dom = yomi_core::browser::dump_dom(&browser, &url, Some(Duration::from_secs(5))).unwrap();
    assert_eq!(
        attribute(&dom, "sweep", "data-size").as_deref(),
        Some("760x440"),
        "{dom}"
    );
    assert_eq!(
        attribute(&dom, "spsa", "data-size").as_deref(),
        Some("760x440"),
        "{dom}"
    );
    // As documents: parsed without error, one point per value, one
    // trajectory per parameter.
    let url = format!("file://{}", dir.join("sweep.svg").display());
    let svg = yomi_core::browser::dump_dom(&browser, &url, None).unwrap();
    assert!(!svg.contains("parsererror"), "{svg}");
    assert_eq!(svg.matches("class=\"point\"").count(), 7, "{svg}");
    let url = format!("file://{}", dir.join("spsa.svg").display());
    let svg = yomi_core::browser::dump_dom(&browser, &url, None).unwrap();
    assert!(!svg.contains("parsererror"), "{svg}");
    assert_eq!(svg.matches("class=\"trajectory\"").count(), 2, "{svg}");
    std::fs::remove_dir_all(&dir).unwrap();
}
