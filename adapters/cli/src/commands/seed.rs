//! `seed`: a demo community made through the site's own use cases — registration,
//! writing reviews, reacting, creating and joining groups — so that every counter (review
//! counts, aura, movie statistics, member counts) is exactly what the site would keep.
//! What is made depends only on the arguments: the same `--seed` makes the same users,
//! reviews (movie, rating, text), reactions and groups.

use std::collections::HashSet;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use futures::stream::{self, StreamExt};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use leffaseura_core::domain::movie::CatalogPage;
use leffaseura_core::domain::review::ReactionKind;
use leffaseura_core::domain::user::{Password, PasswordHash, User};
use leffaseura_core::error::Error;
use leffaseura_core::ports::PasswordHasher;
use leffaseura_core::use_cases::{Accounts, AddFavorite, CreateGroup, Groups};
use leffaseura_core::{GroupId, ReviewId};

use crate::args::SeedArgs;
use crate::context::{Context, NoCredentials};
use crate::error::CliError;

/// Every demo user's password.
pub const DEMO_PASSWORD: &str = "leffaseura-demo";

const REVIEW_TEXTS: [&str; 6] = [
    "A film I keep coming back to.",
    "Beautifully shot, but the story drags in the middle.",
    "Not for me, though I see why people love it.",
    "The ending stayed with me for days.",
    "Great cast, forgettable plot.",
    "Better than I remembered on a second watch.",
];

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same numbers
/// on every platform and every version, which a library generator does not promise.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Hashes the demo password once with the real hasher and hands that hash to every demo
/// user: argon2 per user would make seeding thousands of users take minutes, and the
/// stored hashes are real, so demo users log in with [`DEMO_PASSWORD`].
struct HashOnce {
    inner: Arc<dyn PasswordHasher>,
    hash: tokio::sync::OnceCell<PasswordHash>,
}

#[async_trait]
impl PasswordHasher for HashOnce {
    async fn hash(&self, password: &Password) -> Result<PasswordHash, Error> {
        if password.expose() != DEMO_PASSWORD {
            return self.inner.hash(password).await;
        }
        self.hash
            .get_or_try_init(|| self.inner.hash(password))
            .await
            .cloned()
    }

    async fn verify(&self, password: &str, hash: &PasswordHash) -> Result<bool, Error> {
        self.inner.verify(password, hash).await
    }

    fn is_outdated(&self, hash: &PasswordHash) -> bool {
        self.inner.is_outdated(hash)
    }
}

/// What `seed` made and how fast.
#[derive(Debug, Serialize)]
struct SeedSummary {
    seed: u64,
    users: u64,
    hot_movie: Option<i64>,
    reviews: u64,
    reactions: u64,
    groups: u64,
    memberships: u64,
    pending_requests: u64,
    favorites: u64,
    watchlist: u64,
    seconds: f64,
    reviews_per_second: f64,
    password: &'static str,
}

