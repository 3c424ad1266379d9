//! The server's configuration: every setting a `--flag` and an environment variable.

use std::path::PathBuf;
use std::str::FromStr;

use clap::{Parser, ValueEnum};

use leffaseura_core::domain::rate_limit::RateLimit;
use leffaseura_core::use_cases::RateLimitSettings;
use leffaseura_http::HttpLimits;

/// Leffaseura's HTTP server: the API under /api and /api/v1, its docs at /api/docs, and
/// the webapp at /.
#[derive(Parser, Debug, Clone)]
#[command(name = "leffaseura-server", version, about)]
pub struct Config {
    /// Database URL: `postgres://user@host/db` selects Postgres; default
    /// `sqlite://<DATA_DIR>/leffaseura.db`.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,

    /// Directory for the SQLite database and the generated JWT secret (created when missing).
    #[arg(long, env = "DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Address to listen on; port 0 picks a free one (the log says which).
    #[arg(long, env = "BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,

    /// HS256 signing key for session tokens; default: generated once into
    /// `<DATA_DIR>/jwt-secret`.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<Secret>,

    /// Longest wait, in milliseconds, for a database connection; past it a request is
    /// answered 503 `database_unavailable` instead of hanging while the database is down.
    #[arg(long, env = "DB_ACQUIRE_TIMEOUT_MS", default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub db_acquire_timeout_ms: u64,

    /// Database connections to open at most. Default: on SQLite two per CPU (at least 4),
    /// on Postgres 10.
    #[arg(long, env = "DB_POOL_SIZE", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_pool_size: Option<u32>,

    /// After SIGTERM or Ctrl-C: seconds to let requests in flight finish (no new
    /// connections are accepted meanwhile) before the server exits anyway.
    #[arg(long, env = "SHUTDOWN_DRAIN_SECS", default_value_t = 30)]
    pub shutdown_drain_secs: u64,

    /// How often an idle import worker looks for Letterboxd import jobs, in milliseconds
    /// (a busy one goes straight on to the next batch).
    #[arg(long, env = "IMPORT_POLL_MS", default_value_t = 500, value_parser = clap::value_parser!(u64).range(10..=60_000))]
    pub import_poll_ms: u64,

    /// The built webapp, served at /.
    #[arg(long, env = "WEBAPP_DIR", default_value = "webapp/dist")]
    pub webapp_dir: PathBuf,

    /// Comma-separated origins allowed to call the API from another origin (default: same
    /// origin only).
    #[arg(long, env = "CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,

    /// Log format; `RUST_LOG` sets levels.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Pretty)]
    pub log_format: LogFormat,

    /// TMDB v3 API key; without it (or a read token) the bundled demo catalog answers.
    #[arg(long, env = "TMDB_API_KEY", hide_env_values = true, value_parser = blank_or_secret)]
    pub tmdb_api_key: Option<Secret>,

    /// TMDB API Read Access Token (v4 bearer token); used instead of the key when both
    /// are set.
    #[arg(long, env = "TMDB_READ_TOKEN", hide_env_values = true, value_parser = blank_or_secret)]
    pub tmdb_read_token: Option<Secret>,

    /// TMDB API base URL (tests and proxies).
    #[arg(long, env = "TMDB_API_BASE", default_value = leffaseura_tmdb::config::DEFAULT_API_BASE)]
    pub tmdb_api_base: String,

    /// Language of TMDB's titles, overviews and genre names when a request names none
    /// (requests may ask for `fi-FI` or `en-US` with `?language=`).
    #[arg(long, env = "TMDB_LANGUAGE", default_value = leffaseura_tmdb::config::DEFAULT_LANGUAGE)]
    pub tmdb_language: String,

    /// Region (ISO 3166-1, e.g. `FI`) for TMDB's popular and now-playing lists.
    #[arg(long, env = "TMDB_REGION")]
    pub tmdb_region: Option<String>,

    /// Where TMDB's images are served from.
    #[arg(long, env = "TMDB_IMAGE_BASE", default_value = leffaseura_tmdb::images::DEFAULT_IMAGE_BASE)]
    pub tmdb_image_base: String,

