//! `seed`: a demo community.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct SeedArgs {
    /// How many users to register.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub users: u32,

    /// How many reviews in all (each user reviews a movie at most once, so at most
    /// users × the catalog's movies).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(0..=10_000_000))]
    pub reviews: u32,

    /// How many of the reviews are of one movie (the catalog's lowest id), one per user from
    /// the first user on, so that a movie's review list has deep pages (at most --users).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub hot_movie_reviews: u32,

    /// How many likes and dislikes on others' reviews.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(0..=10_000_000))]
    pub reactions: u32,

    /// How many favorites in all, spread over the users (each user saves a movie at most
    /// once); default: 3 per user.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=10_000_000))]
    pub favorites: Option<u32>,

    /// How many watchlist entries in all, spread like the favorites; default: 3 per user.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=10_000_000))]
    pub watchlist: Option<u32>,

    /// How many groups, each with members and (private ones) pending requests.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub groups: u32,

    /// The same seed makes the same community.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Usernames are <prefix>_<number>; another prefix seeds again beside earlier runs.
    #[arg(long, default_value = "demo")]
    pub prefix: String,

    /// How many writes run at once (each is its own transaction). Default: 8 on Postgres,
    /// where it hides the round trips; 1 on SQLite, which takes one writer at a time and
    /// whose waiting writers sleep (8 there is ~13× slower).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=64))]
    pub concurrency: Option<u8>,

    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Saved movies per user when `--favorites` or `--watchlist` is not given.
const SAVED_PER_USER: u32 = 3;

impl SeedArgs {
    pub fn favorites(&self) -> u32 {
        self.favorites
            .unwrap_or_else(|| self.users.saturating_mul(SAVED_PER_USER))
    }

    pub fn watchlist(&self) -> u32 {
        self.watchlist
            .unwrap_or_else(|| self.users.saturating_mul(SAVED_PER_USER))
    }
}
