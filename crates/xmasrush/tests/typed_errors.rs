//! The typed errors of the rules: a broken invariant names what broke, an unknown league
//! name is refused with the valid ones (the command line prints these messages).

use yomi_xmasrush::{InvariantViolation, League, UnknownLeague, initial_state};

#[test]
fn a_corrupted_state_names_the_broken_invariant() {
    let s = initial_state(1, League::Legend);
    assert_eq!(s.check_invariants(), Ok(()));
    let mut bad = s;
    bad.score[1] = 2;
    let e = bad.check_invariants().unwrap_err();
    assert_eq!(
        e,
        InvariantViolation::Score {
            player: 1,
            score: 2,
            done: 0
        }
    );
    assert_eq!(e.to_string(), "player 1 score 2 but 0 quests done");
    let mut off = s;
    off.pos[0] = 49;
    assert_eq!(
        off.check_invariants().unwrap_err(),
        InvariantViolation::OffBoard { player: 0, at: 49 }
    );
    let mut lost = s;
    let on_board = lost
        .items
        .iter()
        .position(|&l| l != yomi_xmasrush::state::GONE)
        .expect("items in play");
    lost.items[on_board] = yomi_xmasrush::state::GONE;
    assert_eq!(
        lost.check_invariants().unwrap_err(),
        InvariantViolation::Vanished { item: on_board }
    );
}

#[test]
fn leagues_parse_by_name_and_refuse_others() {
    assert_eq!(League::parse("Gold"), Ok(League::SilverGold));
    assert_eq!("wood2".parse::<League>(), Ok(League::Wood2));
    for l in [
        League::Wood2,
        League::Wood1,
        League::Bronze,
        League::SilverGold,
        League::Legend,
    ] {
        assert_eq!(l.name().parse::<League>(), Ok(l));
    }
    let e = "diamond".parse::<League>().unwrap_err();
    assert_eq!(e, UnknownLeague("diamond".into()));
    assert_eq!(
        e.to_string(),
        "unknown league 'diamond'; valid: wood2, wood1, bronze, silver, gold, legend"
    );
}

#[test]
fn players_come_from_a_spec_or_a_program() {
    use yomi_xmasrush::bots::SpecError;
    use yomi_xmasrush::player::{Player, PlayerError};
    match Player::from_spec("dcut", 1, League::Legend) {
        Err(PlayerError::Spec(SpecError::UnknownName(name))) => assert_eq!(name, "dcut"),
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("an unknown strategy made a player"),
    }
    assert!(matches!(
        Player::from_spec("greedy", 1, League::Legend),
        Ok(Player::Builtin { .. })
    ));
    assert!(matches!(
        Player::from_spec("cmd:true", 1, League::Legend),
        Ok(Player::External(_))
    ));
}
