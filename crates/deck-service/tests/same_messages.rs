//! The same mistake in a request gets the same field and message on every path that takes
//! one: the JSON instance format, the CSV tables with the command line's request flags, and
//! the service's `POST /recommend` body. All three resolve through `yomi_deck::request`.

use std::time::Instant;
use yomi_deck::formats::{FormatError, parse_json};
use yomi_deck::request::{LeaderSpec, Owned, PieceIndex, PieceRequest, RequestError, Scope};
use yomi_deck::tables::{CsvTables, parse_csv};
use yomi_deck_service::recommend::{RecommendError, plan};
use yomi_deck_service::{Catalog, RecommendRequest, ServiceConfig};

const PIECES_CSV: &str = "id,cost,attribute,leader_eligible\n\
    a,3,god,true\nb,4,god,false\nc,5,demon,true\nd,6,demon,false\n";
const PAIRS_CSV: &str = "a,b,score\na,b,2\nc,d,1\n";
const PIECES_JSON: &str = r#"[
    {"id": "a", "cost": 3, "attribute": "god", "leader_eligible": true},
    {"id": "b", "cost": 4, "attribute": "god"},
    {"id": "c", "cost": 5, "attribute": "demon", "leader_eligible": true},
    {"id": "d", "cost": 6, "attribute": "demon"}]"#;

/// One mistake, stated the way every path states it.
struct Mistake {
    what: &'static str,
    k: Option<usize>,
    cost_cap: Option<i64>,
    must_include: &'static [&'static str],
    leader: Option<&'static str>,
    field: &'static str,
    message: &'static str,
}

const MISTAKES: &[Mistake] = &[
    Mistake {
        what: "unknown must-include id",
        k: None,
        cost_cap: None,
        must_include: &["a", "zz"],
        leader: None,
        field: "must_include[1]",
        message: "unknown piece id \"zz\"",
    },
    Mistake {
        what: "must-include listed twice",
        k: None,
        cost_cap: None,
        must_include: &["a", "c", "a"],
        leader: None,
        field: "must_include[2]",
        message: "\"a\" is already listed at must_include[0]",
    },
    Mistake {
        what: "unknown leader",
        k: None,
        cost_cap: None,
        must_include: &[],
        leader: Some("zz"),
        field: "leader",
        message: "unknown piece id \"zz\"",
    },
    Mistake {
        what: "leader that cannot lead",
        k: None,
        cost_cap: None,
        must_include: &[],
        leader: Some("b"),
        field: "leader",
        message: "\"b\" is not leader-eligible",
    },
    Mistake {
        what: "empty deck",
        k: Some(0),
        cost_cap: None,
        must_include: &[],
        leader: None,
        field: "k",
        message: "the deck size must be at least 1, got 0",
    },
    Mistake {
        what: "negative cost cap",
        k: None,
        cost_cap: Some(-3),
        must_include: &[],
        leader: None,
        field: "cost_cap",
        message: "must be >= 0, got -3",
    },
];

