//! The push searches (`duct` in both implementations, `smitsimax`, `mcts`):
//! reproducible under an iteration limit, and they find a push that wins at
//! once.

use std::time::Duration;
use yomi_search::SelectionPolicy;
use yomi_xmasrush::bots::limit::Limit;
use yomi_xmasrush::bots::{
    BotSpec, PushDuct, PushDuctOptions, Smitsimax, SmitsimaxOptions, simulate_pair,
};
use yomi_xmasrush::reach::Bfs;
use yomi_xmasrush::sim::start;
use yomi_xmasrush::state::{GONE, HAND0, State};
use yomi_xmasrush::tile::{CELLS, Dir};
use yomi_xmasrush::{Action, League, Push};

/// A position where seat `me` wins with row 2 RIGHT against every reply and
/// with no other push against every reply: all tiles are closed (nobody can
/// walk), `me` has every quest but one, that item is on its hand tile and it
/// stands at the right end of row 2, so row 2 RIGHT wraps it onto the item.
/// The opponent (one quest behind) pushing row 2 too collides; the stale
/// counter at 9 then ends the game by deadlock, `me` ahead.
fn one_push_wins(me: usize) -> (State, Push) {
    let mut s = start(5, League::Legend);
    assert!(s.push_turn());
    let q = s.quests;
    let all = (1u16 << q) - 1;
    s.board = [0; CELLS];
    s.hands = [0, 0];
    s.turned = [q, q];
    s.done[me] = all & !1; // deck position 0 open
    s.done[1 - me] = all & !0b110; // deck positions 1 and 2 open
    s.score[me] = q as i8 - 1;
    s.score[1 - me] = q as i8 - 2;
    s.stale = 9;
    s.pos[me] = 2 * 7 + 6;
    s.pos[1 - me] = 6 * 7;
    let target = State::item_id(me, s.deck[0]);
    for p in 0..2 {
        for i in 0..q as usize {
            if s.done[p] >> i & 1 == 1 {
                s.items[State::item_id(p, s.deck[i])] = GONE;
            }
        }
    }
    // Items on the hands or on the target go to free cells away from row 2 and the players.
    let mut free = (0..CELLS as u8)
        .filter(|&c| c / 7 != 2 && !s.pos.contains(&c) && !s.items.contains(&c))
        .collect::<Vec<_>>()
        .into_iter();
    for id in 0..s.items.len() {
        let loc = s.items[id];
        if loc != GONE && (loc >= HAND0 || id == target) {
            s.items[id] = free.next().unwrap();
        }
    }
    s.items[target] = HAND0 + me as u8;
    s.check_invariants().unwrap();
    (s, Push::new(2, Dir::Right))
}

fn wins(s: &State, me: usize, mine: Push, theirs: Push) -> bool {
    let mut t = *s;
    let pushes = if me == 0 {
        [mine, theirs]
    } else {
        [theirs, mine]
    };
    simulate_pair(&mut t, pushes, &mut Bfs::new(), true);
    t.over && t.score[me] > t.score[1 - me]
}

#[test]
fn the_constructed_position_has_exactly_one_sure_win() {
    for me in 0..2 {
        let (s, win) = one_push_wins(me);
        for mine in Push::all() {
            let sure = Push::all().all(|theirs| wins(&s, me, mine, theirs));
            assert_eq!(sure, mine == win, "seat {me}, {mine}");
        }
    }
}

#[test]
fn every_search_plays_the_winning_push_from_either_seat() {
    for spec in [
        "duct:iterations=3000",
        "duct:iterations=3000,policy=exp3",
        "duct:iterations=3000,policy=rm",
        "duct:impl=generic,iterations=3000",
        "smitsimax:iterations=3000",
        "smitsimax:iterations=3000,policy=exp3",
        "smitsimax:iterations=3000,policy=rm",
        "mcts:iterations=3000",
        "mcts:iterations=3000,depth=1",
    ] {
        for me in 0..2 {
            let (s, win) = one_push_wins(me);
            let mut bot = BotSpec::parse(spec).unwrap().build(11).unwrap();
            let got = bot.act(&s, me, Duration::from_millis(50));
            assert_eq!(got, Action::Push(win), "{spec}, seat {me}");
            assert_eq!(bot.iterations(), 3000, "{spec}");
            assert!(bot.simulations() >= 3000, "{spec}");
        }
    }
}

#[test]
fn same_seed_and_iteration_limit_give_the_same_search() {
    let positions: Vec<State> = (0..3).map(|seed| start(seed, League::Legend)).collect();
    for spec in [
        "duct:iterations=2000",
        "duct:iterations=2000,policy=exp3",
        "duct:impl=generic,iterations=2000",
        "smitsimax:iterations=2000,policy=rm",
        "mcts:iterations=2000",
        "combo:time=5ms",
    ] {
        let spec = BotSpec::parse(spec).unwrap();
        let run = |seed: u64| -> Vec<(Action, u64)> {
            let mut bot = spec.build(seed).unwrap();
            positions
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    (
                        bot.act(s, i % 2, Duration::from_millis(50)),
                        bot.simulations(),
                    )
                })
                .collect()
        };
        if spec.name == "combo" {
            // Time-limited: only checks that it answers; its counts vary with the clock.
            assert_eq!(run(1).len(), 3);
            continue;
        }
        assert_eq!(run(1), run(1), "{spec:?}");
        assert_ne!(
            run(1).iter().map(|r| r.1).collect::<Vec<_>>(),
            run(2).iter().map(|r| r.1).collect::<Vec<_>>(),
            "{spec:?}: another seed, another search"
        );
    }
}

#[test]
fn root_statistics_count_every_iteration_once_per_player() {
    let s = start(3, League::Legend);
    let ucb = SelectionPolicy::Ucb1 { c: 0.4 };
    let mut duct = PushDuct::new(
        PushDuctOptions {
            policy: ucb,
            turns: 2,
            max_nodes: 100_000,
            weights: yomi_xmasrush::params::EvalWeights::DEFAULT,
        },
        4,
    );
    duct.search(&s, 0, Limit::Iterations(1500));
    for p in 0..2 {
        let arms = duct.root_arms(p);
        assert_eq!(arms.iter().map(|a| a.visits).sum::<u32>(), 1500);
        assert!(
            arms.iter()
                .all(|a| a.visits > 0 && (0.0..=1.0).contains(&a.mean))
        );
    }
    // Player 1's means are the complements of player 0's, on average over the root.
    let mean = |p: usize| {
        duct.root_arms(p)
            .iter()
            .map(|a| f64::from(a.mean) * f64::from(a.visits))
            .sum::<f64>()
            / 1500.0
    };
    assert!((mean(0) + mean(1) - 1.0).abs() < 1e-3);
    assert!(duct.tree_nodes() > 28 && duct.tree_nodes() <= 1501);
    assert!(duct.simulations > 1500);

    let mut smits = Smitsimax::new(
        SmitsimaxOptions {
            policy: ucb,
            turns: 2,
            max_nodes: 100_000,
        },
        4,
    );
    smits.search(&s, 1, Limit::Iterations(1500));
    for p in 0..2 {
        assert_eq!(
            smits.tree(p).root().iter().map(|a| a.visits).sum::<u32>(),
            1500
        );
        // One tree per player over 28 own pushes: deeper than DUCT's 784-way nodes.
        assert!(smits.tree(p).len() > 28);
    }
}
