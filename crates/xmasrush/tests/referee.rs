//! The referee: invariants over many random games, forfeits of misbehaving
//! external programs, and built-in bots finishing games.

use std::time::{Duration, Instant};
use yomi_xmasrush::League;
use yomi_xmasrush::bots::BotSpec;
use yomi_xmasrush::player::{External, Player};
use yomi_xmasrush::referee::{EndReason, RefereeOptions, TimeLimits, play_game};

fn builtin(spec: &str, seed: u64) -> Player {
    Player::builtin(
        BotSpec::parse(spec).unwrap().build(seed).unwrap(),
        League::Legend,
    )
}

fn names() -> [String; 2] {
    ["a".into(), "b".into()]
}

#[test]
fn random_games_keep_every_invariant() {
    // The full run (10,000 games) is `yomi xmasrush check --games 10000`.
    let options = RefereeOptions {
        check_invariants: true,
        ..Default::default()
    };
    let mut reasons = [0usize; 3];
    for seed in 0..300 {
        let mut players = [
            builtin("random", seed as u64),
            builtin("random", seed as u64 + 1000),
        ];
        let (r, _) = play_game(&mut players, names(), seed, options).expect("invariants hold");
        assert!(r.disqualified.iter().all(Option::is_none));
        match r.reason {
            EndReason::MaxTurns => reasons[0] += 1,
            EndReason::Deadlock => reasons[1] += 1,
            EndReason::AllQuests => reasons[2] += 1,
            EndReason::Disqualified => unreachable!(),
        }
        assert!(r.turns <= 150);
    }
    assert!(reasons[0] > 0, "{reasons:?}");
}

fn external(cmd: &str) -> Player {
    Player::External(External::spawn(cmd).expect("sh starts"))
}