/// # Errors
/// `Usage` when more reviews are asked than users × movies allow; `Conflict` when the
/// prefix's usernames exist (seed again with another `--prefix`); `Other` when the store
/// or the catalog fails.
pub async fn seed(
    ctx: &Context,
    args: &SeedArgs,
    out: &mut dyn Write,
    diag: &mut dyn Write,
) -> Result<(), CliError> {
    let movies = catalog_movies(ctx).await?;
    let per_user_max = movies.len() as u64;
    for (what, count) in [
        ("favorites", args.favorites()),
        ("watchlist entries", args.watchlist()),
    ] {
        if u64::from(count) > u64::from(args.users) * per_user_max {
            return Err(CliError::Usage(format!(
                "{count} {what} need more users: each of the {} users can save each of the {} \
                 movies once (at most {}).",
                args.users,
                movies.len(),
                u64::from(args.users) * per_user_max
            )));
        }
    }
    let hot = args.hot_movie_reviews.min(args.reviews);
    if hot > args.users {
        return Err(CliError::Usage(format!(
            "{hot} reviews of one movie need as many users (there are {}).",
            args.users
        )));
    }
    if u64::from(args.reviews) > u64::from(args.users) * per_user_max {
        return Err(CliError::Usage(format!(
            "{} reviews need more users: each of the {} users can review each of the {} \
             movies once (at most {}).",
            args.reviews,
            args.users,
            movies.len(),
            u64::from(args.users) * per_user_max
        )));
    }
    let started = Instant::now();
    let accounts = Accounts::new(
        ctx.store.clone(),
        ctx.group_store.clone(),
        Arc::new(HashOnce {
            inner: ctx.session.hasher.clone(),
            hash: tokio::sync::OnceCell::new(),
        }),
        Arc::new(NoCredentials),
        ctx.session.clock.clone(),
    );
    let groups = Groups::new(
        ctx.group_store.clone(),
        ctx.store.clone(),
        ctx.session.clock.clone(),
    );
    let mut rng = Rng::new(args.seed);
    let show = !args.json;

    let bar = progress(show, u64::from(args.users), "users");
    let mut users: Vec<User> = Vec::with_capacity(args.users as usize);
    for i in 1..=args.users {
        let name = format!("{}_{i}", args.prefix.trim());
        let email = format!("{}@demo.example", name.to_lowercase());
        let session = accounts
            .register_user(&name, &email, DEMO_PASSWORD)
            .await
            .map_err(|err| match err {
                Error::Conflict { .. } => CliError::Conflict(format!(
                    "A user named {name} (or with the email {email}) exists already; seed \
                     again with another --prefix."
                )),
                other => other.into(),
            })?;
        users.push(session.profile.user);
        bar.inc(1);
    }
    bar.finish();

    // Reviews: spread over users round-robin; each user walks their own shuffled list of
    // movies, so nobody reviews a movie twice.
    // The plan is drawn first, in order; then `--concurrency` writes run at once (a
    // database round trip each), their results kept in plan order.
    let review_started = Instant::now();
    let bar = progress(show, u64::from(args.reviews), "reviews");
    let mut orders: Vec<Vec<usize>> = Vec::new();
    let mut plan = Vec::with_capacity(args.reviews as usize);
    // The hot movie (index 0) is reviewed first by users 0..hot; the others' shuffled lists
    // then skip it for those users, so nobody reviews it twice.
    let hot = hot as usize;
    for n in 0..args.reviews as usize {
        if n < hot {
            let rating = 1 + rng.below(5) as i64;
            let text = REVIEW_TEXTS[rng.below(REVIEW_TEXTS.len())];
            plan.push((n, movies[0], rating, text));
            continue;
        }
        let rest = n - hot;
        let author = rest % users.len();
        let round = rest / users.len();
        if orders.len() <= author {
            let mut order: Vec<usize> = (0..movies.len()).collect();
            if author < hot {
                order.retain(|&m| m != 0);
            }
            rng.shuffle(&mut order);
            orders.push(order);
        }
        let Some(&index) = orders[author].get(round) else {
            return Err(CliError::Usage(format!(
                "{} reviews need more users: with {hot} of one movie, user {} has no movie \
                 left to review.",
                args.reviews,
                author + 1
            )));
        };
        let movie = movies[index];
        let rating = 1 + rng.below(5) as i64;
        let text = REVIEW_TEXTS[rng.below(REVIEW_TEXTS.len())];
        plan.push((author, movie, rating, text));
    }
    let written: Vec<Result<(ReviewId, usize), Error>> = stream::iter(plan)
        .map(|(author, movie, rating, text)| {
            let (users, bar) = (&users, &bar);
            async move {
                let review = ctx
                    .reviews
                    .write_review(&users[author], movie, rating, text)
                    .await?;
                bar.inc(1);
                Ok((review.id, author))
            }
        })
        .buffered(concurrency(ctx, args))
        .collect()
        .await;
    let review_ids = written.into_iter().collect::<Result<Vec<_>, Error>>()?;
    bar.finish();
    let review_time = review_started.elapsed();

    let bar = progress(show, u64::from(args.reactions), "reactions");
    let mut reacted: HashSet<(usize, ReviewId)> = HashSet::new();
    let mut plan = Vec::new();
    if !review_ids.is_empty() && users.len() > 1 {
        let mut tries = 0u64;
        while plan.len() < args.reactions as usize && tries < u64::from(args.reactions) * 4 {
            tries += 1;
            let (review, author) = review_ids[rng.below(review_ids.len())];
            let reactor = rng.below(users.len());
            let kind = if rng.below(4) == 0 {
                ReactionKind::Dislike
            } else {
                ReactionKind::Like
            };
            // Nobody reacts to their own review, nor twice (the same again would clear it).
            if reactor != author && reacted.insert((reactor, review)) {
                plan.push((reactor, review, kind));
            }
        }
    }
    let reactions = plan.len() as u64;
    let done: Vec<Result<(), Error>> = stream::iter(plan)
        .map(|(reactor, review, kind)| {
            let (users, bar) = (&users, &bar);
            async move {
                ctx.reviews
                    .react_to_review(&users[reactor], review, Some(kind))
                    .await?;
                bar.inc(1);
                Ok(())
            }
        })
        .buffered(concurrency(ctx, args))
        .collect()
        .await;
    done.into_iter().collect::<Result<Vec<()>, Error>>()?;
    bar.finish();

    let favorites = save_movies(ctx, &users, &movies, &mut rng, args, FAVORITE).await?;
    let watchlist = save_movies(ctx, &users, &movies, &mut rng, args, WATCHLIST).await?;

    let bar = progress(show, u64::from(args.groups), "groups");
    let (mut memberships, mut pending) = (0u64, 0u64);
    for g in 0..args.groups {
        let owner = &users[rng.below(users.len())];
        // Every third group is private, so that any seed with three groups has requests.
        let private = g % 3 == 2;
        let view = groups
            .create_group(
                owner,
                CreateGroup {
                    name: format!("{} club {}", args.prefix.trim(), g + 1),
                    description: Some(format!("Demo group {} of seed {}.", g + 1, args.seed)),
                    visibility: Some(if private { "private" } else { "public" }.to_owned()),
                    theme_id: Some(1 + rng.below(4) as i64),
                    tags: None,
                    poster_url: None,
                },
            )
            .await?;
        memberships += 1;
        let id: GroupId = view.group.id;
        let size = rng.below(users.len().min(25));
        for _ in 0..size {
            let user = &users[rng.below(users.len())];
            if user.id == owner.id {
                continue;
            }
            let joined = if private {
                groups.request_to_join(user, id).await
            } else {
                groups.join_group(user, id).await
            };
            match joined {
                Ok(_) if private => pending += 1,
                Ok(_) => memberships += 1,
                // Drawn twice: already in the group or asking.
                Err(Error::Conflict { .. }) => {}
                Err(err) => return Err(err.into()),
            }
        }
        bar.inc(1);
    }
    bar.finish();

    let seconds = started.elapsed().as_secs_f64();
    let summary = SeedSummary {
        seed: args.seed,
        users: users.len() as u64,
        hot_movie: (hot > 0).then_some(movies[0]),
        reviews: review_ids.len() as u64,
        reactions,
        groups: u64::from(args.groups),
        memberships,
        pending_requests: pending,
        favorites,
        watchlist,
        seconds,
        reviews_per_second: rate(review_ids.len(), review_time),
        password: DEMO_PASSWORD,
    };
    let _ = diag;
    if args.json {
        super::write_json(out, &summary)
    } else {
        super::write_text(
            out,
            &format!(
                "Seeded {} users, {} reviews, {} reactions, {} favorites, {} watchlist entries \
                 and {} groups ({} memberships, {} pending requests) in {:.1} s with seed {}.\n\
                 Reviews: {:.0}/s. Every demo user's password is {DEMO_PASSWORD}.\n",
                summary.users,
                summary.reviews,
                summary.reactions,
                summary.favorites,
                summary.watchlist,
                summary.groups,
                summary.memberships,
                summary.pending_requests,
                seconds,
                args.seed,
                summary.reviews_per_second
            ),
        )
    }
}

