//! `yomi party dataset`: the random-battle experiment, resumable, written as
//! CSV (+ `.meta.json`) and optionally NPZ.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct DatasetArgs {
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

pub(super) fn dataset(args: DatasetArgs) -> Result<()> {
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
    let pb = crate::progress::bar(args.parties as u64, "battles");
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
