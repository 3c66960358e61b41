//! The protocol text against the state it describes: render, parse, rebuild.

use yomi_core::Rng;
use yomi_search::SimultaneousGame;
use yomi_xmasrush::action::Action;
use yomi_xmasrush::protocol::{lines_of, parse_input, render_input};
use yomi_xmasrush::reader::rebuild;
use yomi_xmasrush::state::{GONE, HAND0, HAND1, State};
use yomi_xmasrush::{League, initial_state};

/// The true state seen from seat `p` (me = player 0), for comparison with a rebuild.
fn perspective(s: &State, p: usize) -> State {
    if p == 0 {
        return *s;
    }
    let mut t = *s;
    t.pos = [s.pos[1], s.pos[0]];
    t.hands = [s.hands[1], s.hands[0]];
    t.score = [s.score[1], s.score[0]];
    t.turned = [s.turned[1], s.turned[0]];
    t.done = [s.done[1], s.done[0]];
    for id in 0..24 {
        let loc = s.items[id];
        t.items[(id + 12) % 24] = match loc {
            HAND0 => HAND1,
            HAND1 => HAND0,
            l => l,
        };
    }
    t
}

#[test]
fn input_text_matches_the_referee_format() {
    let mut s = initial_state(0, League::Legend);
    assert!(s.begin_turn());
    let text = render_input(&s, 1);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "0");
    assert_eq!(lines[1], "0110 0011 1101 1010 1010 1010 1010");
    assert_eq!(
        lines[8], "12 6 6 1001",
        "me first: player 1 at (6,6) with 0110 turned"
    );
    assert_eq!(lines[9], "12 0 0 0110");
    assert_eq!(lines[10], "24");
    // First item of seed 0 is player 0's POTION at (5,3): pid 1 from player 1's view.
    assert_eq!(lines[11], "POTION 5 3 1");
    assert_eq!(lines[35], "6");
    // Deck of seed 0 ends ..., POTION, SWORD, DIAMOND: revealed from the end.
    assert_eq!(
        &lines[36..42],
        [
            "DIAMOND 0",
            "SWORD 0",
            "POTION 0",
            "DIAMOND 1",
            "SWORD 1",
            "POTION 1"
        ]
    );
}

#[test]
fn rebuilt_states_match_the_truth_in_random_games() {
    let mut rng = Rng::new(7);
    let mut acts = [Vec::new(), Vec::new()];
    for game in 0..40 {
        let mut s = initial_state(game, League::Legend);
        while s.begin_turn() {
            for p in 0..2 {
                let text = render_input(&s, p);
                let input = parse_input(&mut lines_of(&text)).expect("parses");
                let mut got = rebuild(&input, League::Legend);
                got.collect();
                let mut want = perspective(&s, p);
                want.collect();
                assert_eq!(got.board, want.board);
                assert_eq!(got.hands, want.hands);
                assert_eq!(got.pos, want.pos);
                assert_eq!(got.items, want.items, "game {game} turn {}", s.turn);
                assert_eq!(got.score, want.score);
                for q in 0..2 {
                    let a: Vec<u8> = got.quest_items(q).map(|i| i as u8).collect();
                    let b: Vec<u8> = want.quest_items(q).map(|i| i as u8).collect();
                    assert_eq!(a, b, "game {game} turn {} revealed quests of {q}", s.turn);
                }
                // When the opponent turned more cards than I did and completed none
                // of those, its reveal order tells my next card exactly.
                let (me, them) = (0, 1);
                let q = want.quests as usize;
                let region = (q - want.turned[them] as usize)..(q - want.turned[me] as usize);
                let none_done = region.clone().all(|i| want.done[them] >> i & 1 == 0);
                if !region.is_empty() && none_done {
                    let name = want.deck[region.end - 1];
                    {
                        let got_next = got.deck[(got.quests - 1 - got.turned[me]) as usize];
                        assert_eq!(got_next, name, "game {game}: my next quest is known");
                    }
                }
            }
            s.collect();
            let mut actions = [Action::Move(Default::default()); 2];
            for p in 0..2 {
                s.actions(p, &mut acts[p]);
                actions[p] = acts[p][rng.below(acts[p].len())];
            }
            s.resolve(actions[0], actions[1]);
        }
        assert!(s.items.iter().filter(|&&l| l == GONE).count() <= 24);
    }
}

#[test]
fn malformed_input_says_which_line() {
    let mut s = initial_state(3, League::Legend);
    s.begin_turn();
    let mut lines: Vec<String> = render_input(&s, 0).lines().map(String::from).collect();
    lines[1].replace_range(0..1, "x");
    let text = lines.join("\n");
    let err = parse_input(&mut lines_of(&text)).unwrap_err().to_string();
    assert!(err.starts_with("line 2:"), "{err}");
    let cut: String = render_input(&s, 0)
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    let err = parse_input(&mut lines_of(&cut)).unwrap_err().to_string();
    assert!(err.contains("input ended before line 13"), "{err}");
}

