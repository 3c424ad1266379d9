//! The groups benchmark's two halves (driven by `scripts/bench-groups`):
//!
//! - `seed <server-url> <database-url>`: registers an owner, a member and a visitor through
//!   the API; the owner creates a public group and the member joins it. Then bulk-inserts
//!   straight into the server's database 1,200 users, 998 of them members of that group (so
//!   it has 1,000 members), two reviews by each of the 1,200 (the 200 outsiders' reviews must
//!   not show in the group's activity) and 300 other groups of 1..=40 members, so "popular"
//!   ranks a realistic table. Prints `<group id> <member token> <visitor token>`.
//! - `load <url> <token|-> <requests> <concurrency> <max-seconds> <check>`: GETs `url` (with
//!   the token unless `-`), checks the answer once (`popular`, `group-member`,
//!   `group-visitor` or `activity`), then prints requests/s and latency percentiles.
//!
//! The bulk rows bypass the API, so the seeded users' review counters are set in the same
//! insert; member counts come from the store's own triggers.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;

#[path = "support/load.rs"]
mod loadgen;

const USERS: i64 = 1_200;
const GROUP_MEMBERS: i64 = 998;
const REVIEWS_PER_USER: i64 = 2;
const OTHER_GROUPS: i64 = 300;
const BATCH: usize = 400;
const EPOCH_MS: i64 = 1_760_000_000_000;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("seed") if args.len() == 3 => seed(&args[1], &args[2]).await,
        Some("load") if args.len() == 7 => {
            let token = Some(args[2].as_str()).filter(|t| *t != "-");
            load(
                &args[1],
                token,
                args[3].parse()?,
                args[4].parse()?,
                Duration::from_secs(args[5].parse()?),
                &args[6],
            )
            .await
        }
        _ => Err("usage: bench_groups seed <server-url> <database-url> | \
                  load <url> <token|-> <requests> <concurrency> <max-seconds> <check>"
            .into()),
    }
}

async fn call(request: reqwest::RequestBuilder) -> Result<Value> {
    let response = request.send().await?;
    let status = response.status();
    let body: Value = response.json().await?;
    if !status.is_success() {
        return Err(format!("{status}: {body}").into());
    }
    Ok(body)
}

async fn register(client: &reqwest::Client, server: &str, name: &str) -> Result<(String, i64)> {
    let body = json!({
        "username": name,
        "email": format!("{name}@example.fi"),
        "password": "benchmark-password",
    });
    let answer = call(
        client
            .post(format!("{server}/api/users/register"))
            .json(&body),
    )
    .await?;
    let token = answer["token"].as_str().ok_or("no token")?.to_owned();
    let id = answer["user"]["id"].as_i64().ok_or("no user id")?;
    Ok((token, id))
}

