//! Party specs, feature extraction on a known party, and the experiment's determinism.

use yomi_core::Rng;
use yomi_party::experiment::{self, ExperimentConfig};
use yomi_party::features::{Features, Group};
use yomi_party::{Dex, Party, PartyError};

const KNOWN: &str = "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt";

#[test]
fn feature_layout_has_435_named_columns() {
    let dex = Dex::load("cartridge").unwrap();
    let f = Features::new(&dex);
    assert_eq!(f.len(), 435);
    let sizes: Vec<usize> = Group::ALL.iter().map(|&g| f.range(g).len()).collect();
    assert_eq!(sizes, vec![9, 20, 36, 190, 180]);
    let mut names = f.names().to_vec();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 435, "names are unique");
    assert_eq!(f.names()[0], "Dugtrio");
    assert_eq!(f.names()[9], "Blizzard");
    assert_eq!(f.names()[f.range(Group::PP).start], "Dugtrio&Alakazam");
    assert_eq!(f.names()[f.range(Group::MM).start], "Blizzard&Thunderbolt");
    assert_eq!(f.names()[434], "Jolteon&Splash");
}

#[test]
fn features_of_a_known_party() {
    let dex = Dex::load("cartridge").unwrap();
    let f = Features::new(&dex);
    let p = Party::parse(&dex, KNOWN).unwrap();
    let active: Vec<&str> = f
        .active(&p)
        .iter()
        .map(|&i| f.names()[i].as_str())
        .collect();
    let count = |g: Group| f.active(&p).iter().filter(|&&i| f.group_of(i) == g).count();
    // 3 species, 9 distinct moves, 3 species pairs, 3x6 same-member move pairs, 12 species-move pairs.
    assert_eq!(
        [
            count(Group::P),
            count(Group::M),
            count(Group::PP),
            count(Group::MM),
            count(Group::PM)
        ],
        [3, 9, 3, 18, 12]
    );
    for name in [
        "Gengar",
        "Psychic",
        "Gengar&Jynx",
        "Thunderbolt&Psychic",
        "Blizzard&Psychic",
        "Gengar&Psychic",
        "Tauros&Blizzard",
    ] {
        assert!(active.contains(&name), "{name} missing from {active:?}");
    }
    // Pairs are named in data-file order; moves on different members make no MM pair; species without a move make no PM pair.
    for name in [
        "Psychic&Thunderbolt",
        "Body Slam&Toxic",
        "Gengar&Blizzard",
        "Jynx&Thunderbolt",
        "Dugtrio",
    ] {
        assert!(!active.contains(&name), "{name} should be absent");
    }
    let dense = f.dense(&p);
    assert_eq!(dense.iter().sum::<f64>(), 45.0);
    // Member order does not change the features.
    let q = Party::parse(&dex, "Tauros:Thunderbolt/Blizzard/Hyper Beam/Body Slam;Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Reflect/Lovely Kiss/Psychic/Blizzard").unwrap();
    assert_eq!(f.active(&p), f.active(&q));
}

#[test]
fn party_specs_round_trip_and_bad_specs_are_explained() {
    let dex = Dex::load("pokeai2017").unwrap();
    let p = Party::parse(&dex, KNOWN).unwrap();
    assert_eq!(Party::parse(&dex, &p.format(&dex)).unwrap(), p);
    // Case, spaces and hyphens are ignored; members are separated by ';' only.
    assert_eq!(Party::parse(&dex, "gengar: psychic/thunderbolt/toxic/confuseray; JYNX:blizzard/psychic/lovely-kiss/reflect; tauros:body slam/hyper beam/blizzard/thunderbolt").unwrap(), p);
    let cases = [
        (
            "Mew:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "unknown species \"Mew\"",
        ),
        (
            "Gengar:Psychic/Surf/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "unknown move \"Surf\"",
        ),
        (
            "Gengar:Psychic/Psychic/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "Psychic twice",
        ),
        (
            "Gengar:Psychic/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "needs 4 moves",
        ),
        (
            "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray,Jynx:Blizzard/Psychic/Lovely Kiss/Reflect,Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "separated by ';'",
        ),
        (
            "Gengar:Psy!chic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "unknown move \"Psy!chic\"",
        ),
        (
            "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Gengar:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "appears twice",
        ),
        (
            "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect",
            "needs 3 members",
        ),
        (
            "Gengar Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt",
            "Species:Move",
        ),
    ];
    for (spec, want) in cases {
        match Party::parse(&dex, spec) {
            Err(e @ PartyError::BadParty { .. }) => {
                assert!(e.to_string().contains(want), "{e} lacks {want:?}")
            }
            other => panic!("{spec}: expected an error, got {other:?}"),
        }
    }
}

#[test]
fn random_parties_obey_the_rules() {
    let dex = Dex::load("cartridge").unwrap();
    let mut rng = Rng::new(3);
    for learnset in [false, true] {
        for _ in 0..500 {
            let p = Party::random(&dex, &mut rng, learnset);
            assert_eq!(Party::parse(&dex, &p.format(&dex)).unwrap(), p);
            assert_eq!(
                p.respects_learnsets(&dex),
                learnset || p.respects_learnsets(&dex)
            );
            if learnset {
                assert!(p.respects_learnsets(&dex));
            }
        }
    }
}

#[test]
fn experiment_is_deterministic_and_prefix_stable() {
    let dex = Dex::load("pokeai2017").unwrap();
    let cfg = ExperimentConfig {
        parties: 40,
        opponents: 10,
        games: 1,
        seed: 9,
        learnset: false,
    };
    let a = experiment::run(&dex, &cfg, &|_| {});
    let b = experiment::run(&dex, &cfg, &|_| {});
    assert_eq!(a.scores, b.scores);
    assert_eq!(a.parties, b.parties);
    let small = experiment::run(
        &dex,
        &ExperimentConfig {
            parties: 15,
            ..cfg.clone()
        },
        &|_| {},
    );
    assert_eq!(small.scores[..], a.scores[..15]);
    let other = experiment::run(&dex, &ExperimentConfig { seed: 10, ..cfg }, &|_| {});
    assert_ne!(other.scores, a.scores);
    assert!(
        a.scores
            .iter()
            .all(|s| (0.0..=1.0).contains(s) && (s * 20.0).fract() == 0.0)
    );
}
