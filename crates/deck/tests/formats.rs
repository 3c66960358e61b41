//! Parsers on the shared literature files (read unmodified) and on malformed input.

use yomi_deck::formats::{FormatError, parse_json, parse_mdp, parse_qkp};
use yomi_deck::model::{Deck, LeaderRule, check};

const DATA: &str = "/work/shared/data/deck-instances";

fn read(name: &str) -> Option<String> {
    std::fs::read_to_string(format!("{DATA}/{name}")).ok()
}

#[test]
fn mdp_shared_files_parse_completely() {
    let Some(text) = read("MDG-a_1_n500_m50.txt") else {
        return;
    };
    let inst = parse_mdp(&text).unwrap();
    assert_eq!(inst.pieces.len(), 500);
    assert_eq!(inst.request.k, Some(50));
    // 124,750 listed pairs (complete graph); zero distances are not stored.
    let stored: usize = inst.adjacency.iter().map(Vec::len).sum::<usize>() / 2;
    assert!(stored > 120_000 && stored <= 124_750, "{stored}");
    assert!(!inst.adjacency[0].iter().any(|&(j, _)| j == 262)); // "0 262 0"
    let first = inst.adjacency[0].iter().find(|&&(j, _)| j == 2).unwrap().1;
    assert!((first - 8.77).abs() < 1e-12);
    for f in [
        "SOM-b_1_n100_m10.txt",
        "GKD-a_51_n30_m6.txt",
        "GKD-c_1_n500_m50.txt",
    ] {
        let inst = parse_mdp(&read(f).unwrap()).unwrap();
        assert!(inst.request.k.unwrap() < inst.pieces.len(), "{f}");
    }
}

#[test]
fn qkp_shared_files_parse_completely() {
    let Some(text) = read("jeu_100_25_1.txt") else {
        return;
    };
    let inst = parse_qkp(&text).unwrap();
    assert_eq!(inst.pieces.len(), 100);
    assert!(inst.request.cost_cap.unwrap() > 0);
    assert_eq!(inst.request.k, None);
    // Line 2 holds the profits ("0 0 0 57 ..."); row 0 of the triangle starts "0 0 0 5".
    assert_eq!(inst.pieces[3].score, 57.0);
    let r04 = inst.adjacency[0]
        .iter()
        .find(|&&(j, _)| j == 4)
        .map(|x| x.1);
    assert_eq!(r04, Some(5.0));
    for f in ["jeu_100_50_1.txt", "jeu_200_25_2.txt", "jeu_300_50_1.txt"] {
        let inst = parse_qkp(&read(f).unwrap()).unwrap();
        assert!(inst.pieces.iter().all(|p| p.cost > 0), "{f}");
    }
}

#[test]
fn mdp_malformed_input_names_the_line() {
    assert_eq!(
        parse_mdp("3 2\n0 1 1.5\n0 x 2\n").err(),
        Some(FormatError::Line {
            line: 3,
            message: "expected index j, found \"x\"".into()
        })
    );
    assert!(matches!(
        parse_mdp("3 2\n0 3 1\n"),
        Err(FormatError::Line { line: 2, .. })
    ));
    assert!(matches!(
        parse_mdp("3 5\n"),
        Err(FormatError::Line { line: 1, .. })
    ));
    assert!(matches!(
        parse_mdp("3 2\n0 1\n"),
        Err(FormatError::Line { line: 2, .. })
    ));
    assert!(matches!(
        parse_mdp("3 2\n0 1 -4\n"),
        Err(FormatError::Line { line: 2, .. })
    ));
    assert!(parse_mdp("").is_err());
}

#[test]
fn qkp_malformed_input_names_the_line() {
    let good = "3\n1 2 3\n4 5\n6\n\n10\n2 3 4\n";
    let inst = parse_qkp(good).unwrap();
    assert_eq!(inst.request.cost_cap, Some(10));
    let all = Deck {
        selected: vec![0, 1, 2],
        leader: None,
    };
    assert_eq!(check(&inst, &all), Ok(1.0 + 2.0 + 3.0 + 4.0 + 5.0 + 6.0));
    assert!(matches!(
        parse_qkp("3\n1 2 3\n4 5\n6\n\n10\n2 3\n"),
        Err(FormatError::Line { line: 7, .. })
    ));
    assert!(matches!(
        parse_qkp("3\n1 2 3\n4 y\n"),
        Err(FormatError::Line { line: 3, .. })
    ));
    assert!(matches!(
        parse_qkp(&format!("{good}9\n")),
        Err(FormatError::Line { line: 8, .. })
    ));
    assert!(matches!(
        parse_qkp("0\n"),
        Err(FormatError::Line { line: 1, .. })
    ));
}

const JSON: &str = r#"{
  "pieces": [
    {"id": "a", "name": "Ann", "cost": 5, "attribute": "god", "leader_eligible": true},
    {"id": "b", "cost": 7, "attribute": "god", "group": "g1"},
    {"id": "c", "cost": 3, "attribute": "demon", "group": "g1", "score": 2.0}
  ],
  "pairs": [{"a": "a", "b": "b", "score": 4.0}, {"a": "a", "b": "c", "score": 1.5}],
  "request": {"k": 2, "cost_cap": 12, "attributes": [{"name": "god", "minimum": 1}],
              "must_include": ["a"], "leader": "chosen"}
}"#;

#[test]
fn json_instance_round_trip_and_checker() {
    let inst = parse_json(JSON).unwrap();
    assert_eq!(inst.request.leader, LeaderRule::Chosen);
    assert_eq!(inst.request.must_include, vec![0]);
    assert_eq!(inst.group_of[1], inst.group_of[2]);
    assert_eq!(
        check(
            &inst,
            &Deck {
                selected: vec![0, 1],
                leader: Some(0)
            }
        ),
        Ok(4.0)
    );
    assert_eq!(
        check(
            &inst,
            &Deck {
                selected: vec![0, 2],
                leader: Some(0)
            }
        ),
        Ok(3.5)
    );
    let bad = check(
        &inst,
        &Deck {
            selected: vec![1, 2],
            leader: Some(1),
        },
    )
    .unwrap_err();
    assert_eq!(bad.len(), 3, "{bad:?}"); // group, missing a, leader not eligible
}

#[test]
fn json_errors_name_the_path() {
    let unknown = JSON.replace(r#""must_include": ["a"]"#, r#""must_include": ["zz"]"#);
    match parse_json(&unknown) {
        Err(FormatError::Invalid { path, .. }) => assert_eq!(path, "request.must_include[0]"),
        other => panic!("{other:?}"),
    }
    let dup = JSON.replace(r#""id": "b""#, r#""id": "a""#);
    assert!(
        matches!(parse_json(&dup), Err(FormatError::Invalid { path, .. }) if path == "pieces[1].id")
    );
    let neg = JSON.replace("4.0", "-4.0");
    assert!(
        matches!(parse_json(&neg), Err(FormatError::Invalid { path, .. }) if path == "pairs[0].score")
    );
    assert!(
        matches!(parse_json("{\"pieces\": [}"), Err(FormatError::Json(m)) if m.contains("line 1"))
    );
}
