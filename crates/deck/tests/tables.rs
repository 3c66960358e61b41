//! The CSV tables, sub-instances for owned pieces, and requests given by id.

use yomi_deck::formats::FormatError;
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::model::{Deck, LeaderRule, check};
use yomi_deck::request::{AttributeError, LeaderSpec, PieceRequest, parse_attribute};
use yomi_deck::solve::vds;
use yomi_deck::tables::{CsvTables, parse_csv, write_csv};

fn tables<'a>(pieces: &'a str, pairs: &'a str) -> CsvTables<'a> {
    CsvTables {
        pieces: (pieces, "pieces.csv"),
        pairs: (pairs, "pairs.csv"),
        leader_pairs: None,
    }
}

fn line_of(e: FormatError) -> (String, usize, String) {
    match e {
        FormatError::File {
            file,
            line,
            message,
        } => (file, line, message),
        other => panic!("expected a file/line error, got {other:?}"),
    }
}

#[test]
fn round_trip_keeps_pieces_and_every_objective() {
    let mut inst = generate(&GenerateOptions {
        pieces: 300,
        seed: 3,
        ..Default::default()
    });
    let triples: Vec<_> = (0..40)
        .map(|i| (i * 7 % 300, (i * 13 + 1) % 300, 2.5))
        .collect();
    inst.set_leader_pairs(&triples);
    let (pieces, pairs, leader) = write_csv(&inst);
    let leader = leader.expect("the instance has a leader table");
    let mut back = parse_csv(CsvTables {
        pieces: (&pieces, "pieces.csv"),
        pairs: (&pairs, "pairs.csv"),
        leader_pairs: Some((&leader, "leader_pairs.csv")),
    })
    .unwrap();
    assert_eq!(back.pieces, inst.pieces);
    back.request = inst.request.clone();
    let sol = vds::solve(
        &inst,
        &vds::VdsOptions {
            max_restarts: Some(20),
            ..Default::default()
        },
    );
    assert!(sol.feasible);
    let same = check(&back, &sol.deck).unwrap();
    assert!(
        (same - sol.objective).abs() < 1e-6,
        "{same} vs {}",
        sol.objective
    );
}

#[test]
fn defaults_optional_columns_and_quoting() {
    let pieces = "id,name,cost,leader_eligible\n\
                  a,\"Alpha, the first\",3,yes\n\
                  b,,4,0\n\
                  \n\
                  c,Gamma,5,\n";
    let pairs = "a,b,score\na,b,1.5\nb,c,2\n";
    let inst = parse_csv(tables(pieces, pairs)).unwrap();
    assert_eq!(inst.pieces.len(), 3);
    assert_eq!(inst.pieces[0].name, "Alpha, the first");
    assert_eq!(inst.pieces[1].name, "b");
    assert!(inst.pieces[0].leader_eligible && !inst.pieces[2].leader_eligible);
    assert_eq!(inst.request.k, Some(16));
    assert_eq!(inst.request.leader, LeaderRule::Chosen);
    let deck = Deck {
        selected: vec![0, 1, 2],
        leader: Some(0),
    };
    let mut three = inst.clone();
    three.request.k = Some(3);
    assert_eq!(check(&three, &deck).unwrap(), 3.5);
}

#[test]
fn malformed_tables_name_file_line_and_column() {
    let ok_pairs = "a,b,score\n";
    let (file, line, msg) =
        line_of(parse_csv(tables("id,cost,colour\nx,1,red\n", ok_pairs)).unwrap_err());
    assert_eq!((file.as_str(), line), ("pieces.csv", 1));
    assert!(msg.contains("colour"), "{msg}");

    let (_, line, msg) = line_of(parse_csv(tables("id,cost\nx,1\ny,ten\n", ok_pairs)).unwrap_err());
    assert_eq!(line, 3);
    assert!(msg.contains("cost") && msg.contains("ten"), "{msg}");

    let (_, line, msg) = line_of(parse_csv(tables("id,cost\nx,1\nx,2\n", ok_pairs)).unwrap_err());
    assert_eq!(line, 3);
    assert!(msg.contains("duplicate"), "{msg}");

    let (_, line, _) = line_of(parse_csv(tables("id,cost\nx,1,9\n", ok_pairs)).unwrap_err());
    assert_eq!(line, 2);

    let (file, line, msg) =
        line_of(parse_csv(tables("id\nx\ny\n", "a,b,score\nx,y,1\nx,z,1\n")).unwrap_err());
    assert_eq!((file.as_str(), line), ("pairs.csv", 3));
    assert!(msg.contains("\"z\""), "{msg}");

    let (_, line, msg) =
        line_of(parse_csv(tables("id\nx\ny\n", "a,b,score\nx,y,-1\n")).unwrap_err());
    assert_eq!(line, 2);
    assert!(msg.contains("score"), "{msg}");

    let (_, _, msg) = line_of(parse_csv(tables("id\nx\n", "a,score\n")).unwrap_err());
    assert!(msg.contains("missing column \"b\""), "{msg}");

    assert!(parse_csv(tables("", ok_pairs)).is_err());
    assert!(parse_csv(tables("id,leader_eligible\nx,maybe\n", ok_pairs)).is_err());
    assert!(parse_csv(tables("id,name\n\"x,unclosed\n", ok_pairs)).is_err());
}

