//! `yomi party`: Gen-1 battles, the random-battle party dataset, the ridge
//! model's R² table and coefficients, and model-guided party search.

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use yomi_party::battle::{NoLog, TextLog};
use yomi_party::experiment::{self, Dataset, ExperimentConfig};
use yomi_party::features::Features;
use yomi_party::model::{self, Model};
use yomi_party::player::{GreedyPlayer, Player, RandomPlayer};
use yomi_party::{Battle, Dex, Outcome, Party, io, ridge, search};
use yomi_search::Rng;
use yomi_search::rng::derive_seed;

/// Writes a line to stdout, returning write errors (a closed pipe ends the command quietly).
macro_rules! outln {
    ($($t:tt)*) => {
        writeln!(std::io::stdout().lock(), $($t)*)?
    };
}

/// Arguments of `yomi party`.
#[derive(clap::Args, Debug)]
pub struct PartyArgs {
    #[command(subcommand)]
    command: PartyCommand,
}

#[derive(clap::Subcommand, Debug)]
enum PartyCommand {
    /// Play Gen-1 3v3 battles between two parties (given or random).
    Battle(BattleArgs),
    /// Run the experiment: random parties vs fixed random opponents, written as CSV/NPZ.
    Dataset(DatasetArgs),
    /// Fit ridge models on a dataset: the R² table and the largest/smallest coefficients.
    Fit(FitArgs),
    /// Hill-climb parties on the fitted model, then verify them by simulation.
    Search(SearchArgs),
    /// Single-thread speed: random battles between random parties (battles/s, turns/s).
    Bench(BenchArgs),
}

