//! The favorites benchmark's two halves (driven by `scripts/bench-favorites`):
//!
//! - `seed <server-url> <database-url>`: registers a user through the API, then
//!   bulk-inserts straight into the server's database 2,000 favorites (type 2, movies
//!   1..=2000) and 1,000 watchlist entries (type 1, the even movies 2..=2000) for that
//!   user, plus 50 other users with 200 favorites each so the table is not one user's.
//!   Prints the user's token.
//! - `load <url> <token> <requests> <concurrency> <max-seconds> <ids>`: GETs `url` with
//!   the token until `requests` answers or `max-seconds` have passed, from `concurrency`
//!   loopback connections, checks that every answer holds `ids` statuses, and prints
//!   requests/s and latency percentiles. Any non-200 answer fails the run.

use std::time::{Duration, Instant};

use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;

#[path = "support/load.rs"]
mod loadgen;

const FAVORITES: i64 = 2_000;
const OTHER_USERS: i64 = 50;
const OTHER_FAVORITES: i64 = 200;
const BATCH: i64 = 500;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("seed") if args.len() == 3 => seed(&args[1], &args[2]).await,
        Some("load") if args.len() == 7 => {
            load(
                &args[1],
                &args[2],
                args[3].parse()?,
                args[4].parse()?,
                Duration::from_secs(args[5].parse()?),
                args[6].parse()?,
            )
            .await
        }
        _ => Err("usage: bench_favorites seed <server-url> <database-url> | \
                  load <url> <token> <requests> <concurrency> <max-seconds> <ids>"
            .into()),
    }
}

async fn register(client: &reqwest::Client, server: &str, name: &str) -> Result<(String, i64)> {
    let body = serde_json::json!({
        "username": name,
        "email": format!("{name}@example.fi"),
        "password": "benchmark-password",
    });
    let answer: serde_json::Value = client
        .post(format!("{server}/api/users/register"))
        .json(&body)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let token = answer["token"].as_str().ok_or("no token")?.to_owned();
    let id = answer["user"]["id"].as_i64().ok_or("no user id")?;
    Ok((token, id))
}

/// Inserts `(user, movie, type)` rows in multi-row statements of [`BATCH`].
async fn insert(pool: &AnyPool, rows: &[(i64, i64, i64)]) -> Result<()> {
    let mut tx = pool.begin().await?;
    for chunk in rows.chunks(BATCH as usize) {
        let values: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(i, (user, movie, kind))| {
                // Creation times spread over the last days, newest for the highest movie.
                format!(
                    "({user}, {movie}, {kind}, 'Movie {movie}', 2000, NULL, {})",
                    1_760_000_000_000_i64 + movie * 1_000 + i as i64
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO favorites (user_id, movie_id, type, original_title, release_year, \
             poster_path, created_at) VALUES {}",
            values.join(", ")
        );
        sqlx::query(&sql).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn seed(server: &str, database_url: &str) -> Result<()> {
    sqlx::any::install_default_drivers();
    let client = reqwest::Client::new();
    let (token, user) = register(&client, server, "benchuser").await?;
    let mut others = Vec::new();
    for i in 0..OTHER_USERS {
        others.push(register(&client, server, &format!("other{i}")).await?.1);
    }
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(database_url)
        .await?;
    let mut rows: Vec<(i64, i64, i64)> = (1..=FAVORITES).map(|m| (user, m, 2)).collect();
    rows.extend((1..=FAVORITES).filter(|m| m % 2 == 0).map(|m| (user, m, 1)));
    for (n, other) in others.iter().enumerate() {
        let n = n as i64;
        rows.extend((1..=OTHER_FAVORITES).map(|m| (*other, m * 7 + n, 2)));
    }
    let started = Instant::now();
    insert(&pool, &rows).await?;
    let mine: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM favorites WHERE user_id = $1")
            .bind(user)
            .fetch_one(&pool)
            .await?;
    eprintln!(
        "seeded {} rows in {:.1} s; user {user} has {mine} entries",
        rows.len(),
        started.elapsed().as_secs_f64()
    );
    pool.close().await;
    println!("{token}");
    Ok(())
}

async fn load(
    url: &str,
    token: &str,
    requests: usize,
    concurrency: usize,
    limit: Duration,
    ids: usize,
) -> Result<()> {
    let client = loadgen::client(concurrency)?;
    // Warm up connections and check the answer once.
    for _ in 0..concurrency.max(20) {
        let answer: serde_json::Value = client
            .get(url)
            .bearer_auth(token)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let data = answer["data"].as_array().ok_or("no data")?;
        if data.len() != ids || !data.iter().any(|s| s["is_favorite"] == true) {
            return Err(format!("unexpected answer: {answer}").into());
        }
    }
    loadgen::measure(&client, url, Some(token), requests, concurrency, limit)
        .await?
        .print(false);
    Ok(())
}
