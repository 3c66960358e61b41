//! The HTTP surface: `GET /health` and `POST /recommend`. Contract: every answer is JSON;
//! bad requests get 400 (413 when too large) with `{"error", "field"}`, requests no deck can
//! satisfy get 422 with `{"error", "reasons"}`; solving runs on blocking threads, at most
//! `workers` at once, so slow solves never stall the listener.

use crate::config::{Catalog, ServiceConfig};
use crate::recommend::{RecommendError, RecommendRequest, plan};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Semaphore;

/// Shared state of the handlers.
struct Shared {
    catalog: Arc<Catalog>,
    config: ServiceConfig,
    solving: Semaphore,
}

/// The service's routes over `catalog`.
pub fn router(catalog: Arc<Catalog>, config: ServiceConfig) -> Router {
    let limit = config.max_body_bytes;
    let shared = Arc::new(Shared {
        solving: Semaphore::new(config.workers.max(1)),
        catalog,
        config,
    });
    Router::new()
        .route("/health", get(health))
        .route("/recommend", post(recommend))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(shared)
}

fn error(status: StatusCode, value: serde_json::Value) -> Response {
    (status, Json(value)).into_response()
}

async fn not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        json!({"error": "no such endpoint (try GET /health or POST /recommend)"}),
    )
}

async fn health(State(shared): State<Arc<Shared>>) -> Response {
    let inst = &shared.catalog.instance;
    Json(json!({
        "status": "ok",
        "pieces": inst.pieces.len(),
        "pairs": shared.catalog.pairs,
        "leaders": inst.pieces.iter().filter(|p| p.leader_eligible).count(),
        "attributes": shared.config.attribute_minimums,
        "default_time_ms": shared.config.default_budget.as_millis() as u64,
        "max_time_ms": shared.config.max_budget.as_millis() as u64,
        "default_k": shared.config.default_k,
    }))
    .into_response()
}

async fn recommend(
    State(shared): State<Arc<Shared>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let received = Instant::now();
    let response = answer(&shared, body, received).await;
    tracing::info!(
        status = response.status().as_u16(),
        ms = format!("{:.1}", received.elapsed().as_secs_f64() * 1e3),
        "POST /recommend"
    );
    response
}

async fn answer(
    shared: &Arc<Shared>,
    body: Result<Bytes, BytesRejection>,
    received: Instant,
) -> Response {
    let bytes = match body {
        Ok(b) => b,
        Err(e) => return error(e.status(), json!({"error": e.body_text()})),
    };
    let request: RecommendRequest = match serde_json::from_slice(&bytes) {
        Ok(r) => r,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                json!({"error": format!("invalid JSON body: {e}")}),
            );
        }
    };
    let plan = match plan(&shared.catalog, &shared.config, &request, received) {
        Ok(p) => p,
        Err(e) => return refusal(e),
    };
    let Ok(permit) = shared.solving.acquire().await else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            json!({"error": "the service is shutting down"}),
        );
    };
    let solved = tokio::task::spawn_blocking(move || plan.solve()).await;
    drop(permit);
    match solved {
        Ok(Ok(rec)) => Json(rec).into_response(),
        Ok(Err(e)) => refusal(e),
        Err(e) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            json!({"error": format!("the solver failed: {e}")}),
        ),
    }
}

fn refusal(e: RecommendError) -> Response {
    match e {
        RecommendError::Invalid(r) => error(
            StatusCode::BAD_REQUEST,
            json!({"error": r.to_string(), "field": r.field}),
        ),
        RecommendError::Infeasible(reasons) => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({
                "error": "no deck satisfies the request",
                "feasible": false,
                "reasons": reasons,
            }),
        ),
    }
}
