//! The synthetic generator: determinism, the documented shape, and the JSON round trip.

use std::collections::HashMap;
use yomi_deck::formats::{parse_json, write_json};
use yomi_deck::generate::{ATTRIBUTES, GenerateOptions, generate};
use yomi_deck::model::{Deck, check};

fn opts(pieces: usize, seed: u64) -> GenerateOptions {
    GenerateOptions {
        pieces,
        seed,
        ..Default::default()
    }
}

#[test]
fn same_seed_same_instance_other_seed_other_instance() {
    let a = write_json(&generate(&opts(300, 5)));
    assert_eq!(a, write_json(&generate(&opts(300, 5))));
    assert_ne!(a, write_json(&generate(&opts(300, 6))));
}

#[test]
fn the_shape_is_as_documented() {
    let inst = generate(&opts(4000, 1));
    assert_eq!(inst.pieces.len(), 4000);
    let mut groups: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, p) in inst.pieces.iter().enumerate() {
        assert!((5..=30).contains(&p.cost), "cost {}", p.cost);
        assert!(ATTRIBUTES.contains(&p.attribute.as_str()));
        if let Some(g) = &p.group {
            groups.entry(g).or_default().push(i);
        }
    }
    for members in groups.values() {
        assert!((2..=3).contains(&members.len()));
        let first = &inst.pieces[members[0]];
        for &m in members {
            assert_eq!(
                inst.pieces[m].attribute, first.attribute,
                "forms share an attribute"
            );
            assert!((inst.pieces[m].cost - first.cost).abs() <= 4);
            // Identical forms have the same pair scores.
            let mut a: Vec<_> = inst.adjacency[members[0]]
                .iter()
                .filter(|e| !members.contains(&e.0))
                .map(|e| e.1 as i64)
                .collect();
            let mut b: Vec<_> = inst.adjacency[m]
                .iter()
                .filter(|e| !members.contains(&e.0))
                .map(|e| e.1 as i64)
                .collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
        }
    }
    let eligible = inst.pieces.iter().filter(|p| p.leader_eligible).count();
    assert!((700..1300).contains(&eligible), "{eligible} leaders");
    // Sparse: far fewer partners than pieces, and the strongest scores come from themes.
    let degree: usize = inst.adjacency.iter().map(Vec::len).sum::<usize>() / 4000;
    assert!((8..120).contains(&degree), "mean degree {degree}");
    let strong = inst
        .adjacency
        .iter()
        .flatten()
        .filter(|e| e.1 > 10.0)
        .count();
    assert!(strong > 0);
    let req = &inst.request;
    assert_eq!(req.k, Some(16));
    let cap = req.cost_cap.unwrap();
    assert!((200..280).contains(&cap), "cap {cap}");
}

#[test]
fn json_round_trip_keeps_the_instance() {
    let mut o = opts(500, 3);
    o.attribute = Some(("god".into(), 10));
    let inst = generate(&o);
    let text = write_json(&inst);
    let back = parse_json(&text).expect("reads its own output");
    assert_eq!(back.pieces, inst.pieces);
    assert_eq!(back.request, inst.request);
    assert_eq!(write_json(&back), text);
    // Same objective for any deck.
    let deck = Deck {
        selected: (0..16).map(|i| i * 31).collect(),
        leader: None,
    };
    let mut lenient = inst.clone();
    lenient.request.cost_cap = None;
    lenient.request.leader = Default::default();
    lenient.request.attributes.clear();
    let mut lenient_back = back.clone();
    lenient_back.request = lenient.request.clone();
    let (a, b) = (check(&lenient, &deck), check(&lenient_back, &deck));
    match (a, b) {
        (Ok(x), Ok(y)) => assert!((x - y).abs() < 1e-9),
        (x, y) => assert_eq!(x.is_ok(), y.is_ok()),
    }
}

#[test]
fn validate_refuses_what_the_command_line_must_refuse() {
    use yomi_deck::generate::{ATTRIBUTES, GenerateError, MAX_PIECES};
    assert_eq!(opts(2000, 1).validate(), Ok(()));
    assert_eq!(opts(0, 1).validate(), Err(GenerateError::Pieces(0)));
    assert_eq!(
        opts(MAX_PIECES + 1, 1).validate().unwrap_err().to_string(),
        "--pieces must be between 1 and 5000000, got 5000001"
    );
    assert!(opts(MAX_PIECES, 1).validate().is_ok());
    let no_deck = GenerateOptions {
        k: 0,
        ..opts(10, 1)
    };
    assert_eq!(no_deck.validate(), Err(GenerateError::DeckSize));
    let angels = GenerateOptions {
        attribute: Some(("angel".into(), 3)),
        ..opts(10, 1)
    };
    let e = angels.validate().unwrap_err();
    // The message lists the attributes the generator uses.
    assert_eq!(
        e.to_string(),
        format!(
            "unknown attribute \"angel\": generated pieces are {}",
            ATTRIBUTES.join(", ")
        )
    );
    let gods = GenerateOptions {
        attribute: Some(("god".into(), 3)),
        ..opts(10, 1)
    };
    assert_eq!(gods.validate(), Ok(()));
}

#[test]
fn validate_bounds_the_themes() {
    let themes = |t| GenerateOptions {
        themes: Some(t),
        ..opts(10, 1)
    };
    assert_eq!(themes(0).validate(), Ok(()));
    assert_eq!(themes(12_500).validate(), Ok(()));
    assert_eq!(
        themes(usize::MAX).validate().unwrap_err().to_string(),
        "--themes: '18446744073709551615' is out of range: expected 0 to 12500 themes"
    );
}
