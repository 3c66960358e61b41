//! `yomi play`: a game between any mix of people and strategies.
//!
//! A person types moves at a prompt; a malformed or illegal move gets an
//! explanation and the prompt again. `help` lists the legal moves, `quit`
//! ends the game.

use crate::games::{GameKind, position, with_game};
use crate::usage::usage;
use anyhow::{Context, bail};
use std::io::{BufRead, Write};
use yomi_search::{Game, Outcome, Strategy, StrategySpec};

/// Arguments of `yomi play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = crate::games::game_parser())]
    pub game: GameKind,
    /// First player: `human` or a strategy spec (e.g. `mcts:iterations=5000`).
    #[arg(long, default_value = "human")]
    pub first: String,
    /// Second player: `human` or a strategy spec.
    #[arg(long, default_value = "alphabeta:time=500ms")]
    pub second: String,
    /// Start position (game-specific text; see `yomi solve --help`).
    #[arg(long)]
    pub position: Option<String>,
    /// Seed for randomized strategies.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    pub seed: u64,
}

enum Player<G: Game> {
    Human,
    Engine(Box<dyn Strategy<G>>),
}

fn player<G: Game>(spec: &str, seed: u64) -> anyhow::Result<Player<G>> {
    if spec.eq_ignore_ascii_case("human") {
        return Ok(Player::Human);
    }
    let spec = StrategySpec::parse(spec).map_err(|e| usage(format!("{e} (or 'human')")))?;
    Ok(Player::Engine(
        spec.build::<G>(Some(seed))
            .map_err(crate::usage::bad_input)?,
    ))
}

/// Runs `yomi play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    with_game!(args.game, G => play::<G>(&args))
}

fn play<G: Game>(args: &PlayArgs) -> anyhow::Result<()> {
    let mut state: G = position(args.position.as_deref())?;
    let mut players = [
        player::<G>(&args.first, args.seed)?,
        player::<G>(&args.second, args.seed ^ 0x5555)?,
    ];
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut history = Vec::new();
    println!("{state}\n");
    while state.outcome().is_none() {
        let seat = state.to_move();
        let mv = match &mut players[seat] {
            Player::Engine(s) => {
                let r = s.choose(&state);
                let value = r.value.map(|v| format!(", {v}")).unwrap_or_default();
                println!(
                    "{} plays {} ({} nodes, {:.0} ms{value})",
                    seat_name(seat),
                    r.best,
                    r.stats.nodes,
                    r.stats.elapsed.as_secs_f64() * 1000.0
                );
                r.best
            }
            Player::Human => loop {
                print!("{} to move (a move, 'help' or 'quit'): ", seat_name(seat));
                std::io::stdout().flush().ok();
                let Some(line) = lines.next() else {
                    bail!("input ended before the game was over")
                };
                let line = line.context("reading a move from standard input")?;
                let t = line.trim();
                match t {
                    "" => continue,
                    "quit" | "exit" => bail!("game abandoned after {} moves", history.len()),
                    "help" | "?" => {
                        let mut moves = Vec::new();
                        state.legal_moves(&mut moves);
                        let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                        println!("legal moves: {}", list.join(" "));
                        continue;
                    }
                    _ => match state.parse_move(t) {
                        Ok(mv) => break mv,
                        Err(e) => println!("{e}"),
                    },
                }
            },
        };
        state.play(mv);
        history.push(mv.to_string());
        println!("\n{state}\n");
    }
    let outcome = state.outcome().expect("loop ends at a finished game");
    let mover = state.to_move();
    let result = match outcome {
        Outcome::Draw => "draw".to_string(),
        Outcome::Loss => format!("{} wins", seat_name(1 - mover)),
        Outcome::Win => format!("{} wins", seat_name(mover)),
    };
    println!(
        "Result: {result} after {} moves: {}",
        history.len(),
        history.join(" ")
    );
    Ok(())
}

fn seat_name(seat: usize) -> &'static str {
    if seat == 0 {
        "First player"
    } else {
        "Second player"
    }
}
