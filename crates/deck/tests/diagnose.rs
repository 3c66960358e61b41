//! Infeasibility reasons: each case is a request no deck can meet, and the reason must say why;
//! feasible requests get no reason.

use yomi_deck::model::{AttributeRequirement, Instance, LeaderRule, Piece, Request};
use yomi_deck::{Infeasibility, diagnose};

/// Six pieces: a,b,c god (b,c one group), d,e demon, f dragon; costs 5,6,7,8,9,30.
fn inst(request: Request) -> Instance {
    let spec = [
        ("a", 5, "god", None, true),
        ("b", 6, "god", Some("g"), false),
        ("c", 7, "god", Some("g"), false),
        ("d", 8, "demon", None, false),
        ("e", 9, "demon", None, true),
        ("f", 30, "dragon", None, false),
    ];
    let pieces = spec
        .iter()
        .map(|&(id, cost, attr, group, leader)| Piece {
            id: id.into(),
            name: id.to_uppercase(),
            cost,
            attribute: attr.into(),
            group: group.map(String::from),
            leader_eligible: leader,
            score: 0.0,
        })
        .collect();
    Instance::new(pieces, &[(0, 1, 1.0)], request)
}

fn req(k: usize, cap: i64) -> Request {
    Request {
        k: Some(k),
        cost_cap: Some(cap),
        group_limit: 1,
        ..Default::default()
    }
}

#[test]
fn feasible_requests_have_no_reason() {
    assert!(diagnose(&inst(req(3, 19))).is_empty());
    let mut r = req(4, 100);
    r.attributes = vec![AttributeRequirement {
        name: "god".into(),
        minimum: 2,
    }];
    r.must_include = vec![5];
    r.leader = LeaderRule::Chosen;
    assert!(diagnose(&inst(r)).is_empty());
}

#[test]
fn must_include_over_the_cap() {
    let mut r = req(3, 30);
    r.must_include = vec![5, 3];
    let d = diagnose(&inst(r));
    assert_eq!(
        d,
        vec![Infeasibility::RequiredOverCap { cap: 30, cost: 38 }]
    );
    assert!(d[0].to_string().contains("38"));
}

#[test]
fn cheapest_fill_over_the_cap() {
    // Three cheapest usable pieces are a(5), b(6) and d(8): b and c share a group.
    let d = diagnose(&inst(req(3, 18)));
    assert_eq!(
        d,
        vec![Infeasibility::FillOverCap {
            cap: 18,
            cheapest: 19
        }]
    );
}

#[test]
fn too_few_attribute_pieces() {
    let mut r = req(4, 100);
    // Three god pieces, but b and c are one group: only two can be used.
    r.attributes = vec![AttributeRequirement {
        name: "god".into(),
        minimum: 3,
    }];
    let d = diagnose(&inst(r));
    assert_eq!(
        d,
        vec![Infeasibility::Attribute {
            name: "god".into(),
            minimum: 3,
            available: 2
        }]
    );
    assert!(d[0].to_string().contains("god"));
}

#[test]
fn two_members_of_one_group_required() {
    let mut r = req(3, 100);
    r.must_include = vec![1, 2];
    let d = diagnose(&inst(r));
    assert_eq!(
        d,
        vec![Infeasibility::GroupConflict {
            ids: vec!["b".into(), "c".into()],
            limit: 1
        }]
    );
    let mut r = req(3, 100);
    r.must_include = vec![1, 2];
    r.group_limit = 2;
    assert!(diagnose(&inst(r)).is_empty());
}

#[test]
fn sizes_unknown_pieces_and_leaders() {
    // Six pieces are owned; b and c are one piece, so a deck holds five of them.
    let d = diagnose(&inst(req(6, 1000)));
    assert_eq!(
        d,
        vec![Infeasibility::TooFewPieces {
            k: 6,
            owned: 6,
            usable: 5,
            group_limit: 1
        }]
    );
    assert_eq!(
        d[0].to_string(),
        "a deck needs 6 pieces but holds at most 5 of the 6 owned: one piece of each group \
         (its forms are the same piece)"
    );
    let mut r = req(7, 1000);
    r.group_limit = 2;
    assert_eq!(
        diagnose(&inst(r))[0].to_string(),
        "a deck needs 7 pieces but only 6 are owned"
    );
    let mut r = req(2, 1000);
    r.must_include = vec![0, 3, 4];
    assert!(diagnose(&inst(r)).contains(&Infeasibility::TooManyRequired { k: 2, required: 3 }));
    let mut r = req(2, 1000);
    r.must_include = vec![9];
    assert_eq!(diagnose(&inst(r)), vec![Infeasibility::UnknownPiece(9)]);
    let mut r = req(2, 1000);
    r.leader = LeaderRule::Fixed(3);
    assert!(matches!(diagnose(&inst(r))[..], [Infeasibility::Leader(_)]));
    let mut r = req(3, 1000);
    r.attributes = vec![
        AttributeRequirement {
            name: "god".into(),
            minimum: 2,
        },
        AttributeRequirement {
            name: "demon".into(),
            minimum: 2,
        },
    ];
    assert_eq!(
        diagnose(&inst(r)),
        vec![Infeasibility::AttributesExceedDeck {
            needed: 4,
            slots: 3
        }]
    );
}
