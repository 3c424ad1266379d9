//! The review benchmark's two halves (driven by `scripts/bench-reviews`):
//!
//! - `seed <database-url>`: bulk-inserts a data set straight into a freshly migrated
//!   database (SQLite file or Postgres): 10,000 users, 5,000 reviews of movie 603 plus
//!   15,000 of other movies, and 100,000 reactions on the movie-603 reviews (one review
//!   carries 5,019 of them), then sets every counter from the rows.
//! - `load <url> <requests> <concurrency> <max-seconds>`: GETs `url` until `requests`
//!   answers or `max-seconds` have passed, from `concurrency` loopback connections, and
//!   prints requests/s and latency percentiles. Any non-200 answer fails the run.

use std::time::{Duration, Instant};

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};

#[path = "support/load.rs"]
mod loadgen;

const USERS: i64 = 10_000;
const MOVIE: i64 = 603;
const MOVIE_REVIEWS: i64 = 5_000;
const OTHER_REVIEWS: i64 = 15_000;
const OTHER_MOVIES: [i64; 5] = [550, 680, 155, 13, 278];
const REACTIONS_PER_REVIEW: i64 = 19;
/// The hot review (the newest of movie 603) gets this many reactions, so that the total
/// is exactly 100,000: 4,999 × 19 + 5,019.
const HOT_REACTIONS: i64 = 5_019;
const BATCH: usize = 500;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("seed") if args.len() == 2 => seed(&args[1]).await,
        Some("load") if args.len() == 5 => {
            load(
                &args[1],
                args[2].parse()?,
                args[3].parse()?,
                Duration::from_secs(args[4].parse()?),
            )
            .await
        }
        _ => Err("usage: bench_reviews seed <database-url> | \
                  load <url> <requests> <concurrency> <max-seconds>"
            .into()),
    }
}

async fn insert_rows(pool: &AnyPool, head: &str, rows: impl Iterator<Item = String>) -> Result<()> {
    let rows: Vec<String> = rows.collect();
    for chunk in rows.chunks(BATCH) {
        let sql = format!("{head} VALUES {}", chunk.join(", "));
        pool.execute(sql.as_str()).await?;
    }
    Ok(())
}

