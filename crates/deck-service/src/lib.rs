//! yomi-deck-service: the "recommended deck" button as an HTTP JSON service. A catalogue of
//! pieces and pair scores is loaded once; each `POST /recommend` names the pieces a player
//! owns, must-include pieces, an attribute deck and a cost cap, and gets the best deck the
//! VDS local search finds within the request's time budget (300 ms by default).
//! Contract: no request can crash the service or make it answer anything but JSON; the CPU
//! work runs on blocking threads, bounded by `ServiceConfig::workers`.
//!
//! One recommendation without a socket: the catalogue, a `POST /recommend` body, the
//! validated [`recommend::Plan`] and its answer. [`router`] serves the same over HTTP, and
//! [`serve_blocking`] binds it to an address.
//!
//! ```
//! use std::sync::Arc;
//! use std::time::Instant;
//! use yomi_deck::formats::parse_json;
//! use yomi_deck_service::recommend::{RecommendError, plan};
//! use yomi_deck_service::{Catalog, RecommendRequest, ServiceConfig, router};
//!
//! let catalog = Arc::new(Catalog::new(parse_json(r#"{
//!   "pieces": [{"id": "a", "cost": 5, "attribute": "god"}, {"id": "b", "cost": 5},
//!              {"id": "c", "cost": 6, "attribute": "god"}, {"id": "d", "cost": 4}],
//!   "pairs": [{"a": "a", "b": "b", "score": 3}, {"a": "c", "b": "d", "score": 5},
//!             {"a": "a", "b": "c", "score": 6}],
//!   "request": {}
//! }"#)?)); // the catalogue's own request is not used: each body brings one
//! let config = ServiceConfig::for_catalog(&catalog); // "attribute": "god" may be asked
//! let _app = router(Arc::clone(&catalog), config.clone()); // what `axum::serve` takes
//!
//! // A player who does not own d: a+c is over the cap, so a+b is the best deck left.
//! let body: RecommendRequest = serde_json::from_str(
//!     r#"{"owned": ["a", "b", "c"], "k": 2, "cost_cap": 10, "time_ms": 20}"#)?;
//! let answer = plan(&catalog, &config, &body, Instant::now())?.solve()?;
//! assert_eq!(answer.selected, ["a", "b"]);
//! assert_eq!((answer.objective, answer.total_cost), (3.0, 10));
//!
//! // A bad value is refused before any solving, with the field at fault.
//! let body: RecommendRequest = serde_json::from_str(r#"{"owned": ["a", "zz"], "k": 2}"#)?;
//! match plan(&catalog, &config, &body, Instant::now()) {
//!     Err(RecommendError::Invalid(e)) => assert_eq!(e.field, "owned[1]"),
//!     other => panic!("expected a bad field, got {other:?}"),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod config;
pub mod recommend;
pub mod routes;
mod serve;

pub use config::{Catalog, ConfigError, ServiceConfig};
pub use recommend::{RecommendRequest, Recommendation};
pub use routes::router;
pub use serve::serve;

use std::net::SocketAddr;
use std::sync::Arc;

/// Serves `catalog` on `addr` until Ctrl-C, on a multi-threaded runtime of its own; calls
/// `ready` with the bound address (useful with port 0) once the listener is up. The settings
/// are checked first ([`ServiceConfig::validate`]); a bad one is returned as an
/// [`std::io::ErrorKind::InvalidInput`] error carrying the [`ConfigError`].
pub fn serve_blocking(
    addr: SocketAddr,
    catalog: Arc<Catalog>,
    config: ServiceConfig,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    config
        .validate(&catalog)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, catalog, config, async {
            let _ = tokio::signal::ctrl_c().await;
            tracing::info!("shutting down");
        })
        .await
    })
}