/// The inputs of the first six turns of a game (random play) as player 1
/// sees them, and whether each is a push turn.
fn six_turns() -> (String, Vec<bool>) {
    let mut s = initial_state(21, League::Legend);
    let mut rng = Rng::new(3);
    let mut text = String::new();
    let mut kinds = Vec::new();
    let mut acts = [Vec::new(), Vec::new()];
    for _ in 0..6 {
        assert!(s.begin_turn());
        text += &render_input(&s, 1);
        kinds.push(s.push_turn());
        s.collect();
        for (p, acts_p) in acts.iter_mut().enumerate() {
            s.actions(p, acts_p);
        }
        let (a, b) = (
            acts[0][rng.below(acts[0].len())],
            acts[1][rng.below(acts[1].len())],
        );
        s.resolve(a, b);
    }
    (text, kinds)
}

#[test]
fn the_stdin_bot_answers_every_turn_with_a_valid_line() {
    use yomi_xmasrush::action::parse_for_turn;
    use yomi_xmasrush::botio::{TURN_BUDGET, Timing, run_bot};
    use yomi_xmasrush::bots::BotSpec;
    let (text, kinds) = six_turns();
    for spec in ["greedy", "combo:time=5ms"] {
        let bot = BotSpec::parse(spec).unwrap().build(1).unwrap();
        let mut out = Vec::new();
        let timing = Timing::new(TURN_BUDGET, true);
        let report = run_bot(bot, League::Legend, timing, text.as_bytes(), &mut out).unwrap();
        assert_eq!(report.turns, 6);
        let answers = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = answers.lines().collect();
        assert_eq!(lines.len(), 6);
        for (line, &push) in lines.iter().zip(&kinds) {
            parse_for_turn(line, push).unwrap_or_else(|e| panic!("{spec}: '{line}': {e}"));
        }
    }
    let bot = BotSpec::parse("greedy").unwrap().build(1).unwrap();
    let timing = Timing::new(TURN_BUDGET, true);
    let err = run_bot(
        bot,
        League::Legend,
        timing,
        "0\nnonsense\n".as_bytes(),
        Vec::new(),
    )
    .unwrap_err();
    assert!(err.to_string().starts_with("turn 1: line 2:"), "{err}");
}

#[test]
fn the_state_stays_small() {
    // Searches copy it at every node.
    assert!(
        std::mem::size_of::<State>() <= 128,
        "{}",
        std::mem::size_of::<State>()
    );
}

/// A bot that takes `sleep` to answer (or panics), to exercise the deadline.
struct Slow {
    sleep: std::time::Duration,
    panics: bool,
}

impl yomi_xmasrush::bots::Bot for Slow {
    fn act(&mut self, state: &State, me: usize, _budget: std::time::Duration) -> Action {
        assert!(!self.panics, "a bot bug");
        std::thread::sleep(self.sleep);
        yomi_xmasrush::bots::Greedy::default().act(state, me, self.sleep)
    }
}

#[test]
fn a_late_or_broken_search_is_answered_for_by_the_fallback_on_time() {
    use std::time::{Duration, Instant};
    use yomi_xmasrush::action::parse_for_turn;
    use yomi_xmasrush::botio::{FIRST_DEADLINE, Timing, run_bot};
    let (text, kinds) = six_turns();
    for (sleep, panics, late) in [(2000, false, 6), (0, true, 6), (1, false, 0)] {
        let bot = Slow {
            sleep: Duration::from_millis(sleep),
            panics,
        };
        // Deadlines of 305 ms, far from what a loaded test machine delays.
        let timing = Timing::new(Duration::from_millis(300), true);
        let mut out = Vec::new();
        let started = Instant::now();
        let report = run_bot(
            Box::new(bot),
            League::Legend,
            timing,
            text.as_bytes(),
            &mut out,
        )
        .unwrap();
        assert_eq!(
            (report.turns, report.fallbacks),
            (6, late),
            "sleep {sleep}, panics {panics}"
        );
        // The late searches are not waited for: the first deadline plus five
        // later ones (2.4 s), not 6 x 2 s.
        assert!(
            started.elapsed() < FIRST_DEADLINE + Duration::from_millis(5 * 305 + 1500),
            "{:?}",
            started.elapsed()
        );
        let answers = String::from_utf8(out).unwrap();
        for (line, &push) in answers.lines().zip(&kinds) {
            parse_for_turn(line, push).unwrap_or_else(|e| panic!("'{line}': {e}"));
        }
    }
    // Deadlines off: the loop waits for the search, whatever it takes.
    let bot = Slow {
        sleep: Duration::from_millis(60),
        panics: false,
    };
    let timing = Timing::new(Duration::from_millis(20), false);
    let report = run_bot(
        Box::new(bot),
        League::Legend,
        timing,
        text.as_bytes(),
        Vec::new(),
    )
    .unwrap();
    assert_eq!((report.turns, report.fallbacks), (6, 0));
}
