//! The data file against published Gen-1 figures, dataset files round-tripping,
//! and hill climbing on a model whose optimum is known.

use yomi_core::Rng;
use yomi_party::battle::damage::crit_threshold;
use yomi_party::experiment::Dataset;
use yomi_party::features::{Features, Group};
use yomi_party::model::Model;
use yomi_party::ridge::RidgeFit;
use yomi_party::search::{canonical, climb, search};
use yomi_party::{Dex, Party, io};

/// Level-50 stats (DV 15, max stat experience) on the cartridge and in the 2017
/// simulator (+1 each), and the critical-hit thresholds out of 256.
type StatRow = (&'static str, [u16; 5], [u16; 5], u16, u16);

const STATS: [StatRow; 9] = [
    (
        "Dugtrio",
        [141, 131, 101, 121, 171],
        [142, 132, 102, 122, 172],
        60,
        255,
    ),
    (
        "Alakazam",
        [161, 101, 96, 186, 171],
        [162, 102, 97, 187, 172],
        60,
        255,
    ),
    (
        "Gengar",
        [166, 116, 111, 181, 161],
        [167, 117, 112, 182, 162],
        55,
        255,
    ),
    (
        "Exeggutor",
        [201, 146, 136, 176, 106],
        [202, 147, 137, 177, 107],
        27,
        216,
    ),
    (
        "Starmie",
        [166, 126, 136, 151, 166],
        [167, 127, 137, 152, 167],
        57,
        255,
    ),
    (
        "Jynx",
        [171, 101, 86, 146, 146],
        [172, 102, 87, 147, 147],
        47,
        255,
    ),
    (
        "Tauros",
        [181, 151, 146, 121, 161],
        [182, 152, 147, 122, 162],
        55,
        255,
    ),
    (
        "Lapras",
        [236, 136, 131, 146, 111],
        [237, 137, 132, 147, 112],
        30,
        240,
    ),
    (
        "Jolteon",
        [171, 116, 111, 161, 181],
        [172, 117, 112, 162, 182],
        65,
        255,
    ),
];

#[test]
fn every_species_has_the_published_stats_and_crit_rates() {
    let cart = Dex::load("cartridge").unwrap();
    let ai = Dex::load("pokeai2017").unwrap();
    for (name, c, p, normal, high) in STATS {
        let id = cart.species_id(name).unwrap();
        assert_eq!(cart.stats(id, 50), c, "{name} cartridge");
        assert_eq!(ai.stats(id, 50), p, "{name} pokeai2017");
        let base_speed = cart.species[id as usize].base[4];
        assert_eq!(
            (
                crit_threshold(base_speed, false),
                crit_threshold(base_speed, true)
            ),
            (normal, high),
            "{name}"
        );
    }
}

#[test]
fn profiles_override_only_what_the_2017_simulator_changed() {
    let cart = Dex::load("cartridge").unwrap();
    let ai = Dex::load("pokeai2017").unwrap();
    let get = |d: &Dex, n: &str| d.moves[d.move_id(n).unwrap() as usize].clone();
    assert_eq!(
        (
            get(&cart, "Blizzard").accuracy,
            get(&ai, "Blizzard").accuracy
        ),
        (Some(229), Some(178))
    );
    assert_eq!((get(&cart, "Dig").power, get(&ai, "Dig").power), (100, 60));
    assert_eq!(get(&ai, "Night Shade").fixed, Some(40));
    assert!(get(&cart, "Night Shade").ignores_type && !get(&ai, "Night Shade").ignores_type);
    for m in [
        "Thunderbolt",
        "Body Slam",
        "Hyper Beam",
        "Toxic",
        "Lovely Kiss",
        "Slash",
    ] {
        let (a, b) = (get(&cart, m), get(&ai, m));
        assert_eq!(
            (a.power, a.accuracy, a.chance, a.effect),
            (b.power, b.accuracy, b.chance, b.effect),
            "{m}"
        );
    }
    assert!(Dex::load("gen2").is_err());
    assert!(Dex::from_json("{", "cartridge").is_err());
}

fn sample(dex: &Dex, n: usize) -> Dataset {
    let mut rng = Rng::new(4);
    let parties: Vec<Party> = (0..n)
        .map(|_| Party::random(dex, &mut rng, false))
        .collect();
    let scores = (0..n).map(|i| (i % 21) as f64 / 20.0).collect();
    Dataset { parties, scores }
}

#[test]
fn csv_round_trips_and_rejects_tampered_rows() {
    let dex = Dex::load("cartridge").unwrap();
    let dir = std::env::temp_dir().join(format!("yomi-party-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("d.csv");
    let data = sample(&dex, 25);
    io::write_csv(&path, &dex, &data).unwrap();
    let back = io::read_csv(&path, &dex).unwrap();
    assert_eq!(back.parties, data.parties);
    assert_eq!(back.scores, data.scores);
    // Flip one feature value on line 3: the reader notices the disagreement.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let l = &mut lines[2];
    let cut = l.len() - 1;
    let flipped = if l.ends_with('0') { '1' } else { '0' };
    l.replace_range(cut.., &flipped.to_string());
    std::fs::write(&path, lines.join("\n")).unwrap();
    let err = io::read_csv(&path, &dex).unwrap_err().to_string();
    assert!(
        err.contains("line 3") && err.contains("Jolteon&Splash"),
        "{err}"
    );
    let npz = dir.join("d.npz");
    io::write_npz_dataset(&npz, &dex, &data).unwrap();
    let bytes = std::fs::read(&npz).unwrap();
    assert_eq!(&bytes[..4], b"PK\x03\x04");
    assert_eq!(&bytes[bytes.len() - 22..bytes.len() - 18], b"PK\x05\x06");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn hill_climbing_finds_the_optimum_of_a_separable_model() {
    let dex = Dex::load("cartridge").unwrap();
    let feats = Features::new(&dex);
    // Reward three species and four moves for each, punish everything else a little.
    let want = [
        ("Gengar", ["Psychic", "Thunderbolt", "Recover", "Toxic"]),
        ("Jynx", ["Blizzard", "Lovely Kiss", "Psychic", "Reflect"]),
        ("Tauros", ["Body Slam", "Hyper Beam", "Slash", "Strength"]),
    ];
    let mut weights = vec![-0.01; feats.len()];
    let index = |n: String| feats.names().iter().position(|x| *x == n).unwrap();
    for (s, moves) in want {
        weights[index(s.to_string())] = 1.0;
        for m in moves {
            weights[index(format!("{s}&{m}"))] = 0.5;
        }
    }
    let model = Model {
        groups: Group::ALL.to_vec(),
        columns: (0..feats.len()).collect(),
        fit: RidgeFit {
            alpha: 1.0,
            coef: weights.clone(),
            intercept: 0.0,
            loo_mse: vec![],
        },
        weights,
    };
    let best = Party::parse(&dex, "Gengar:Psychic/Thunderbolt/Recover/Toxic;Jynx:Blizzard/Lovely Kiss/Psychic/Reflect;Tauros:Body Slam/Hyper Beam/Slash/Strength").unwrap();
    let found = search(&dex, &model, 8, 1, false);
    assert_eq!(canonical(&found[0].party), canonical(&best));
    assert!((found[0].predicted - model.predict(&feats, &best)).abs() < 1e-12);
    // Every single start climbs to it, and never downhill.
    let mut rng = Rng::new(2);
    for _ in 0..5 {
        let start = Party::random(&dex, &mut rng, false);
        let f = climb(&dex, &feats, &model, start, false);
        assert!(f.predicted >= model.predict(&feats, &start));
        assert_eq!(canonical(&f.party), canonical(&best));
    }
    // Learnset mode keeps every visited party legal.
    let f = search(&dex, &model, 4, 3, true);
    assert!(f.iter().all(|x| x.party.respects_learnsets(&dex)));
}