/// The JSON path: the mistake inside the instance's `request` object.
fn through_json(m: &Mistake) -> (String, String) {
    let mut request = serde_json::json!({"must_include": m.must_include});
    if let Some(k) = m.k {
        request["k"] = k.into();
    }
    if let Some(cap) = m.cost_cap {
        request["cost_cap"] = cap.into();
    }
    if let Some(l) = m.leader {
        request["leader"] = l.into();
    }
    let text = format!(r#"{{"pieces": {PIECES_JSON}, "request": {request}}}"#);
    match parse_json(&text) {
        Err(FormatError::Invalid { path, message }) => {
            let field = path.strip_prefix("request.").expect("a request field");
            (field.to_string(), message)
        }
        other => panic!("{}: JSON gave {other:?}", m.what),
    }
}

/// The CSV path: the tables, then the request flags as `yomi deck solve` passes them.
fn through_csv(m: &Mistake) -> (String, String) {
    let mut inst = parse_csv(CsvTables {
        pieces: (PIECES_CSV, "pieces.csv"),
        pairs: (PAIRS_CSV, "pairs.csv"),
        leader_pairs: None,
    })
    .unwrap();
    let flags = PieceRequest {
        k: m.k,
        cost_cap: m.cost_cap,
        must_include: Some(m.must_include.iter().map(|s| s.to_string()).collect()),
        leader: m.leader.map(LeaderSpec::parse),
        ..PieceRequest::default()
    };
    let e = flags.apply(&mut inst).expect_err(m.what);
    (e.field, e.message)
}

fn catalog() -> Catalog {
    let text = format!(r#"{{"pieces": {PIECES_JSON}, "request": {{}}}}"#);
    Catalog::new(parse_json(&text).unwrap())
}

fn service(catalog: &Catalog, body: &RecommendRequest) -> Result<(), RequestError> {
    let config = ServiceConfig::for_catalog(catalog);
    match plan(catalog, &config, body, Instant::now()) {
        Err(RecommendError::Invalid(e)) => Err(e),
        _ => Ok(()),
    }
}

/// The service path: the mistake in a `POST /recommend` body.
fn through_service(m: &Mistake) -> (String, String) {
    let body = RecommendRequest {
        k: m.k.or(Some(3)),
        cost_cap: m.cost_cap,
        must_include: m.must_include.iter().map(|s| s.to_string()).collect(),
        leader: m.leader.map(str::to_string),
        ..RecommendRequest::default()
    };
    let e = service(&catalog(), &body).expect_err(m.what);
    (e.field, e.message)
}

#[test]
fn every_path_gives_the_same_message_for_the_same_mistake() {
    for m in MISTAKES {
        let expected = (m.field.to_string(), m.message.to_string());
        assert_eq!(through_json(m), expected, "JSON, {}", m.what);
        assert_eq!(through_csv(m), expected, "CSV, {}", m.what);
        assert_eq!(through_service(m), expected, "service, {}", m.what);
    }
}

#[test]
fn owned_pieces_are_resolved_by_the_library_for_the_service() {
    let cat = catalog();
    let owned_ids = |ids: &[&str]| Some(ids.iter().map(|s| s.to_string()).collect());
    let body = |owned: &[&str], must: &[&str], leader: Option<&str>| RecommendRequest {
        owned: owned_ids(owned),
        must_include: must.iter().map(|s| s.to_string()).collect(),
        leader: leader.map(str::to_string),
        k: Some(2),
        ..RecommendRequest::default()
    };
    let index = PieceIndex::new(&cat.instance.pieces);
    let owned = Owned::from_ids(&index, &["a".into(), "b".into()], "owned").unwrap();
    let library = |ids: &[&str], leader: Option<&str>| {
        PieceRequest {
            must_include: Some(ids.iter().map(|s| s.to_string()).collect()),
            leader: leader.map(LeaderSpec::parse),
            ..PieceRequest::default()
        }
        .resolve(
            &Default::default(),
            Scope::new(&cat.instance.pieces, &index).within(&owned),
            &Default::default(),
        )
        .unwrap_err()
    };
    let not_owned = RequestError::new("must_include[0]", "\"c\" is not among the owned pieces");
    assert_eq!(library(&["c"], None), not_owned);
    assert_eq!(
        service(&cat, &body(&["a", "b"], &["c"], None)),
        Err(not_owned)
    );
    let leader = RequestError::new("leader", "\"c\" is not among the owned pieces");
    assert_eq!(library(&[], Some("c")), leader);
    assert_eq!(
        service(&cat, &body(&["a", "b"], &[], Some("c"))),
        Err(leader)
    );
    let twice = RequestError::new("owned[2]", "\"a\" is already listed at owned[0]");
    let ids: Vec<String> = ["a", "b", "a"].iter().map(|s| s.to_string()).collect();
    assert_eq!(Owned::from_ids(&index, &ids, "owned").unwrap_err(), twice);
    assert_eq!(
        service(&cat, &body(&["a", "b", "a"], &[], None)),
        Err(twice)
    );
    let unknown = RequestError::new("owned[1]", "unknown piece id \"zz\"");
    assert_eq!(service(&cat, &body(&["a", "zz"], &[], None)), Err(unknown));
    // Owned pieces resolve to sub-instance indices: "b" is the first piece owned here.
    let plan_ok = plan(
        &cat,
        &ServiceConfig::for_catalog(&cat),
        &body(&["b", "a"], &["b"], Some("a")),
        Instant::now(),
    )
    .unwrap();
    assert_eq!(plan_ok.keep, vec![1, 0]);
    assert_eq!(plan_ok.instance.request.must_include, vec![0]);
    assert_eq!(
        plan_ok.instance.request.leader,
        yomi_deck::model::LeaderRule::Fixed(1)
    );
}
