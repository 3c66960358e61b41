//! What the HTTP tests share: a generated catalogue, the service on a loopback port (through
//! the library's own connection loop, read timeout included), and a minimal HTTP/1.1 client.

#![allow(dead_code)]

use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck_service::{Catalog, ServiceConfig, serve};

/// 600 generated pieces (seed 4).
pub fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::new(generate(&GenerateOptions {
        pieces: 600,
        seed: 4,
        ..Default::default()
    })))
}

/// Serves `catalog` on a free loopback port until the test ends.
pub async fn start(catalog: Arc<Catalog>, config: ServiceConfig) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(listener, catalog, config, std::future::pending()));
    addr
}

/// Sends `raw` as it is and reads until the server closes: the status (0 when the server
/// closed without answering), the headers, and the body.
pub async fn exchange(addr: SocketAddr, raw: &[u8]) -> (u16, String, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(raw).await.unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    let text = String::from_utf8(bytes).unwrap();
    if text.is_empty() {
        return (0, String::new(), String::new());
    }
    let (head, payload) = text.split_once("\r\n\r\n").expect("headers end");
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let payload = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(payload)
    } else {
        payload.to_string()
    };
    (status, head.to_string(), payload)
}

/// One request per connection: the status and the JSON body of the answer (`Null` when
/// empty; a body that is not JSON fails the test).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (status, _, payload) = exchange(addr, request.as_bytes()).await;
    let value = if payload.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&payload).unwrap_or_else(|e| panic!("not JSON ({e}): {payload}"))
    };
    (status, value)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}