    /// Where showtimes come from: `finnkino` or `demo` (generated offline schedules).
    /// Default: Finnkino when `FINNKINO_API_BASE` is set, else the demo feed.
    #[arg(long, env = "SHOWTIMES")]
    pub showtimes: Option<String>,

    /// Finnkino's XML feed (tests and proxies); setting it selects Finnkino. With
    /// `SHOWTIMES=finnkino` and no base, https://www.finnkino.fi/xml.
    #[arg(long, env = "FINNKINO_API_BASE")]
    pub finnkino_api_base: Option<String>,

    /// `off` turns every rate limit off (load tests, benchmarks, seeding many accounts
    /// from one address); `on` applies the `RATE_LIMIT_*` settings.
    #[arg(long, env = "RATE_LIMITS", value_enum, default_value_t = Switch::On)]
    pub rate_limits: Switch,

    /// Login attempts per client address whatever the emails (password spraying), as
    /// COUNT/WINDOW (window in s, m or h) or `off`. Counted in the database, so the limit
    /// holds across server processes on one database.
    #[arg(long, env = "RATE_LIMIT_LOGIN", default_value = "30/10m")]
    pub rate_limit_login: LimitSetting,

    /// Registrations per client address, as COUNT/WINDOW or `off`; counted in the database.
    #[arg(long, env = "RATE_LIMIT_REGISTER", default_value = "10/1h")]
    pub rate_limit_register: LimitSetting,

    /// Writes (POST, PUT, PATCH, DELETE under /api) per logged-in user, as COUNT/WINDOW or
    /// `off`: COUNT at once, refilled evenly over WINDOW; counted in each process.
    #[arg(long, env = "RATE_LIMIT_WRITES", default_value = "120/1m")]
    pub rate_limit_writes: LimitSetting,

    /// Behind a reverse proxy that appends the client's address to `X-Forwarded-For`:
    /// the rate limits count the last address in it. Off by default, because without
    /// such a proxy anyone could name any address there and never be limited.
    #[arg(long, env = "TRUST_PROXY")]
    pub trust_proxy: bool,

    /// Seconds a login or registration may wait for a free CPU to hash its password
    /// before it is refused with 503 `server_busy` (one hash runs per CPU at a time).
    #[arg(long, env = "HASH_QUEUE_TIMEOUT_SECS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub hash_queue_timeout_secs: u64,

    /// When set, `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`;
    /// unset, anyone who reaches the server may read the metrics.
    #[arg(long, env = "METRICS_TOKEN", hide_env_values = true, value_parser = blank_or_secret)]
    pub metrics_token: Option<Secret>,

    /// One log line per request (method, path, status, latency), written to stdout by a
    /// background thread; `off` keeps only the warnings of failed (5xx) requests.
    #[arg(long, env = "ACCESS_LOG", value_enum, default_value_t = Switch::On)]
    pub access_log: Switch,

    /// Print the OpenAPI spec as YAML and exit (touches no database).
    #[arg(long)]
    pub dump_openapi: bool,

    /// Benchmarks only: serve nothing but `GET /floor` (a constant JSON answer) on BIND
    /// with the same runtime and server setup, touching no database — the framework's
    /// ceiling that scripts/bench compares every endpoint with.
    #[arg(long, hide = true)]
    pub bench_floor: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    On,
    Off,
}

/// One rate limit: COUNT/WINDOW, or `off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitSetting(pub Option<RateLimit>);

impl FromStr for LimitSetting {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case("off") {
            Ok(Self(None))
        } else {
            RateLimit::parse(s).map(|limit| Self(Some(limit)))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// A secret string whose `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

impl FromStr for Secret {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() {
            Err("must not be empty".to_owned())
        } else {
            Ok(Self(s.to_owned()))
        }
    }
}

/// A secret that may be blank (`TMDB_API_KEY=` in an env file means "no key").
fn blank_or_secret(s: &str) -> Result<Secret, String> {
    Ok(Secret(s.to_owned()))
}

impl Config {
    /// The connection pool's settings.
    pub fn pool(&self) -> leffaseura_sql::PoolSettings {
        leffaseura_sql::PoolSettings {
            acquire_timeout: std::time::Duration::from_millis(self.db_acquire_timeout_ms),
            max_connections: self.db_pool_size,
        }
    }

