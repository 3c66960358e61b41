//! yomi-deck-service: the "recommended deck" button as an HTTP JSON service. A catalogue of
//! pieces and pair scores is loaded once; each `POST /recommend` names the pieces a player
//! owns, must-include pieces, an attribute deck and a cost cap, and gets the best deck the
//! VDS local search finds within the request's time budget (300 ms by default).
//! Contract: no request can crash the service or make it answer anything but JSON; the CPU
//! work runs on blocking threads, bounded by `ServiceConfig::workers`.

pub mod config;
pub mod recommend;
pub mod routes;

pub use config::{Catalog, ServiceConfig};
pub use recommend::{RecommendRequest, Recommendation};
pub use routes::router;

use std::net::SocketAddr;
use std::sync::Arc;

/// Serves `catalog` on `addr` until Ctrl-C, on a multi-threaded runtime of its own; calls
/// `ready` with the bound address (useful with port 0) once the listener is up.
pub fn serve_blocking(
    addr: SocketAddr,
    catalog: Arc<Catalog>,
    config: ServiceConfig,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(catalog, config))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
                tracing::info!("shutting down");
            })
            .await
    })
}