#[test]
fn subset_scores_like_the_catalogue() {
    let inst = generate(&GenerateOptions {
        pieces: 400,
        seed: 9,
        ..Default::default()
    });
    let keep: Vec<usize> = (0..400).filter(|i| i % 3 != 1).collect();
    let mut request = inst.request.clone();
    request.must_include.clear();
    request.leader = LeaderRule::Chosen;
    let sub = inst.subset(&keep, request);
    assert_eq!(sub.pieces.len(), keep.len());
    let sol = vds::solve(
        &sub,
        &vds::VdsOptions {
            max_restarts: Some(20),
            ..Default::default()
        },
    );
    assert!(sol.feasible, "{:?}", sol.violations);
    let mut full = inst.clone();
    full.request = sub.request.clone();
    let mapped = Deck {
        selected: sol.deck.selected.iter().map(|&i| keep[i]).collect(),
        leader: sol.deck.leader.map(|l| keep[l]),
    };
    let in_full = check(&full, &mapped).unwrap();
    assert!((in_full - sol.objective).abs() < 1e-6);
    // Identical forms stay identical: group ids are preserved.
    for (new, &old) in keep.iter().enumerate() {
        for (new2, &old2) in keep.iter().enumerate().skip(new + 1).take(30) {
            assert_eq!(
                inst.group_of[old] == inst.group_of[old2],
                sub.group_of[new] == sub.group_of[new2]
            );
        }
    }
}

#[test]
fn piece_requests_resolve_ids_or_name_the_field() {
    let mut inst = parse_csv(tables(
        "id,cost,leader_eligible\na,1,1\nb,2,0\nc,3,1\n",
        "a,b,score\n",
    ))
    .unwrap();
    let good = PieceRequest {
        k: Some(2),
        cost_cap: Some(4),
        must_include: Some(vec!["c".into()]),
        leader: Some(LeaderSpec::parse("a")),
        attributes: Some(parse_attribute("god:1").unwrap().into_iter().collect()),
        ..Default::default()
    };
    good.apply(&mut inst).unwrap();
    assert_eq!(inst.request.must_include, vec![2]);
    assert_eq!(inst.request.leader, LeaderRule::Fixed(0));
    assert_eq!(inst.request.attributes[0].minimum, 1);

    let before = inst.request.clone();
    let bad = PieceRequest {
        must_include: Some(vec!["a".into(), "zz".into()]),
        ..Default::default()
    };
    let e = bad.apply(&mut inst).unwrap_err();
    assert_eq!(e.field, "must_include[1]");
    assert_eq!(inst.request, before, "nothing applied on error");
    let dup = PieceRequest {
        must_include: Some(vec!["a".into(), "a".into()]),
        ..Default::default()
    };
    assert_eq!(dup.apply(&mut inst).unwrap_err().field, "must_include[1]");
    let neg = PieceRequest {
        cost_cap: Some(-1),
        ..Default::default()
    };
    assert_eq!(neg.apply(&mut inst).unwrap_err().field, "cost_cap");
    assert_eq!(parse_attribute("mixed").unwrap(), None);
    assert!(parse_attribute("god").is_err());
    assert!(parse_attribute("god:x").is_err());
    assert_eq!(
        parse_attribute("god").unwrap_err(),
        AttributeError::Syntax("god".into())
    );
    assert_eq!(
        parse_attribute("god:x").unwrap_err().to_string(),
        r#"bad minimum "x" in "god:x""#
    );
    assert_eq!(
        parse_attribute(":3").unwrap_err(),
        AttributeError::EmptyName(":3".into())
    );
}