    /// `DATABASE_URL`, or the SQLite file in the data directory.
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| leffaseura_sqlite::default_url(&self.data_dir))
    }

    /// The TMDB client's settings; `None` (no key or token) selects the demo catalog.
    pub fn tmdb(&self) -> Option<leffaseura_tmdb::TmdbConfig> {
        leffaseura_tmdb::TmdbConfig::from_settings(leffaseura_tmdb::TmdbSettings {
            api_key: self.tmdb_api_key.as_ref().map(|k| k.expose().to_owned()),
            read_token: self.tmdb_read_token.as_ref().map(|t| t.expose().to_owned()),
            api_base: Some(self.tmdb_api_base.clone()),
            language: Some(self.tmdb_language.clone()),
            region: self.tmdb_region.clone(),
            image_base: Some(self.tmdb_image_base.clone()),
        })
    }

    /// The showtimes feed to run.
    ///
    /// # Errors
    /// A message for an unknown `SHOWTIMES`.
    pub fn showtimes(&self) -> Result<leffaseura_finnkino::FeedChoice, String> {
        leffaseura_finnkino::FeedChoice::from_settings(
            self.showtimes.as_deref(),
            self.finnkino_api_base.as_deref(),
        )
    }

    /// The login and registration limits (core's, counted in the database).
    pub fn import_poll(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.import_poll_ms)
    }

    pub fn rate_limit_settings(&self) -> RateLimitSettings {
        match self.rate_limits {
            Switch::Off => RateLimitSettings::OFF,
            Switch::On => RateLimitSettings {
                login: self.rate_limit_login.0,
                register: self.rate_limit_register.0,
            },
        }
    }

    /// The HTTP adapter's limits (client address, writes per user).
    pub fn http_limits(&self) -> HttpLimits {
        HttpLimits {
            trust_proxy: self.trust_proxy,
            writes_per_user: match self.rate_limits {
                Switch::Off => None,
                Switch::On => self.rate_limit_writes.0,
            },
        }
    }

    pub fn cors_origins(&self) -> Vec<String> {
        self.cors_origins
            .iter()
            .map(|o| o.trim().trim_end_matches('/').to_owned())
            .filter(|o| !o.is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_redaction() {
        let config =
            Config::try_parse_from(["leffaseura-server", "--jwt-secret", "hunter2-hunter2"])
                .unwrap();
        assert_eq!(config.bind, "127.0.0.1:8080");
        assert_eq!(config.log_format, LogFormat::Pretty);
        assert_eq!(config.access_log, Switch::On);
        assert!(!config.bench_floor);
        assert!(config.database_url().starts_with("sqlite://"));
        assert!(config.database_url().ends_with("leffaseura.db"));
        let debug = format!("{config:?}");
        assert!(!debug.contains("hunter2"), "{debug}");
    }

    #[test]
    fn the_access_log_can_be_turned_off() {
        let config = Config::try_parse_from(["leffaseura-server", "--access-log", "off"]).unwrap();
        assert_eq!(config.access_log, Switch::Off);
        assert!(Config::try_parse_from(["leffaseura-server", "--access-log", "maybe"]).is_err());
    }

    #[test]
    fn the_pool_size_is_the_backends_default_unless_set() {
        let config = Config::try_parse_from(["leffaseura-server"]).unwrap();
        assert_eq!(config.pool().max_connections, None);
        let config = Config::try_parse_from(["leffaseura-server", "--db-pool-size", "3"]).unwrap();
        assert_eq!(config.pool().max_connections, Some(3));
        assert!(Config::try_parse_from(["leffaseura-server", "--db-pool-size", "0"]).is_err());
    }

    #[test]
    fn tmdb_flags_reach_the_client_config_and_secrets_stay_hidden() {
        let config = Config::try_parse_from([
            "leffaseura-server",
            "--tmdb-api-key",
            "0123456789abcdef0123456789abcdef",
            "--tmdb-read-token",
            "eyJhbGciOiJIUzI1NiJ9.token",
            "--tmdb-api-base",
            "http://127.0.0.1:9/3/",
            "--tmdb-language",
            "fi-FI",
            "--tmdb-region",
            "FI",
        ])
        .unwrap();
        let debug = format!("{config:?}");
        assert!(!debug.contains("0123456789abcdef"), "{debug}");
        assert!(!debug.contains("eyJ"), "{debug}");
        let tmdb = config.tmdb().expect("credentials given");
        assert_eq!(tmdb.credentials.kind(), "read token");
        assert_eq!(tmdb.api_base, "http://127.0.0.1:9/3");
        assert_eq!(tmdb.language, "fi-FI");
        assert_eq!(tmdb.region.as_deref(), Some("FI"));
        assert_eq!(tmdb.image_base, "https://image.tmdb.org/t/p");
        let tmdb_debug = format!("{tmdb:?}");
        assert!(!tmdb_debug.contains("eyJ"), "{tmdb_debug}");

        // A blank key (an empty line in an env file) means the demo catalog.
        let config = Config::try_parse_from(["leffaseura-server", "--tmdb-api-key", ""]).unwrap();
        assert!(config.tmdb().is_none());
    }

    #[test]
    fn showtimes_are_demo_until_finnkino_is_configured() {
        use leffaseura_finnkino::FeedKind;
        let kind = |args: &[&str]| {
            let mut all = vec!["leffaseura-server"];
            all.extend_from_slice(args);
            Config::try_parse_from(all)
                .unwrap()
                .showtimes()
                .map(|c| c.kind())
        };
        assert_eq!(kind(&[]), Ok(FeedKind::Demo));
        assert_eq!(
            kind(&["--finnkino-api-base", "http://127.0.0.1:9/xml"]),
            Ok(FeedKind::Finnkino)
        );
        assert_eq!(
            kind(&[
                "--showtimes",
                "demo",
                "--finnkino-api-base",
                "http://127.0.0.1:9/xml"
            ]),
            Ok(FeedKind::Demo)
        );
        assert_eq!(kind(&["--showtimes", "finnkino"]), Ok(FeedKind::Finnkino));
        assert!(kind(&["--showtimes", "cinema"]).is_err());
    }

    #[test]
    fn rate_limits_have_defaults_can_be_set_one_by_one_and_turned_off_together() {
        let parse = |args: &[&str]| {
            let mut all = vec!["leffaseura-server"];
            all.extend_from_slice(args);
            Config::try_parse_from(all)
        };
        let defaults = parse(&[]).unwrap();
        let settings = defaults.rate_limit_settings();
        assert_eq!(settings.login, RateLimit::parse("30/10m").ok());
        assert_eq!(settings.register, RateLimit::parse("10/1h").ok());
        assert_eq!(
            defaults.http_limits().writes_per_user,
            RateLimit::parse("120/1m").ok()
        );
        assert!(!defaults.http_limits().trust_proxy);
        assert_eq!(defaults.hash_queue_timeout_secs, 10);

        let custom = parse(&[
            "--rate-limit-login",
            "5/1m",
            "--rate-limit-register",
            "off",
            "--trust-proxy",
        ])
        .unwrap();
        assert_eq!(
            custom.rate_limit_settings().login,
            RateLimit::parse("5/1m").ok()
        );
        assert_eq!(custom.rate_limit_settings().register, None);
        assert!(custom.http_limits().trust_proxy);

        let off = parse(&["--rate-limits", "off"]).unwrap();
        assert_eq!(off.rate_limit_settings(), RateLimitSettings::OFF);
        assert_eq!(off.http_limits().writes_per_user, None);

        assert!(parse(&["--rate-limit-login", "lots"]).is_err());
        assert!(parse(&["--rate-limits", "maybe"]).is_err());
        assert!(parse(&["--hash-queue-timeout-secs", "0"]).is_err());
    }

    #[test]
    fn cors_origins_are_a_comma_list() {
        let config = Config::try_parse_from([
            "leffaseura-server",
            "--cors-origins",
            "http://localhost:5173, https://leffaseura.fi/",
            "--log-format",
            "json",
        ])
        .unwrap();
        assert_eq!(
            config.cors_origins(),
            vec![
                "http://localhost:5173".to_owned(),
                "https://leffaseura.fi".to_owned()
            ]
        );
        assert_eq!(config.log_format, LogFormat::Json);
    }
}