/// `--concurrency`, else what suits the database (see its help).
fn concurrency(ctx: &Context, args: &SeedArgs) -> usize {
    let parallel = if ctx.parallel_writes { 8 } else { 1 };
    usize::from(args.concurrency.unwrap_or(parallel))
}

/// The API's favorite `type`s `seed` saves.
const WATCHLIST: i64 = 1;
const FAVORITE: i64 = 2;

/// Saves `--favorites` or `--watchlist` entries through the site's own use case, spread
/// over the users round-robin, each user walking their own shuffled movies (no repeats).
/// Answers how many were saved.
async fn save_movies(
    ctx: &Context,
    users: &[User],
    movies: &[i64],
    rng: &mut Rng,
    args: &SeedArgs,
    kind: i64,
) -> Result<u64, CliError> {
    let (count, what) = if kind == FAVORITE {
        (args.favorites(), "favorites")
    } else {
        (args.watchlist(), "watchlist")
    };
    let bar = progress(!args.json, u64::from(count), what);
    let mut orders: Vec<Vec<usize>> = Vec::new();
    let mut plan = Vec::with_capacity(count as usize);
    for n in 0..count as usize {
        let (user, round) = (n % users.len(), n / users.len());
        if orders.len() <= user {
            let mut order: Vec<usize> = (0..movies.len()).collect();
            rng.shuffle(&mut order);
            orders.push(order);
        }
        plan.push((user, movies[orders[user][round]]));
    }
    let saved: Vec<Result<(), Error>> = stream::iter(plan)
        .map(|(user, movie_id)| {
            let bar = &bar;
            async move {
                let request = AddFavorite {
                    movie_id,
                    kind,
                    ..AddFavorite::default()
                };
                ctx.favorites.add_favorite(&users[user], request).await?;
                bar.inc(1);
                Ok(())
            }
        })
        .buffered(concurrency(ctx, args))
        .collect()
        .await;
    saved.into_iter().collect::<Result<Vec<()>, Error>>()?;
    bar.finish();
    Ok(u64::from(count))
}