#[derive(clap::Args, Debug)]
struct BenchArgs {
    /// Battles to play.
    #[arg(long, default_value_t = 100_000)]
    battles: u64,
    /// Rules profile: cartridge or pokeai2017.
    #[arg(long, default_value = "cartridge")]
    profile: String,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct BenchReport {
    profile: String,
    battles: u64,
    turns: u64,
    seconds: f64,
    battles_per_second: f64,
    turns_per_second: f64,
    mean_turns: f64,
    side0_wins: u64,
    draws: u64,
}

fn bench(args: BenchArgs) -> Result<()> {
    let dex = load(&args.profile)?;
    if args.battles == 0 {
        return Err(crate::usage("--battles must be at least 1"));
    }
    let t = Instant::now();
    let r = experiment::play_random_battles(&dex, args.battles, args.seed, false);
    let secs = t.elapsed().as_secs_f64();
    let report = BenchReport {
        profile: dex.profile.clone(),
        battles: r.battles,
        turns: r.turns,
        seconds: secs,
        battles_per_second: r.battles as f64 / secs,
        turns_per_second: r.turns as f64 / secs,
        mean_turns: r.turns as f64 / r.battles as f64,
        side0_wins: r.wins0,
        draws: r.draws,
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        outln!(
            "{} random 3v3 battles ({}) on one thread: {:.3} s, {:.0} battles/s, {:.0} turns/s, {:.1} turns per battle",
            report.battles,
            report.profile,
            secs,
            report.battles_per_second,
            report.turns_per_second,
            report.mean_turns
        );
    }
    Ok(())
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PlayerKind {
    Random,
    Greedy,
}

#[derive(clap::Args, Debug)]
struct BattleArgs {
    /// First party, e.g. "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:...;Tauros:..." (random if omitted).
    #[arg(long)]
    a: Option<String>,
    /// Second party (random if omitted).
    #[arg(long)]
    b: Option<String>,
    /// Rules profile: cartridge or pokeai2017.
    #[arg(long, default_value = "cartridge")]
    profile: String,
    /// Seed for random parties and the battles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games to play (only the first is logged).
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Player of the first party.
    #[arg(long, value_enum, default_value = "random")]
    player_a: PlayerKind,
    /// Player of the second party.
    #[arg(long, value_enum, default_value = "random")]
    player_b: PlayerKind,
    /// Print the turn-by-turn log of the first game.
    #[arg(long)]
    log: bool,
    /// Random parties draw moves from learnsets.
    #[arg(long)]
    learnset: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct DatasetArgs {
    /// Output CSV (party, score, 435 features); a `.meta.json` is written beside it.
    #[arg(long, default_value = "party-dataset.csv")]
    out: PathBuf,
    /// Also write an NPZ (X, y, feature_names, parties) for Python.
    #[arg(long)]
    npz: Option<PathBuf>,
    /// Rules profile: cartridge or pokeai2017.
    #[arg(long, default_value = "cartridge")]
    profile: String,
    /// Random parties to score.
    #[arg(long, default_value_t = 10_000)]
    parties: usize,
    /// Fixed random opponents.
    #[arg(long, default_value_t = 100)]
    opponents: usize,
    /// Games per (party, opponent) pair.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Base seed.
    #[arg(long, default_value_t = 2017)]
    seed: u64,
    /// Draw moves from learnsets instead of from all 20 moves.
    #[arg(long)]
    learnset: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct FitArgs {
    /// Dataset CSV written by `yomi party dataset`.
    #[arg(long)]
    data: PathBuf,
    /// Training rows (the rest are held out).
    #[arg(long, default_value_t = 9000)]
    train: usize,
    /// Ridge penalties tried by leave-one-out CV (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "0.1,1,10")]
    alphas: Vec<f64>,
    /// Coefficients listed at each end.
    #[arg(long, default_value_t = 10)]
    top: usize,
    /// Include every set's full coefficient vector in the JSON (for scripts/check_ridge.py).
    #[arg(long)]
    coefficients: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct SearchArgs {
    /// Dataset CSV written by `yomi party dataset` (its .meta.json gives the profile and opponents).
    #[arg(long)]
    data: PathBuf,
    /// Feature set of the model ("all", "P+M+PM", ...).
    #[arg(long, default_value = "all")]
    features: String,
    /// Hill-climbing starts.
    #[arg(long, default_value_t = 200)]
    starts: usize,
    /// Found parties to verify by simulation.
    #[arg(long, default_value_t = 3)]
    verify: usize,
    /// Games per opponent when verifying.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Seed of the search and of the fresh opponents.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Ridge penalties tried by leave-one-out CV (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "0.1,1,10")]
    alphas: Vec<f64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi party ...`.
pub fn run(args: PartyArgs) -> Result<()> {
    let r = match args.command {
        PartyCommand::Battle(a) => battle(a),
        PartyCommand::Dataset(a) => dataset(a),
        PartyCommand::Fit(a) => fit(a),
        PartyCommand::Search(a) => search_cmd(a),
        PartyCommand::Bench(a) => bench(a),
    };
    quiet_broken_pipe(r)
}

/// `yomi party battle --log | head` is not an error.
fn quiet_broken_pipe(r: Result<()>) -> Result<()> {
    match r {
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            Ok(())
        }
        r => r,
    }
}

fn load(profile: &str) -> Result<Dex> {
    Dex::load(profile).map_err(|e| match e {
        yomi_party::PartyError::UnknownProfile(..) => crate::usage(format!("--profile: {e}")),
        other => anyhow::Error::new(other).context("loading the embedded Gen-1 data"),
    })
}

enum AnyPlayer {
    Random(RandomPlayer),
    Greedy(GreedyPlayer),
}

impl Player for AnyPlayer {
    fn choose(&mut self, b: &Battle, side: usize) -> yomi_party::battle::Action {
        match self {
            AnyPlayer::Random(p) => p.choose(b, side),
            AnyPlayer::Greedy(p) => p.choose(b, side),
        }
    }
    fn replace(&mut self, b: &Battle, side: usize) -> u8 {
        match self {
            AnyPlayer::Random(p) => p.replace(b, side),
            AnyPlayer::Greedy(p) => p.replace(b, side),
        }
    }
}

fn make_player(kind: PlayerKind, seed: u64) -> AnyPlayer {
    match kind {
        PlayerKind::Random => AnyPlayer::Random(RandomPlayer::new(seed)),
        PlayerKind::Greedy => AnyPlayer::Greedy(GreedyPlayer),
    }
}

#[derive(Serialize)]
struct BattleReport {
    profile: String,
    a: String,
    b: String,
    games: u32,
    wins_a: u32,
    draws: u32,
    wins_b: u32,
    first_winner: String,
    first_turns: u32,
    log: Vec<String>,
}

fn battle(args: BattleArgs) -> Result<()> {
    let dex = load(&args.profile)?;
    let mut rng = Rng::new(args.seed);
    let mut pick = |spec: &Option<String>, which: &str| -> Result<Party> {
        Ok(match spec {
            Some(s) => {
                Party::parse(&dex, s).map_err(|e| crate::usage(format!("--{which}: {e}")))?
            }
            None => Party::random(&dex, &mut rng, args.learnset),
        })
    };
    let a = pick(&args.a, "a")?;
    let b = pick(&args.b, "b")?;
    if args.games == 0 {
        return Err(crate::usage("--games must be at least 1"));
    }
    let (mut wa, mut dr, mut wb) = (0, 0, 0);
    let mut first = (String::new(), 0, Vec::new());
    for g in 0..args.games {
        let seed = derive_seed(args.seed, g as u64 + 1);
        let mut battle = Battle::new(&dex, [&a, &b], seed);
        let mut pa = make_player(args.player_a, derive_seed(seed, 1));
        let mut pb = make_player(args.player_b, derive_seed(seed, 2));
        let (o, lines) = if g == 0 && args.log {
            let mut log = TextLog::default();
            (battle.play(&mut pa, &mut pb, &mut log), log.lines)
        } else {
            (battle.play(&mut pa, &mut pb, &mut NoLog), Vec::new())
        };
        match o {
            Outcome::Win(0) => wa += 1,
            Outcome::Draw => dr += 1,
            Outcome::Win(_) => wb += 1,
        }
        if g == 0 {
            let w = match o {
                Outcome::Win(0) => "a",
                Outcome::Win(_) => "b",
                Outcome::Draw => "draw",
            };
            first = (w.to_string(), battle.turn, lines);
        }
    }
    let report = BattleReport {
        profile: dex.profile.clone(),
        a: a.format(&dex),
        b: b.format(&dex),
        games: args.games,
        wins_a: wa,
        draws: dr,
        wins_b: wb,
        first_winner: first.0,
        first_turns: first.1,
        log: first.2,
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    outln!(
        "profile {}\nA: {}\nB: {}",
        report.profile,
        report.a,
        report.b
    );
    for l in &report.log {
        outln!("  {l}");
    }
    outln!(
        "{} game(s): A wins {wa}, draws {dr}, B wins {wb} (first game: {} after {} turns)",
        args.games,
        report.first_winner,
        report.first_turns
    );
    Ok(())
}

/// What `yomi party dataset` records beside the CSV.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Meta {
    profile: String,
    parties: usize,
    opponents: usize,
    games: usize,
    seed: u64,
    learnset: bool,
}

fn meta_path(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".meta.json");
    PathBuf::from(s)
}

fn partial_path(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".partial");
    PathBuf::from(s)
}

fn progress_bar(len: u64, msg: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    pb.set_message(msg.to_string());
    pb
}

#[derive(Serialize)]
struct DatasetReport {
    meta: Meta,
    out: String,
    npz: Option<String>,
    battles: u64,
    seconds: f64,
    battles_per_second: f64,
    threads: usize,
    battles_per_second_per_thread: f64,
    resumed_parties: usize,
    mean_score: f64,
    best_score: f64,
    best_party: String,
}

/// Finished chunks of a dataset run are appended to `<out>.partial` (a meta
/// line, then one score per line) so an interrupted run resumes.
fn load_partial(path: &Path, meta: &Meta) -> Vec<f64> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let mut lines = text.lines();
    let same = lines
        .next()
        .and_then(|l| serde_json::from_str::<Meta>(l).ok())
        .is_some_and(|m| &m == meta);
    if !same {
        return Vec::new();
    }
    lines
        .map_while(|l| l.parse::<f64>().ok())
        .take(meta.parties)
        .collect()
}

fn dataset(args: DatasetArgs) -> Result<()> {
    let dex = load(&args.profile)?;
    if args.parties == 0 || args.opponents == 0 || args.games == 0 {
        return Err(crate::usage(
            "--parties, --opponents and --games must be at least 1",
        ));
    }
    let meta = Meta {
        profile: dex.profile.clone(),
        parties: args.parties,
        opponents: args.opponents,
        games: args.games,
        seed: args.seed,
        learnset: args.learnset,
    };
    let cfg = ExperimentConfig {
        parties: args.parties,
        opponents: args.opponents,
        games: args.games,
        seed: args.seed,
        learnset: args.learnset,
    };
    let opps = experiment::opponents(&dex, &cfg);
    let parties = experiment::parties(&dex, &cfg);
    let partial = partial_path(&args.out);
    let mut scores = load_partial(&partial, &meta);
    let resumed = scores.len();
    if resumed > 0 {
        tracing::info!(
            "resuming after {resumed} scored parties from {}",
            partial.display()
        );
    } else {
        std::fs::write(&partial, format!("{}\n", serde_json::to_string(&meta)?))
            .with_context(|| format!("writing {}", partial.display()))?;
    }
    let pb = progress_bar(args.parties as u64, "battles");
    pb.set_position(resumed as u64);
    let done = AtomicUsize::new(resumed);
    let tick = |k: usize| {
        let d = done.fetch_add(k, Ordering::Relaxed) + k;
        if d % 64 == 0 {
            pb.set_position(d as u64);
        }
    };
    let stream = derive_seed(args.seed, 2);
    let start = Instant::now();
    let chunk = 1000;
    while scores.len() < args.parties {
        let lo = scores.len();
        let hi = (lo + chunk).min(args.parties);
        let s = experiment::score_all(
            &dex,
            &parties[lo..hi],
            &opps,
            args.games,
            stream,
            lo as u64,
            &tick,
        );
        let mut text = String::new();
        for v in &s {
            text.push_str(&format!("{v}\n"));
        }
        use std::io::Write;
        std::fs::OpenOptions::new()
            .append(true)
            .open(&partial)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .with_context(|| format!("appending to {}", partial.display()))?;
        scores.extend(s);
    }
    let secs = start.elapsed().as_secs_f64();
    pb.finish_and_clear();
    let data = Dataset { parties, scores };
    io::write_csv(&args.out, &dex, &data).context("writing the CSV")?;
    if let Some(npz) = &args.npz {
        io::write_npz_dataset(npz, &dex, &data).context("writing the NPZ")?;
    }
    std::fs::write(meta_path(&args.out), serde_json::to_string_pretty(&meta)?)
        .with_context(|| format!("writing {}", meta_path(&args.out).display()))?;
    std::fs::remove_file(&partial).ok();
    let battles = ((args.parties - resumed) * args.opponents * args.games) as u64;
    let threads = rayon::current_num_threads();
    let (bi, best) = data
        .scores
        .iter()
        .enumerate()
        .fold((0, f64::MIN), |a, (i, &s)| if s > a.1 { (i, s) } else { a });
    let report = DatasetReport {
        meta,
        out: args.out.display().to_string(),
        npz: args.npz.as_ref().map(|p| p.display().to_string()),
        battles,
        seconds: secs,
        battles_per_second: battles as f64 / secs,
        threads,
        battles_per_second_per_thread: battles as f64 / secs / threads as f64,
        resumed_parties: resumed,
        mean_score: data.scores.iter().sum::<f64>() / data.scores.len() as f64,
        best_score: best,
        best_party: data.parties[bi].format(&dex),
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        outln!(
            "{} parties x {} opponents x {} game(s) under {}: {} battles in {:.2} s = {:.0} battles/s ({:.0}/s per thread, {} threads)",
            args.parties,
            args.opponents,
            args.games,
            report.meta.profile,
            battles,
            secs,
            report.battles_per_second,
            report.battles_per_second_per_thread,
            threads
        );
        outln!(
            "mean score {:.4}; best {:.2}: {}",
            report.mean_score,
            best,
            report.best_party
        );
        outln!(
            "wrote {}{}",
            report.out,
            report
                .npz
                .as_ref()
                .map(|p| format!(" and {p}"))
                .unwrap_or_default()
        );
    }
    Ok(())
}

fn read_meta(data: &Path) -> Option<Meta> {
    serde_json::from_str(&std::fs::read_to_string(meta_path(data)).ok()?).ok()
}

fn read_data(path: &Path) -> Result<(Dex, Dataset, Option<Meta>)> {
    let meta = read_meta(path);
    let profile = meta.as_ref().map_or("cartridge", |m| m.profile.as_str());
    let dex = load(profile)?;
    let data =
        io::read_csv(path, &dex).with_context(|| format!("reading dataset {}", path.display()))?;
    Ok((dex, data, meta))
}

#[derive(Serialize)]
struct CoefSet {
    set: String,
    alpha: f64,
    intercept: f64,
    loo_mse: Vec<f64>,
    names: Vec<String>,
    coef: Vec<f64>,
}

#[derive(Serialize)]
struct FitReport {
    data: String,
    profile: Option<String>,
    train: usize,
    test: usize,
    alphas: Vec<f64>,
    table: Vec<model::R2Row>,
    largest: Vec<(String, f64)>,
    smallest: Vec<(String, f64)>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sets: Vec<CoefSet>,
}

fn fit(args: FitArgs) -> Result<()> {
    let (dex, data, meta) = read_data(&args.data)?;
    let t = Instant::now();
    let table = model::r2_table(&dex, &data, args.train, &args.alphas)?;
    let feats = Features::new(&dex);
    let all = yomi_party::features::Group::ALL;
    let full = Model::train(&feats, &data, 0..args.train, &all, &args.alphas)?;
    let (largest, smallest) = model::extremes(&feats, &full, args.top);
    let mut sets = Vec::new();
    if args.coefficients {
        for groups in model::TABLE_SETS {
            let m = Model::train(&feats, &data, 0..args.train, groups, &args.alphas)?;
            sets.push(CoefSet {
                set: model::set_name(groups),
                alpha: m.fit.alpha,
                intercept: m.fit.intercept,
                loo_mse: m.fit.loo_mse.clone(),
                names: m
                    .columns
                    .iter()
                    .map(|&c| feats.names()[c].clone())
                    .collect(),
                coef: m.fit.coef.clone(),
            });
        }
    }
    tracing::info!("fits took {:.2} s", t.elapsed().as_secs_f64());
    let report = FitReport {
        data: args.data.display().to_string(),
        profile: meta.map(|m| m.profile),
        train: args.train,
        test: data.parties.len() - args.train,
        alphas: args.alphas.clone(),
        table,
        largest,
        smallest,
        sets,
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    outln!(
        "{} ({}), {} training / {} held-out parties",
        report.data,
        report.profile.as_deref().unwrap_or("profile unknown"),
        report.train,
        report.test
    );
    outln!(
        "{:<16} {:>8} {:>6} {:>9} {:>9} {:>9}",
        "features",
        "count",
        "alpha",
        "R2 test",
        "R2 train",
        "2017"
    );
    for r in &report.table {
        outln!(
            "{:<16} {:>8} {:>6} {:>9.3} {:>9.3} {:>9.3}",
            r.set,
            r.features,
            r.alpha,
            r.r2_test,
            r.r2_train,
            r.original
        );
    }
    outln!("\nlargest coefficients (all five groups):");
    for (n, c) in &report.largest {
        outln!("  {c:+.4}  {n}");
    }
    outln!("smallest coefficients:");
    for (n, c) in &report.smallest {
        outln!("  {c:+.4}  {n}");
    }
    Ok(())
}

#[derive(Serialize)]
struct Verified {
    party: String,
    predicted: f64,
    dataset_score: Option<f64>,
    simulated_vs_dataset_opponents: f64,
    simulated_vs_fresh_opponents: f64,
}

#[derive(Serialize)]
struct SearchReport {
    profile: String,
    features: String,
    alpha: f64,
    starts: usize,
    distinct_optima: usize,
    games_per_opponent: usize,
    found: Vec<Verified>,
    best_random: Verified,
}

fn search_cmd(args: SearchArgs) -> Result<()> {
    let (dex, data, meta) = read_data(&args.data)?;
    let meta = meta.with_context(|| {
        format!(
            "{} is missing; search needs the dataset's profile and seed",
            meta_path(&args.data).display()
        )
    })?;
    if args.starts == 0 || args.games == 0 {
        return Err(crate::usage("--starts and --games must be at least 1"));
    }
    let groups =
        model::parse_set(&args.features).map_err(|e| crate::usage(format!("--features: {e}")))?;
    let feats = Features::new(&dex);
    let n = data.parties.len();
    let m = Model::train(&feats, &data, 0..n, &groups, &args.alphas)?;
    let found = search::search(&dex, &m, args.starts, args.seed, meta.learnset);
    let cfg = ExperimentConfig {
        parties: meta.parties,
        opponents: meta.opponents,
        games: meta.games,
        seed: meta.seed,
        learnset: meta.learnset,
    };
    let opps = experiment::opponents(&dex, &cfg);
    let fresh = experiment::random_parties(
        &dex,
        meta.opponents,
        derive_seed(args.seed, 1_000_003),
        meta.learnset,
    );
    let stream = derive_seed(args.seed, 77);
    let fresh_stream = derive_seed(args.seed, 78);
    let verify = |p: &Party, k: u64, dataset_score: Option<f64>| Verified {
        party: p.format(&dex),
        predicted: m.predict(&feats, p),
        dataset_score,
        simulated_vs_dataset_opponents: experiment::score(&dex, p, &opps, args.games, stream, k),
        simulated_vs_fresh_opponents: experiment::score(
            &dex,
            p,
            &fresh,
            args.games,
            fresh_stream,
            k,
        ),
    };
    let pb = progress_bar((args.verify.min(found.len()) + 1) as u64, "verifying");
    let mut verified = Vec::new();
    for (k, f) in found.iter().take(args.verify).enumerate() {
        verified.push(verify(&f.party, k as u64, None));
        pb.inc(1);
    }
    let (bi, &bs) = data
        .scores
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .context("empty dataset")?;
    let best_random = verify(&data.parties[bi], 999_999, Some(bs));
    pb.finish_and_clear();
    let report = SearchReport {
        profile: dex.profile.clone(),
        features: model::set_name(&groups),
        alpha: m.fit.alpha,
        starts: args.starts,
        distinct_optima: found.len(),
        games_per_opponent: args.games,
        found: verified,
        best_random,
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    outln!(
        "{} starts -> {} distinct local optima (model {} features, alpha {}, profile {})",
        report.starts,
        report.distinct_optima,
        report.features,
        report.alpha,
        report.profile
    );
    outln!(
        "simulated: {} games against each of {} opponents",
        args.games,
        meta.opponents
    );
    outln!(
        "{:>9} {:>9} {:>9} {:>9}  party",
        "predicted",
        "dataset",
        "sim opps",
        "sim fresh"
    );
    let row = |v: &Verified, tag: &str| -> Result<()> {
        outln!(
            "{:>9.3} {:>9} {:>9.3} {:>9.3}  {}{tag}",
            v.predicted,
            v.dataset_score
                .map_or("-".to_string(), |s| format!("{s:.3}")),
            v.simulated_vs_dataset_opponents,
            v.simulated_vs_fresh_opponents,
            v.party
        );
        Ok(())
    };
    for v in &report.found {
        row(v, "")?;
    }
    row(&report.best_random, "  (best of the random parties)")?;
    Ok(())
}

/// A short demonstration for `yomi tour`: one logged battle under each rules
/// profile and a tiny experiment with its fit.
pub fn tour() -> Result<()> {
    quiet_broken_pipe(tour_inner())
}

fn tour_inner() -> Result<()> {
    outln!("== party: Gen-1 battles and the party-strength model ==");
    let dex = load("cartridge")?;
    let a = Party::parse(
        &dex,
        "Starmie:Thunderbolt/Blizzard/Recover/Thunder Wave;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt;Exeggutor:Psychic/Mega Drain/Double Team/Reflect",
    )?;
    let b = Party::parse(
        &dex,
        "Gengar:Night Shade/Confuse Ray/Thunderbolt/Psychic;Jynx:Lovely Kiss/Blizzard/Psychic/Reflect;Dugtrio:Dig/Slash/Rock Slide/Body Slam",
    )?;
    outln!("A: {}\nB: {}", a.format(&dex), b.format(&dex));
    let mut battle = Battle::new(&dex, [&a, &b], 5);
    let mut log = TextLog::default();
    let o = battle.play(
        &mut RandomPlayer::new(1),
        &mut RandomPlayer::new(2),
        &mut log,
    );
    for l in log.lines.iter().take(24) {
        outln!("  {l}");
    }
    if log.lines.len() > 24 {
        outln!("  ... ({} more lines)", log.lines.len() - 24);
    }
    outln!(
        "result: {o:?} after {} turns (random players, cartridge rules)",
        battle.turn
    );
    for profile in yomi_party::data::PROFILES {
        let dex = load(profile)?;
        let cfg = ExperimentConfig {
            parties: 1000,
            opponents: 30,
            games: 1,
            seed: 1,
            learnset: false,
        };
        let t = Instant::now();
        let data = experiment::run(&dex, &cfg, &|_| {});
        let secs = t.elapsed().as_secs_f64();
        let feats = Features::new(&dex);
        let groups = [
            yomi_party::features::Group::P,
            yomi_party::features::Group::M,
        ];
        let m = Model::train(&feats, &data, 0..800, &groups, &ridge::DEFAULT_ALPHAS)?;
        let pred: Vec<f64> = data.parties[800..]
            .iter()
            .map(|p| m.predict(&feats, p))
            .collect();
        let r2 = ridge::r2(&data.scores[800..], &pred);
        let (top, _) = model::extremes(&feats, &m, 3);
        outln!(
            "{profile}: 1000 parties x 30 opponents = 30000 battles in {secs:.2} s; P+M ridge (alpha {}) held-out R2 {r2:.3}; strongest: {}",
            m.fit.alpha,
            top.iter()
                .map(|(n, c)| format!("{n} {c:+.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    outln!("(full experiment: yomi party dataset --out d.csv && yomi party fit --data d.csv)");
    Ok(())
}