fn script(name: &str) -> String {
    format!("sh {}/tests/bots/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn misbehaving_programs_are_disqualified_and_the_referee_never_hangs() {
    let options = RefereeOptions {
        limits: TimeLimits {
            first: Duration::from_millis(300),
            turn: Duration::from_millis(50),
        },
        ..Default::default()
    };
    let cases = [
        ("exit 0", "ended"),
        ("sleep 30", "timeout"),
        ("while read -r l; do echo hello; done", "invalid input"),
        ("read -r l; sleep 2; echo 'PUSH 0 UP'", "timeout"),
        (
            "while read -r l; do echo 'PUSH 0 UP # comment'; done",
            "invalid input",
        ),
        ("while read -r l; do echo PASS; done", "invalid input"),
    ];
    for (cmd, why) in cases {
        let started = Instant::now();
        let mut players = [external(cmd), builtin("greedy", 1)];
        let (r, _) = play_game(&mut players, names(), 5, options).unwrap();
        assert_eq!(r.reason, EndReason::Disqualified, "{cmd}");
        assert_eq!(r.scores[0], -1, "{cmd}");
        assert!(r.scores[1] >= 0);
        let msg = r.disqualified[0].clone().unwrap();
        assert!(msg.contains(why), "{cmd}: {msg}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{cmd} took {:?}",
            started.elapsed()
        );
    }
    // A late answer on a later turn: answers the first turn (42 input lines), then is too slow.
    let slow = "read -r a; i=0; while [ $i -lt 41 ]; do i=$((i+1));  read -r a; done; echo 'PUSH 1 UP'; sleep 1; echo PASS";
    let mut players = [builtin("random", 2), external(slow)];
    let (r, _) = play_game(&mut players, names(), 9, options).unwrap();
    assert_eq!(r.scores[1], -1);
    assert!(
        r.disqualified[1].as_ref().unwrap().contains("timeout"),
        "{:?}",
        r.disqualified
    );
    assert_eq!(r.turns, 2, "late on the second game turn");
}

#[test]
fn a_valid_script_plays_a_whole_game() {
    let mut players = [external(&script("pusher.sh")), builtin("greedy", 1)];
    let options = RefereeOptions {
        limits: TimeLimits {
            first: Duration::from_millis(1000),
            turn: Duration::from_millis(200),
        },
        record: true,
        ..Default::default()
    };
    let (r, replay) = play_game(&mut players, names(), 3, options).unwrap();
    assert!(
        r.disqualified.iter().all(Option::is_none),
        "{:?}",
        r.disqualified
    );
    assert_eq!(replay.frames.len(), r.turns as usize + 1);
    assert_eq!(replay.frames[0].actions[0], "PUSH 0 UP");
    // Greedy keeps choosing column 0 as well here, so the deadlock rule ends the
    // game: the last ten push turns both pushed column 0.
    assert_eq!(r.reason, EndReason::Deadlock, "{r:?}");
    let pushes: Vec<&[String; 2]> = replay
        .frames
        .iter()
        .filter(|f| f.kind == "PUSH" && !f.actions[0].is_empty())
        .map(|f| &f.actions)
        .collect();
    assert!(pushes.len() >= 10);
    for a in &pushes[pushes.len() - 10..] {
        assert!(
            a[0].starts_with("PUSH 0 ")
                && a[1].starts_with("PUSH 0 ")
                && a[1] != "PUSH 0 LEFT"
                && a[1] != "PUSH 0 RIGHT",
            "{a:?}"
        );
    }
}

#[test]
fn every_builtin_bot_finishes_games_and_search_beats_random() {
    let options = RefereeOptions::default();
    for spec in [
        "greedy",
        "minmax1",
        "mcts:time=5ms",
        "duct:time=5ms",
        "duct:time=5ms,policy=exp3",
        "duct:time=5ms,policy=rm",
        "duct:time=5ms,impl=generic",
        "smitsimax:time=5ms",
        "combo:time=8ms",
    ] {
        let mut points = 0.0;
        for seed in 0..2i64 {
            let mut players = [builtin(spec, seed as u64), builtin("random", 99)];
            let (r, _) = play_game(&mut players, names(), seed, options).unwrap();
            assert!(r.disqualified.iter().all(Option::is_none));
            points += r.points0();
        }
        assert!(points >= 1.5, "{spec} scored {points} of 2 against random");
    }
}

#[test]
fn specs_refuse_unknown_names_keys_and_values() {
    assert!(
        BotSpec::parse("nope")
            .unwrap_err()
            .to_string()
            .contains("valid: random")
    );
    assert!(
        BotSpec::parse("mcts:width=3")
            .unwrap_err()
            .to_string()
            .contains("time, iterations, turns")
    );
    assert!(
        BotSpec::parse("mcts:time=40").is_err(),
        "bare numbers are refused"
    );
    assert!(BotSpec::parse("duct:policy=softmax").is_err());
    assert!(BotSpec::parse("duct:impl=slow").is_err());
    assert!(BotSpec::parse("duct:iterations=0").is_err());
    assert!(BotSpec::parse("mcts:depth=0").is_err());
    assert!(BotSpec::parse("smitsimax:policy=rm,c=0.3,iterations=100").is_ok());
    assert!(BotSpec::parse("combo:time=30ms,keep=5").is_ok());
}

#[test]
fn bots_step_out_of_a_deadlock_when_not_ahead() {
    use yomi_xmasrush::Action;
    for spec in [
        "minmax1",
        "mcts:time=5ms",
        "combo:time=5ms",
        "duct:time=5ms",
        "duct:time=5ms,impl=generic",
        "smitsimax:time=5ms",
    ] {
        let mut bot = BotSpec::parse(spec).unwrap().build(3).unwrap();
        for seed in 0..3 {
            let s = yomi_xmasrush::sim::start(seed, League::Legend);
            let Action::Push(first) = bot.act(&s, 0, Duration::from_millis(50)) else {
                panic!("a push")
            };
            // Same position after a stale push turn, scores level: the same line is avoided.
            let mut stale = s;
            stale.stale = 1;
            let Action::Push(second) = bot.act(&stale, 0, Duration::from_millis(50)) else {
                panic!("a push")
            };
            assert!(
                !(first.is_horizontal() == second.is_horizontal() && first.line() == second.line()),
                "{spec} seed {seed}: {first} then {second}"
            );
        }
    }
}

#[test]
fn duct_takes_its_evaluation_weights_from_the_spec() {
    use std::time::Duration;
    use yomi_xmasrush::bench::positions;
    let err = BotSpec::parse("duct:temp=0").unwrap_err().to_string();
    assert!(
        err.contains("'temp'") && err.contains("at least 0.001"),
        "{err}"
    );
    assert!(BotSpec::parse("duct:reach=nan").is_err());
    let decisions = |spec: &str| {
        let mut bot = BotSpec::parse(spec).unwrap().build(3).unwrap();
        positions(12)
            .iter()
            .map(|s| format!("{:?}", bot.act(s, 0, Duration::from_secs(5))))
            .collect::<Vec<_>>()
    };
    let default = decisions("duct:iterations=3000");
    // The defaults written out are the defaults.
    assert_eq!(
        decisions("duct:iterations=3000,reach=0.4,hand=0.25,mobility=0.01,temp=1.5"),
        default
    );
    // A perverse weighting (reachable quest items count against you) plays otherwise.
    assert_ne!(
        decisions("duct:iterations=3000,reach=-2,mobility=-0.2"),
        default
    );
}
