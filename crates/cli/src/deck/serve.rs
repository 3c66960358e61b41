//! `yomi deck serve`: the recommendation service over a catalogue file (library:
//! yomi-deck-service).

use super::load::{CsvArgs, InstanceFormat, load};
use crate::usage::usage;
use anyhow::{Context, Result};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_deck_service::{Catalog, ConfigError, ServiceConfig};

/// Options of `yomi deck serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Catalogue: every piece with its pair scores (JSON instance or pieces.csv; its request
    /// is ignored, each HTTP request brings its own).
    #[arg(long)]
    catalog: PathBuf,
    /// Catalogue format.
    #[arg(long, value_enum, default_value = "json")]
    format: InstanceFormat,
    #[command(flatten)]
    csv: CsvArgs,
    /// Address to listen on (port 0 picks a free port; the bound address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Search budget of a request that names none.
    #[arg(long, default_value = "300ms", value_parser = parse_duration)]
    budget: Duration,
    /// Largest budget a request may ask for.
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    max_budget: Duration,
    /// Solves at once [default: one per core]; further requests wait, their budget running.
    #[arg(long)]
    workers: Option<usize>,
    /// Time a client has to send a request's head, and then its body: a connection still
    /// sending its head is closed, a body still arriving is answered 408.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    read_timeout: Duration,
    /// Minimum pieces of an attribute deck, NAME:MINIMUM, repeatable [default: 10 for every
    /// attribute of the catalogue].
    #[arg(long = "attribute-minimum", value_parser = super::generate::parse_attribute)]
    attribute_minimums: Vec<(String, usize)>,
}

/// Loads the catalogue and serves until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<()> {
    if args.budget.is_zero() || args.budget > args.max_budget {
        return Err(usage(format!(
            "--budget must be above zero and at most --max-budget ({:?})",
            args.max_budget
        )));
    }
    if args.read_timeout.is_zero() {
        return Err(usage("--read-timeout must be above zero"));
    }
    if args.workers == Some(0) {
        return Err(usage("--workers must be at least 1"));
    }
    let instance = load(&args.catalog, args.format, &args.csv)?;
    let catalog = Arc::new(Catalog::new(instance));
    let mut config = ServiceConfig::for_catalog(&catalog);
    config.default_budget = args.budget;
    config.max_budget = args.max_budget;
    config.read_timeout = args.read_timeout;
    if let Some(w) = args.workers {
        config.workers = w;
    }
    for (name, minimum) in args.attribute_minimums {
        config.attribute_minimums.insert(name, minimum);
    }
    // A minimum no deck of this catalogue can meet would make every such request a 422.
    config.validate(&catalog).map_err(|e| match e {
        ConfigError::Attribute { .. } => usage(format!("--attribute-minimum: {e}")),
        e => crate::usage::bad_input(e),
    })?;
    tracing::info!(
        pieces = catalog.instance.pieces.len(),
        pairs = catalog.pairs,
        "catalogue loaded"
    );
    yomi_deck_service::serve_blocking(args.addr, catalog, config, |bound| {
        println!("listening on http://{bound}");
    })
    .with_context(|| format!("serving on {}", args.addr))
}
