//! The service over real HTTP on loopback: health, valid recommendations checked by the
//! independent checker, every refusal with its status and field, infeasible requests with
//! reasons, concurrency, and the time budget.

mod common;

use common::{catalog, http, start};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use yomi_deck::model::{AttributeRequirement, Deck, LeaderRule, Request, check};
use yomi_deck_service::{Catalog, ServiceConfig};

/// Checks an answered deck against the request with the independent checker.
fn verify(catalog: &Catalog, owned: &[&str], request: Request, answer: &Value) -> f64 {
    let keep: Vec<usize> = owned
        .iter()
        .map(|id| catalog.index.get(id).unwrap())
        .collect();
    let sub = catalog.instance.subset(&keep, request);
    let pos = |id: &str| sub.pieces.iter().position(|p| p.id == id).unwrap();
    let selected: Vec<usize> = answer["selected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| pos(v.as_str().unwrap()))
        .collect();
    let leader = answer["leader"].as_str().map(pos);
    let objective = check(&sub, &Deck { selected, leader }).expect("the deck passes the checker");
    assert!((objective - answer["objective"].as_f64().unwrap()).abs() < 1e-6);
    objective
}

fn owned_ids(catalog: &Catalog, step: usize) -> Vec<&str> {
    catalog
        .instance
        .pieces
        .iter()
        .step_by(step)
        .map(|p| p.id.as_str())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_unknown_routes() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    let (status, v) = http(addr, "GET", "/health", "").await;
    assert_eq!(status, 200);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["pieces"], 600);
    assert_eq!(v["attributes"]["god"], 10);
    let (status, v) = http(addr, "GET", "/nowhere", "").await;
    assert_eq!(status, 404);
    assert!(v["error"].as_str().unwrap().contains("/recommend"));
    let (status, _) = http(addr, "GET", "/recommend", "").await;
    assert_eq!(status, 405);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recommendation_meets_every_constraint() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    let owned = owned_ids(&cat, 2);
    let gods: Vec<&str> = owned
        .iter()
        .copied()
        .filter(|id| cat.instance.pieces[cat.index.get(id).unwrap()].attribute == "god")
        .take(2)
        .collect();
    let body = json!({
        "owned": owned, "must_include": gods, "attribute": "god",
        "cost_cap": 250, "time_ms": 150, "seed": 3,
    });
    let (status, v) = http(addr, "POST", "/recommend", &body.to_string()).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["feasible"], true);
    assert_eq!(v["selected"].as_array().unwrap().len(), 16);
    assert!(v["total_cost"].as_i64().unwrap() <= 250);
    assert_eq!(v["deck"][0]["leader"], true, "leader first");
    let must: Vec<usize> = (0..2).collect();
    let request = Request {
        k: Some(16),
        cost_cap: Some(250),
        attributes: vec![AttributeRequirement {
            name: "god".into(),
            minimum: 10,
        }],
        must_include: must
            .iter()
            .map(|&m| owned.iter().position(|o| *o == gods[m]).unwrap())
            .collect(),
        leader: LeaderRule::Chosen,
        group_limit: 1,
    };
    assert!(verify(&cat, &owned, request, &v) > 0.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_400_naming_the_field() {
    let cat = catalog();
    let mut config = ServiceConfig::for_catalog(&cat);
    config.max_body_bytes = 64 * 1024;
    let addr = start(cat.clone(), config).await;
    let first = cat.instance.pieces[0].id.clone();
    let second = cat.instance.pieces[1].id.clone();
    let not_leader = cat
        .instance
        .pieces
        .iter()
        .find(|p| !p.leader_eligible)
        .unwrap()
        .id
        .clone();
    let cases: Vec<(String, Option<&str>)> = vec![
        ("{\"k\": 16,".into(), None),
        ("[1, 2]".into(), None),
        (json!({"k": "sixteen"}).to_string(), None),
        (json!({"colour": "red"}).to_string(), None),
        (
            json!({"owned": ["no-such-piece"]}).to_string(),
            Some("owned[0]"),
        ),
        (
            json!({"owned": [first, second, first]}).to_string(),
            Some("owned[2]"),
        ),
        (
            json!({"owned": [first], "must_include": [second]}).to_string(),
            Some("must_include[0]"),
        ),
        (
            json!({"must_include": [first, first]}).to_string(),
            Some("must_include[1]"),
        ),
        (
            json!({"must_include": ["ghost"]}).to_string(),
            Some("must_include[0]"),
        ),
        (json!({"k": 0}).to_string(), Some("k")),
        (json!({"k": 1000}).to_string(), Some("k")),
        (
            json!({"k": 4, "must_include": [first, second, "2", "3", "4"]}).to_string(),
            Some("must_include"),
        ),
        (json!({"cost_cap": -5}).to_string(), Some("cost_cap")),
        (json!({"time_ms": 0}).to_string(), Some("time_ms")),
        (json!({"time_ms": 999_999}).to_string(), Some("time_ms")),
        (json!({"attribute": "angel"}).to_string(), Some("attribute")),
        (json!({"leader": not_leader}).to_string(), Some("leader")),
    ];
    for (body, field) in cases {
        let (status, v) = http(addr, "POST", "/recommend", &body).await;
        assert_eq!(status, 400, "{body} -> {v}");
        assert!(!v["error"].as_str().unwrap().is_empty());
        if let Some(field) = field {
            assert_eq!(v["field"], field, "{body} -> {v}");
        }
    }
    let huge = json!({"owned": vec!["x".repeat(100); 1000]}).to_string();
    let (status, v) = http(addr, "POST", "/recommend", &huge).await;
    assert_eq!(status, 413, "{v}");
    assert!(v["error"].is_string());
    // The service still answers after all that.
    assert_eq!(http(addr, "GET", "/health", "").await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn infeasible_requests_get_422_with_reasons() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    let pieces = &cat.instance.pieces;
    let mut by_cost: Vec<&str> = pieces.iter().map(|p| p.id.as_str()).collect();
    by_cost.sort_by_key(|id| std::cmp::Reverse(pieces[cat.index.get(id).unwrap()].cost));
    let twins: Vec<&str> = {
        let g = pieces.iter().find_map(|p| p.group.clone()).unwrap();
        pieces
            .iter()
            .filter(|p| p.group.as_ref() == Some(&g))
            .map(|p| p.id.as_str())
            .take(2)
            .collect()
    };
    let demons: Vec<&str> = pieces
        .iter()
        .filter(|p| p.attribute == "demon")
        .map(|p| p.id.as_str())
        .take(5)
        .collect();
    let others: Vec<&str> = pieces
        .iter()
        .filter(|p| p.attribute != "demon")
        .map(|p| p.id.as_str())
        .take(40)
        .collect();
    let mixed_owned = [demons, others].concat();
    let cases = [
        (
            json!({"must_include": &by_cost[..3], "cost_cap": 40}),
            "cost cap",
        ),
        (json!({"must_include": twins}), "same piece"),
        (json!({"owned": mixed_owned, "attribute": "demon"}), "demon"),
        (json!({"owned": &by_cost[..10]}), "a deck needs 16 pieces"),
    ];
    for (body, needle) in cases {
        let (status, v) = http(addr, "POST", "/recommend", &body.to_string()).await;
        assert_eq!(status, 422, "{body} -> {v}");
        assert_eq!(v["feasible"], false);
        let reasons = v["reasons"].to_string();
        assert!(reasons.contains(needle), "{needle:?} not in {reasons}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_requests_are_all_answered_within_the_budget() {
    let cat = catalog();
    let mut config = ServiceConfig::for_catalog(&cat);
    config.workers = 2;
    let addr = start(cat.clone(), config).await;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..16u64 {
        let cat = cat.clone();
        tasks.push(tokio::spawn(async move {
            let owned: Vec<&str> = owned_ids(&cat, 1 + (i as usize % 3));
            let body =
                json!({"owned": owned, "cost_cap": 220 + i as i64, "time_ms": 100, "seed": i});
            let sent = Instant::now();
            let (status, v) = http(addr, "POST", "/recommend", &body.to_string()).await;
            assert_eq!(status, 200, "{v}");
            let request = Request {
                k: Some(16),
                cost_cap: Some(220 + i as i64),
                leader: LeaderRule::Chosen,
                group_limit: 1,
                ..Request::default()
            };
            verify(&cat, &owned, request, &v);
            (sent.elapsed(), v["time_ms"].as_f64().unwrap())
        }));
    }
    for t in tasks {
        let (latency, reported) = t.await.unwrap();
        // Queued requests search for less time, so each answer stays near its budget; the
        // bound is loose because CI machines are slow and shared.
        assert!(latency < Duration::from_secs(5), "{latency:?}");
        assert!(reported < 5000.0);
    }
    assert!(started.elapsed() < Duration::from_secs(10));
}
