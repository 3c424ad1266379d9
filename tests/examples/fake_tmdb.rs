//! A fake TMDB v3 API on loopback serving the recorded answers in `tests/fixtures/tmdb/`
//! (the same fake the black-box tests use), for `scripts/bench-movies`.
//!
//! Usage: `fake_tmdb [address]` (default `127.0.0.1:0`). Prints its base URL for
//! `TMDB_API_BASE` (`http://127.0.0.1:<port>/3`) on the first line and serves until it is
//! killed. `GET http://127.0.0.1:<port>/__hits` answers how many TMDB requests reached it.

#[path = "../tests/fake_tmdb/mod.rs"]
mod fake_tmdb;

#[tokio::main]
async fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".to_owned());
    let fake = fake_tmdb::FakeTmdb::start_on(&addr).await;
    println!("{}", fake.base_url);
    std::future::pending::<()>().await;
}