async fn seed(url: &str) -> Result<()> {
    sqlx::any::install_default_drivers();
    let started = Instant::now();
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await?;
    let sqlite = url.starts_with("sqlite:");
    if sqlite {
        pool.execute("PRAGMA foreign_keys = ON").await?;
    }
    let existing: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM users")
        .fetch_one(&pool)
        .await?;
    if existing > 0 {
        return Err("the database already has users; seed a fresh one".into());
    }
    // Thirty days ago, in milliseconds.
    let base: i64 = 1_760_000_000_000;

    let mut tx_begin = "BEGIN";
    if sqlite {
        tx_begin = "BEGIN IMMEDIATE";
    }
    pool.execute(tx_begin).await?;

    // The server may already remember these movies (from its catalog); ours replace them.
    let ids: Vec<String> = std::iter::once(MOVIE)
        .chain(OTHER_MOVIES)
        .map(|id| id.to_string())
        .collect();
    let forget = format!("DELETE FROM movies WHERE id IN ({})", ids.join(", "));
    pool.execute(forget.as_str()).await?;
    insert_rows(
        &pool,
        "INSERT INTO movies (id, title, original_title, release_date, release_year, \
         poster_path, vote_average, updated_at)",
        std::iter::once(MOVIE).chain(OTHER_MOVIES).map(|id| {
            format!(
                "({id}, 'Movie {id}', 'Movie {id}', '1999-03-30', 1999, \
                 'https://image.example/{id}.jpg', 7.5, {base})"
            )
        }),
    )
    .await?;

    insert_rows(
        &pool,
        "INSERT INTO users (id, username, username_key, email, password_hash, bio, \
         created_at, updated_at)",
        (1..=USERS).map(|id| {
            format!(
                "({id}, 'bench{id}', 'bench{id}', 'bench{id}@example.fi', \
                 '$argon2id$v=19$m=19456,t=2,p=1$bench$notarealhash', '', {base}, {base})"
            )
        }),
    )
    .await?;
    println!("users: {USERS}");

    // Reviews 1..=5000 are movie 603's, by users 1..=5000; review 5000 is the newest.
    let movie_reviews = (1..=MOVIE_REVIEWS).map(|id| {
        let at = base + id * 60_000;
        format!(
            "({id}, {id}, {MOVIE}, {}, 'Benchmark review {id} of movie {MOVIE}.', {at}, {at})",
            1 + id % 5
        )
    });
    // The others: users 1..=10000 on the other movies, written over the same weeks (three
    // between two reviews of movie 603), as on a live site.
    let other_reviews = (1..=OTHER_REVIEWS).map(|n| {
        let id = MOVIE_REVIEWS + n;
        let user = 1 + (n - 1) % USERS;
        let movie = OTHER_MOVIES[((n - 1) / USERS) as usize % OTHER_MOVIES.len()];
        let at = base + n * 20_000 + 7;
        format!(
            "({id}, {user}, {movie}, {}, 'Benchmark review {id}.', {at}, {at})",
            1 + n % 5
        )
    });
    insert_rows(
        &pool,
        "INSERT INTO reviews (id, user_id, movie_id, rating, content, created_at, updated_at)",
        movie_reviews.chain(other_reviews),
    )
    .await?;
    println!(
        "reviews: {} ({MOVIE_REVIEWS} of movie {MOVIE})",
        MOVIE_REVIEWS + OTHER_REVIEWS
    );

    let mut reactions = Vec::with_capacity(100_000);
    for review in 1..=MOVIE_REVIEWS {
        let author = review;
        let count = if review == MOVIE_REVIEWS {
            HOT_REACTIONS
        } else {
            REACTIONS_PER_REVIEW
        };
        let step = if review == MOVIE_REVIEWS { 1 } else { 523 };
        for j in 0..count {
            let user = 1 + (author + j * step) % USERS; // never the author
            let kind = if (review + j) % 4 == 0 {
                "dislike"
            } else {
                "like"
            };
            let at = base + review * 60_000 + j * 10;
            reactions.push(format!("({review}, {user}, '{kind}', {at})"));
        }
    }
    let total_reactions = reactions.len();
    insert_rows(
        &pool,
        "INSERT INTO review_reactions (review_id, user_id, kind, created_at)",
        reactions.into_iter(),
    )
    .await?;
    println!("reactions: {total_reactions}");

    // Every counter from the rows, as the store keeps them.
    for sql in [
        "UPDATE reviews SET \
           likes = (SELECT COUNT(*) FROM review_reactions x \
                    WHERE x.review_id = reviews.id AND x.kind = 'like'), \
           dislikes = (SELECT COUNT(*) FROM review_reactions x \
                       WHERE x.review_id = reviews.id AND x.kind = 'dislike')",
        "UPDATE users SET \
           review_count = (SELECT COUNT(*) FROM reviews r WHERE r.user_id = users.id), \
           rating_sum = (SELECT COALESCE(SUM(r.rating), 0) FROM reviews r \
                         WHERE r.user_id = users.id), \
           likes_received = (SELECT COALESCE(SUM(r.likes), 0) FROM reviews r \
                             WHERE r.user_id = users.id), \
           dislikes_received = (SELECT COALESCE(SUM(r.dislikes), 0) FROM reviews r \
                                WHERE r.user_id = users.id)",
    ] {
        pool.execute(sql).await?;
    }
    pool.execute("COMMIT").await?;
    if !sqlite {
        // Explicit ids were inserted: move the identity sequences past them.
        for table in ["users", "reviews"] {
            let sql = format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 (SELECT MAX(id) FROM {table}))"
            );
            pool.execute(sql.as_str()).await?;
        }
        pool.execute("ANALYZE").await?;
    } else {
        pool.execute("ANALYZE").await?;
    }
    let stats: i64 = sqlx::query_scalar(
        "SELECT CAST(review_count AS BIGINT) FROM movie_review_stats WHERE movie_id = 603",
    )
    .fetch_one(&pool)
    .await?;
    println!(
        "movie {MOVIE} statistics (kept by trigger): {stats} reviews; seeded in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    pool.close().await;
    Ok(())
}

async fn load(url: &str, requests: usize, concurrency: usize, limit: Duration) -> Result<()> {
    let client = loadgen::client(concurrency)?;
    // Warm up connections and caches.
    for _ in 0..concurrency.max(20) {
        let status = client.get(url).send().await?.status();
        if !status.is_success() {
            return Err(format!("{url} answered {status}").into());
        }
    }
    loadgen::measure(&client, url, None, requests, concurrency, limit)
        .await?
        .print(true);
    Ok(())
}
