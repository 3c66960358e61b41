//! The connection loop: HTTP/1.1 connections accepted from a listener and served by the
//! [`router`](crate::router), until a shutdown signal.
//!
//! Contract: a client must send a request's head within the service's `read_timeout`
//! (hyper's header read timeout, counted from the first read of each request, so an idle
//! keep-alive connection is closed too) or its connection is closed; the body then has the
//! same time again (the route answers 408, see [`crate::routes`]). So a client that sends half
//! a request and waits holds a connection for at most that long. On shutdown the listener
//! stops accepting, idle connections close, and requests in flight are answered first.
//! axum's own `serve` is not used because it sets no timer, hence no header read timeout.

use crate::config::{Catalog, ServiceConfig};
use crate::routes::router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// Pause after a failed accept (out of file descriptors, say) before the next one, so the
/// loop does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `catalog` with `config` on `listener` until `shutdown` completes (see the module
/// contract). The settings are used as given: [`ServiceConfig::validate`] them first.
pub async fn serve(
    listener: TcpListener,
    catalog: Arc<Catalog>,
    config: ServiceConfig,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let read_timeout = config.read_timeout;
    let app = router(catalog, config);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    tracing::warn!("accepting a connection: {e}");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(read_timeout)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!("connection closed: {e}");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}