/// Every movie id of the catalog, in its popular order.
async fn catalog_movies(ctx: &Context) -> Result<Vec<i64>, CliError> {
    let mut ids = Vec::new();
    let mut page = 1;
    loop {
        let found = ctx
            .session
            .catalog
            .popular(CatalogPage::new(Some(page))?, None)
            .await?;
        ids.extend(found.results.iter().map(|m| m.id.0));
        if i64::from(found.total_pages) <= page || found.results.is_empty() {
            break;
        }
        page += 1;
    }
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(CliError::Other(anyhow::anyhow!(
            "the movie catalog has no movies"
        )));
    }
    Ok(ids)
}

fn rate(count: usize, took: Duration) -> f64 {
    let seconds = took.as_secs_f64();
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}

/// A bar on stderr (hidden when it is no terminal, and with --json).
fn progress(show: bool, total: u64, what: &str) -> ProgressBar {
    if !show || total == 0 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{msg:>9} [{bar:40}] {pos}/{len} {per_sec} eta {eta}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_owned());
    bar
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_generator_repeats_itself_for_a_seed() {
        let draw = |seed| {
            let mut rng = Rng::new(seed);
            (0..5).map(|_| rng.below(100)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        let mut items: Vec<u32> = (0..10).collect();
        Rng::new(1).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
    }
}
