//! Issue 44's refusals over real HTTP: a body that is not a JSON object, a wrong method,
//! owned pieces that share a group, user text quoted at length, half-sent requests, and
//! startup minimums no catalogue piece can meet.

mod common;

use common::{catalog, exchange, http, start};
use serde_json::json;
use std::time::{Duration, Instant};
use yomi_deck_service::{ConfigError, ServiceConfig};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_is_not_an_object_gets_400() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    // `[null,[],null,null,5]` lines up with the fields (owned, must_include, attribute,
    // cost_cap, k) and was answered 200.
    for body in [
        "[null,[],null,null,5]",
        "[]",
        "5",
        "\"owned\"",
        "null",
        "true",
    ] {
        let (status, v) = http(addr, "POST", "/recommend", body).await;
        assert_eq!(status, 400, "{body} -> {v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.contains("must be a JSON object"), "{body} -> {error}");
    }
    // An object is still read, `null` fields as absent.
    let (status, v) = http(addr, "POST", "/recommend", r#"{"k": null, "time_ms": 50}"#).await;
    assert_eq!(status, 200, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_method_gets_a_json_405_with_allow() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    let raw = format!("GET /recommend HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let (status, head, body) = exchange(addr, raw.as_bytes()).await;
    assert_eq!(status, 405);
    assert!(head.to_ascii_lowercase().contains("allow: post"), "{head}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("a JSON body");
    assert_eq!(
        v["error"],
        "GET /recommend: this endpoint answers POST only (POST /recommend)"
    );
    let (status, v) = http(addr, "POST", "/health", "{}").await;
    assert_eq!(status, 405);
    assert!(v["error"].as_str().unwrap().contains("answers GET only"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owned_pieces_of_one_group_are_counted_as_one() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    let pieces = &cat.instance.pieces;
    let group = pieces.iter().find_map(|p| p.group.clone()).unwrap();
    let mut owned: Vec<&str> = pieces
        .iter()
        .filter(|p| p.group.as_ref() == Some(&group))
        .map(|p| p.id.as_str())
        .take(2)
        .collect();
    owned.push(
        pieces
            .iter()
            .find(|p| p.group.is_none())
            .unwrap()
            .id
            .as_str(),
    );
    let body = json!({"owned": owned, "k": 3});
    let (status, v) = http(addr, "POST", "/recommend", &body.to_string()).await;
    assert_eq!(status, 422, "{v}");
    let reasons = v["reasons"].to_string();
    assert!(
        reasons.contains("a deck needs 3 pieces but holds at most 2 of the 3 owned"),
        "{reasons}"
    );
    assert!(!reasons.contains("only 2 are owned"), "{reasons}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_user_text_is_quoted_cut() {
    let cat = catalog();
    let addr = start(cat.clone(), ServiceConfig::for_catalog(&cat)).await;
    let long = "x".repeat(100_000);
    let bodies = [
        (json!({"owned": [long]}), "owned[0]"),
        (json!({"must_include": [long]}), "must_include[0]"),
        (json!({"leader": long}), "leader"),
        (json!({"attribute": long}), "attribute"),
        (json!({ long.clone(): 1 }), ""),
    ];
    for (body, field) in bodies {
        let (status, v) = http(addr, "POST", "/recommend", &body.to_string()).await;
        assert_eq!(status, 400, "{v}");
        let error = v["error"].as_str().unwrap();
        assert!(
            error.len() < 300,
            "{} bytes: {}",
            error.len(),
            &error[..300]
        );
        assert!(error.contains("(100000 characters)"), "{error}");
        if !field.is_empty() {
            assert_eq!(v["field"], field);
        } else {
            assert!(v["field"].as_str().unwrap().len() < 100);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_not_held_open() {
    let cat = catalog();
    let mut config = ServiceConfig::for_catalog(&cat);
    config.read_timeout = Duration::from_millis(300);
    let addr = start(cat.clone(), config).await;
    // Half a head: the connection is closed without an answer.
    let started = Instant::now();
    let (status, _, _) = exchange(addr, b"POST /recommend HTTP/1.1\r\nHost: x\r\n").await;
    assert_eq!(status, 0);
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(5), "held {waited:?}");
    // A whole head and half the body: 408 with a JSON error.
    let started = Instant::now();
    let raw = "POST /recommend HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
               Content-Length: 100\r\n\r\n{\"k\": 16";
    let (status, _, body) = exchange(addr, raw.as_bytes()).await;
    assert_eq!(status, 408, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("a JSON body");
    assert_eq!(v["error"], "the request body did not arrive within 300 ms");
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(5), "held {waited:?}");
    // The service still answers.
    assert_eq!(http(addr, "GET", "/health", "").await.0, 200);
}

#[test]
fn startup_minimums_no_deck_can_meet_are_refused() {
    let cat = catalog();
    let config = ServiceConfig::for_catalog(&cat);
    assert_eq!(config.validate(&cat), Ok(()));
    let mut elf = config.clone();
    elf.attribute_minimums.insert("elf".into(), 5);
    let e = elf.validate(&cat).unwrap_err();
    assert_eq!(
        e.to_string(),
        "attribute minimum elf:5: the catalogue has no piece of that attribute, so every elf \
         deck request would be refused"
    );
    // A minimum of zero asks for nothing, so it is fine even for an unknown attribute.
    elf.attribute_minimums.insert("elf".into(), 0);
    assert_eq!(elf.validate(&cat), Ok(()));
    let gods = cat.attribute_capacity("god");
    let mut god = config.clone();
    god.attribute_minimums
        .insert("god".into(), config.max_k + 1);
    assert!(matches!(
        god.validate(&cat),
        Err(ConfigError::Attribute { .. })
    ));
    god.max_k = 1000;
    god.attribute_minimums.insert("god".into(), gods + 1);
    let e = god.validate(&cat).unwrap_err().to_string();
    assert!(e.contains(&format!("at most {gods} god pieces")), "{e}");
    let mut budget = config.clone();
    budget.default_budget = budget.max_budget * 2;
    assert!(matches!(
        budget.validate(&cat),
        Err(ConfigError::Budget { .. })
    ));
}