/// Runs `INSERT INTO <head> VALUES <rows>` in multi-row statements of [`BATCH`].
async fn insert(pool: &AnyPool, head: &str, rows: &[String]) -> Result<()> {
    let mut tx = pool.begin().await?;
    for chunk in rows.chunks(BATCH) {
        let sql = format!("INSERT INTO {head} VALUES {}", chunk.join(", "));
        sqlx::query(&sql).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn max_id(pool: &AnyPool, table: &str) -> Result<i64> {
    let sql = format!("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM {table}");
    Ok(sqlx::query_scalar(&sql).fetch_one(pool).await?)
}

async fn seed(server: &str, database_url: &str) -> Result<()> {
    sqlx::any::install_default_drivers();
    let client = reqwest::Client::new();
    let (owner_token, _) = register(&client, server, "benchowner").await?;
    let (member_token, _) = register(&client, server, "benchmember").await?;
    let (visitor_token, _) = register(&client, server, "benchvisitor").await?;
    let created = call(
        client
            .post(format!("{server}/api/groups"))
            .bearer_auth(&owner_token)
            .json(&json!({"name": "Benchmark Club", "description": "A group of 1,000 members."})),
    )
    .await?;
    let group = created["group"]["id"].as_i64().ok_or("no group id")?;
    call(
        client
            .post(format!("{server}/api/groups/{group}/join"))
            .bearer_auth(&member_token)
            .json(&json!({})),
    )
    .await?;

    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(database_url)
        .await?;
    let started = Instant::now();
    let first_user = max_id(&pool, "users").await? + 1;
    let users: Vec<i64> = (first_user..first_user + USERS).collect();
    let user_rows: Vec<String> = users
        .iter()
        .map(|id| {
            let ratings = REVIEWS_PER_USER * (id % 5 + 1);
            format!(
                "({id}, 'fan{id}', 'fan{id}', 'fan{id}@example.fi', 'not-a-hash', '', \
                 {EPOCH_MS}, {EPOCH_MS}, 0, 0, 0, {REVIEWS_PER_USER}, {ratings}, 0, 0)"
            )
        })
        .collect();
    insert(
        &pool,
        "users (id, username, username_key, email, password_hash, bio, created_at, \
                   updated_at, token_version, banned, is_admin, review_count, rating_sum, \
                   likes_received, dislikes_received)",
        &user_rows,
    )
    .await?;

    let mut members: Vec<String> = users[..GROUP_MEMBERS as usize]
        .iter()
        .map(|user| format!("({group}, {user}, 'member', {}, NULL)", EPOCH_MS + user))
        .collect();

    let first_group = max_id(&pool, "groups").await? + 1;
    let group_rows: Vec<String> = (first_group..first_group + OTHER_GROUPS)
        .map(|id| {
            let owner = users[(id as usize * 7) % users.len()];
            format!(
                "({id}, 'Club {id}', 'club {id}', 'club {id}', 'Seeded.', 'seeded.', 'public', \
                 {owner}, {EPOCH_MS}, {}, {})",
                EPOCH_MS + id,
                EPOCH_MS + id
            )
        })
        .collect();
    insert(
        &pool,
        "groups (id, name, name_key, name_search, description, description_search, \
                   visibility, owner_id, created_at, updated_at, activity_at)",
        &group_rows,
    )
    .await?;
    for (n, id) in (first_group..first_group + OTHER_GROUPS).enumerate() {
        let owner = users[(id as usize * 7) % users.len()];
        members.push(format!("({id}, {owner}, 'owner', {EPOCH_MS}, NULL)"));
        for k in 1..(n as i64 % 40) {
            let user = users[((id * 31 + k * 17) as usize) % users.len()];
            if user != owner {
                members.push(format!("({id}, {user}, 'member', {EPOCH_MS}, NULL)"));
            }
        }
    }
    members.sort();
    members.dedup_by(|a, b| a.split(", ").take(2).eq(b.split(", ").take(2)));
    insert(
        &pool,
        "group_members (group_id, user_id, role, joined_at, requested_at)",
        &members,
    )
    .await?;

    let review_rows: Vec<String> = users
        .iter()
        .flat_map(|user| {
            (0..REVIEWS_PER_USER).map(move |k| {
                let movie = (user * 13 + k * 101) % 4_000 + 1;
                let at = EPOCH_MS + user * 1_000 + k;
                format!(
                    "({user}, {movie}, {}, 'Seeded review number {k} by fan {user}.', 0, 0, \
                     {at}, {at})",
                    user % 5 + 1
                )
            })
        })
        .collect();
    insert(
        &pool,
        "reviews (user_id, movie_id, rating, content, likes, dislikes, created_at, \
                   updated_at)",
        &review_rows,
    )
    .await?;

    let count: i64 =
        sqlx::query_scalar("SELECT CAST(member_count AS BIGINT) FROM groups WHERE id = $1")
            .bind(group)
            .fetch_one(&pool)
            .await?;
    eprintln!(
        "seeded {} users, {} memberships, {} groups, {} reviews in {:.1} s; group {group} has \
         {count} members",
        user_rows.len(),
        members.len(),
        group_rows.len(),
        review_rows.len(),
        started.elapsed().as_secs_f64()
    );
    pool.close().await;
    println!("{group} {member_token} {visitor_token}");
    Ok(())
}

/// Checks one answer of the endpoint under test, so a fast wrong answer cannot pass.
fn check(kind: &str, answer: &Value) -> Result<()> {
    let ok = match kind {
        "popular" => answer["data"]
            .as_array()
            .is_some_and(|g| !g.is_empty() && g[0]["name"] == "Benchmark Club"),
        "group-member" => answer["group"]["members"]
            .as_array()
            .is_some_and(|m| m.len() == 1_000),
        "group-visitor" => answer["group"]["name"] == "Benchmark Club",
        "activity" => answer["data"]["reviews"]
            .as_array()
            .is_some_and(|r| !r.is_empty()),
        _ => return Err(format!("unknown check {kind}").into()),
    };
    if ok {
        Ok(())
    } else {
        let text = answer.to_string();
        Err(format!(
            "unexpected answer for {kind}: {}",
            &text[..text.len().min(400)]
        )
        .into())
    }
}

async fn load(
    url: &str,
    token: Option<&str>,
    requests: usize,
    concurrency: usize,
    limit: Duration,
    kind: &str,
) -> Result<()> {
    let client = loadgen::client(concurrency)?;
    for _ in 0..concurrency.max(10) {
        let mut request = client.get(url);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        check(kind, &call(request).await?)?;
    }
    loadgen::measure(&client, url, token, requests, concurrency, limit)
        .await?
        .print(true);
    Ok(())
}
