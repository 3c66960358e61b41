//! The HTTP surface: `GET /health` and `POST /recommend`. Contract: every answer is JSON,
//! errors included: bad requests get 400 (413 when too large) with `{"error", "field"}`, a
//! body that does not arrive within the read timeout 408, an unknown path 404 and a known one
//! with the wrong method 405 (with `Allow`), each with `{"error"}`; requests no deck can
//! satisfy get 422 with `{"error", "reasons"}`; solving runs on blocking threads, at most
//! `workers` at once, so slow solves never stall the listener.

use crate::config::{Catalog, ServiceConfig};
use crate::recommend::{RecommendError, RecommendRequest, plan};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Semaphore;
use yomi_core::text::excerpt;

/// Shared state of the handlers.
struct Shared {
    catalog: Arc<Catalog>,
    config: ServiceConfig,
    solving: Semaphore,
}

/// The endpoints and the one method each answers.
const ENDPOINTS: [(&str, Method); 2] = [("/health", Method::GET), ("/recommend", Method::POST)];

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
        .method_not_allowed_fallback(method_not_allowed)
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

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    let allowed = ENDPOINTS
        .iter()
        .find(|(p, _)| *p == path)
        .map_or(Method::GET, |(_, m)| m.clone());
    let message = format!(
        "{} {}: this endpoint answers {allowed} only ({allowed} {path})",
        excerpt(method.as_str()),
        excerpt(path)
    );
    let mut response = error(StatusCode::METHOD_NOT_ALLOWED, json!({"error": message}));
    if let Ok(value) = allowed.as_str().parse() {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
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

async fn recommend(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let received = Instant::now();
    let response = answer(&shared, request, received).await;
    tracing::info!(
        status = response.status().as_u16(),
        ms = format!("{:.1}", received.elapsed().as_secs_f64() * 1e3),
        "POST /recommend"
    );
    response
}

async fn answer(shared: &Arc<Shared>, request: Request, received: Instant) -> Response {
    // The body limit is the `DefaultBodyLimit` layer's; the time limit is this one.
    let timeout = shared.config.read_timeout;
    let bytes = match tokio::time::timeout(timeout, Bytes::from_request(request, &())).await {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => return error(e.status(), json!({"error": e.body_text()})),
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                json!({"error": format!(
                    "the request body did not arrive within {} ms",
                    timeout.as_millis()
                )}),
            );
        }
    };
    let request = match RecommendRequest::from_json(&bytes) {
        Ok(r) => r,
        Err(e) => return refusal(e),
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
        RecommendError::Body(message) => error(StatusCode::BAD_REQUEST, json!({"error": message})),
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
