//! Memory under a burst of logins (issue 12 §2): argon2 needs 7 MiB per hash, so the
//! server bounds the hashes running at once and hands the memory back after the burst.
//! Before, 1,000 logins took it to ~700 MB for good. Reads the server's RSS from
//! `/proc` (Linux); `scripts/bench-login-memory` measures a release build.

mod support;

use std::sync::Arc;

use serde_json::json;
use support::{Backend, TestServer, PASSWORD};

const LOGINS: usize = 200;
const CLIENTS: usize = 32;

/// The server's resident memory in MiB.
fn rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_logins_stays_bounded_and_gives_its_memory_back() {
    let server = TestServer::start(Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    let Some(pid) = server.pid() else {
        return;
    };
    let Some(idle) = rss_mib(pid) else {
        return; // no /proc here
    };
    server.register("muistaja", PASSWORD).await;
    let server = Arc::new(server);
    let sampling = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let sampling = sampling.clone();
        tokio::spawn(async move {
            let mut peak = 0.0_f64;
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(rss_mib(pid).unwrap_or(0.0));
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            peak
        })
    };
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let (server, next) = (server.clone(), next.clone());
        clients.push(tokio::spawn(async move {
            while next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < LOGINS {
                let (status, body) = server
                    .post(
                        "/api/users/login",
                        None,
                        json!({"email": "muistaja@example.fi", "password": PASSWORD}),
                    )
                    .await;
                assert_eq!(status, 200, "{body}");
            }
        }));
    }
    for client in clients {
        client.await.expect("client");
    }
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.await.expect("sampler");
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let after = rss_mib(pid).unwrap_or(f64::MAX);
    assert!(peak < 150.0, "peak RSS {peak:.0} MiB (idle {idle:.0} MiB)");
    assert!(
        after < idle + 25.0,
        "RSS {after:.0} MiB after the burst, {idle:.0} MiB before it"
    );
}
