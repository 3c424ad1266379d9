//! Times a 5,000-row Letterboxd import end to end in one process: the upload's rows
//! stored (the dry run's job), every film matched, the real run written — on SQLite in a
//! temporary directory, through the same use cases, store and caching catalog the server
//! uses. The catalog is the bundled demo catalog behind the database cache; a first
//! import warms the cache, the second (another user, so everything is added again) is
//! the one timed. Prints one line per phase and the total.
//!
//! Run: `cargo run --example bench_import` (with `--release` for production numbers).

use std::sync::Arc;
use std::time::Instant;

use leffaseura_core::domain::import::{LetterboxdFile, RawTable};
use leffaseura_core::ports::{MovieCatalog, SystemClock, UserStore};
use leffaseura_core::use_cases::{Imports, WorkDone};
use leffaseura_core::UserId;
use leffaseura_tmdb::{CachingCatalog, DemoCatalog, DemoConfig};

const ROWS: usize = 5_000;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn row(cells: &[String]) -> Vec<String> {
    cells.to_vec()
}

/// Half reviews, half watchlist entries, over the demo catalog's films, each row its own
/// Letterboxd film (a distinct URI), as in a long history.
fn tables(films: &[(String, Option<i32>)]) -> Vec<RawTable> {
    let header = |file: LetterboxdFile| file.columns().iter().map(|c| (*c).to_owned()).collect();
    let mut reviews = Vec::new();
    let mut watchlist = Vec::new();
    for n in 0..ROWS {
        let (title, year) = &films[n % films.len()];
        let year = year.map(|y| y.to_string()).unwrap_or_default();
        let uri = format!("https://boxd.it/bench{n}");
        if n % 2 == 0 {
            reviews.push(row(&[
                "2024-01-01".into(),
                title.clone(),
                year,
                uri,
                "3.5".into(),
                String::new(),
                format!("Review number {n}."),
                String::new(),
                String::new(),
            ]));
        } else {
            watchlist.push(row(&["2024-01-02".into(), title.clone(), year, uri]));
        }
    }
    vec![
        RawTable {
            file: LetterboxdFile::Reviews,
            header: header(LetterboxdFile::Reviews),
            records: reviews,
        },
        RawTable {
            file: LetterboxdFile::Watchlist,
            header: header(LetterboxdFile::Watchlist),
            records: watchlist,
        },
    ]
}

async fn user(
    store: &leffaseura_sql::SqlStore,
    name: &str,
) -> Result<leffaseura_core::domain::user::User> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO users (username, username_key, email, password_hash, created_at, updated_at) \
         VALUES ($1, $1, $2, 'x', 0, 0) RETURNING id",
    )
    .bind(name)
    .bind(format!("{name}@example.fi"))
    .fetch_one(store.pool())
    .await?;
    Ok(store.find_user(UserId(id)).await?.ok_or("user missing")?)
}

/// Runs batches until none is left; returns how many.
async fn drain(imports: &Imports) -> Result<usize> {
    let mut batches = 0;
    while let WorkDone::Worked(_) = imports.work_once("bench").await? {
        batches += 1;
    }
    Ok(batches)
}

async fn run(
    imports: &Imports,
    who: &leffaseura_core::domain::user::User,
    rows: &[RawTable],
    label: &str,
) -> Result<()> {
    let started = Instant::now();
    let job = imports.start_letterboxd(who, rows).await?;
    let stored = started.elapsed();
    let batches = drain(imports).await?;
    let matched = started.elapsed();
    let ready = imports.get_import(who, job.id).await?;
    imports.confirm(who, job.id).await?;
    let more = drain(imports).await?;
    let total = started.elapsed();
    let done = imports.get_import(who, job.id).await?;
    println!(
        "{label}: {ROWS} rows ({} items): stored {:.0} ms, matched {:.0} ms ({batches} batches), \
         imported {:.0} ms ({more} batches), total {:.2} s; would_add {} → added {}, skip_existing {}",
        ready.counts.total(),
        stored.as_secs_f64() * 1000.0,
        (matched - stored).as_secs_f64() * 1000.0,
        (total - matched).as_secs_f64() * 1000.0,
        total.as_secs_f64(),
        ready.counts.would_add,
        done.counts.added,
        done.counts.skip_existing,
    );
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let store = leffaseura_sqlite::connect(&leffaseura_sqlite::default_url(dir.path())).await?;
    leffaseura_sqlite::migrate(&store).await?;
    let store = Arc::new(store);
    let demo = DemoCatalog::bundled(DemoConfig::default())?;
    let films: Vec<(String, Option<i32>)> = demo
        .remembered_all()
        .into_iter()
        .map(|m| (m.original_title, m.release_year))
        .collect();
    let catalog: Arc<dyn MovieCatalog> =
        Arc::new(CachingCatalog::new(Arc::new(demo), store.clone(), "demo"));
    let imports = Imports::new(
        store.clone(),
        catalog,
        store.clone(),
        store.clone(),
        Arc::new(SystemClock),
    );
    let rows = tables(&films);
    run(&imports, &user(&store, "cold").await?, &rows, "cold cache").await?;
    run(&imports, &user(&store, "warm").await?, &rows, "warm cache").await?;
    Ok(())
}
