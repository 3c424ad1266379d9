//! `leffaseura-server`: reads the configuration, connects the database (running its
//! migrations), wires the adapters into the HTTP app and serves until SIGTERM/SIGINT.

mod access_line;
mod config;
mod import_worker;
mod secret;

use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{Endpoint, EndpointExt, Server};
use tracing_appender::non_blocking::WorkerGuard;
use tracing_subscriber::EnvFilter;

use leffaseura_core::ports::{Clock, SystemClock, UserStore};

/// See the workspace Cargo.toml: requests allocate many small blocks.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
use leffaseura_core::use_cases::Accounts;
use leffaseura_core::use_cases::Favorites;
use leffaseura_core::use_cases::Groups;
use leffaseura_core::use_cases::Logins;
use leffaseura_core::use_cases::Movies;
use leffaseura_core::use_cases::RateLimits;
use leffaseura_core::use_cases::Reports;
use leffaseura_core::use_cases::Reviews;
use leffaseura_core::use_cases::{Imports, PersonalData};
use leffaseura_core::use_cases::{ShowtimePorts, Showtimes, WatchParties};
use leffaseura_http::auth::{Argon2Hasher, JwtIssuer};
use leffaseura_http::{build_app, AppConfig, AppState, Services};
use leffaseura_sql::SqlStore;

use crate::access_line::AccessLines;
use crate::config::{Config, LogFormat};

/// Logs go to stdout through a background writer thread, so that a request never waits
/// for a write to stdout (under load the access log alone is one line per request). The
/// guard flushes what is queued when it is dropped at exit.
/// Standard output for the log's writer thread, in batches. That thread writes the lines
/// it finds queued, then flushes; this flush also pauses the thread for
/// [`BatchingStdout::PAUSE`], so lines logged meanwhile wait in the queue instead of
/// waking it one by one. Under load the access log was half of a simple read's CPU, most of
/// it waking that thread and writing per line; now it wakes at most 500 times a second,
/// and a line reaches stdout at most that pause late.
struct BatchingStdout(std::io::BufWriter<std::io::Stdout>);

impl BatchingStdout {
    const PAUSE: Duration = Duration::from_millis(2);
}

impl Default for BatchingStdout {
    fn default() -> Self {
        Self(std::io::BufWriter::with_capacity(
            64 * 1024,
            std::io::stdout(),
        ))
    }
}

impl std::io::Write for BatchingStdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()?;
        std::thread::sleep(Self::PAUSE);
        Ok(())
    }
}

/// Lines that may wait for the log's writer thread; a request that logs into a full queue
/// waits for room (nothing is dropped). The queue is a ring allocated and touched whole at
/// start, 32 bytes a line: tracing-appender's default of 128,000 lines kept 4 MiB resident
/// for good, a sixth of the idle server. 8,192 lines are still about 0.2 s of the access
/// log at the benchmark's fastest rate, far more than the writer's 2 ms pause lets queue.
const LOG_QUEUE_LINES: usize = 8_192;

fn init_logging(format: LogFormat, access_log: config::Switch) -> WorkerGuard {
    let mut filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    if access_log == config::Switch::Off {
        if let Ok(off) = format!("{}=off", leffaseura_http::middleware::ACCESS_LOG_TARGET).parse() {
            filter = filter.add_directive(off);
        }
    }
    // Not lossy: a full queue slows requests down rather than dropping warnings and errors.
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .buffered_lines_limit(LOG_QUEUE_LINES)
        .lossy(false)
        .finish(BatchingStdout::default());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let standard = tracing_subscriber::fmt::format();
    match format {
        LogFormat::Json => builder
            .fmt_fields(tracing_subscriber::fmt::format::JsonFields::new())
            .event_format(AccessLines {
                other: standard.json().with_current_span(false),
                json: true,
            })
            .init(),
        LogFormat::Pretty => builder
            .with_ansi(std::io::stdout().is_terminal())
            .event_format(AccessLines {
                other: standard,
                json: false,
            })
            .init(),
    }
    guard
}

/// The database at `url`, migrated: Postgres for `postgres://` URLs, else SQLite.
async fn connect(url: &str, pool: leffaseura_sql::PoolSettings) -> anyhow::Result<SqlStore> {
    if leffaseura_sql::is_postgres_url(url) {
        let store = leffaseura_postgres::connect_with(url, pool)
            .await
            .context("connecting to Postgres")?;
        leffaseura_postgres::migrate(&store)
            .await
            .context("migrating the Postgres database")?;
        tracing::info!("database: Postgres (migrated)");
        Ok(store.with_community_cache(leffaseura_postgres::community_cache(url)))
    } else {
        let store = leffaseura_sqlite::connect_with(url, pool)
            .await
            .with_context(|| format!("opening the SQLite database {url}"))?;
        leffaseura_sqlite::migrate(&store)
            .await
            .context("migrating the SQLite database")?;
        tracing::info!(url, "database: SQLite (migrated)");
        match leffaseura_sqlite::database_file(url) {
            Some(file) => {
                let cache = leffaseura_sqlite::community_cache(&store, &file)
                    .context("watching the SQLite database for changed users")?;
                Ok(store.with_community_cache(cache))
            }
            None => Ok(store),
        }
    }
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(err) => {
                    tracing::warn!(%err, "cannot listen for SIGTERM; only Ctrl-C stops the server");
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {},
            _ = terminate.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
    tracing::info!("shutting down: finishing requests in flight");
}

/// Catalog pages (20 films each) the demo showtimes are built from: the whole bundled
/// demo catalog, or TMDB's current favourites.
const DEMO_FILM_PAGES: (u32, u32) = (25, 2);
/// Longest wait for one catalog lookup while enriching a schedule: a slow catalog costs
/// a schedule its posters, not its answer.
const ENRICH_LOOKUP_TIMEOUT: Duration = Duration::from_millis(2500);

/// The showtimes use cases over the configured feed (Finnkino behind the store's cache,
/// or the demo feed over the catalog's films), enriched through the catalog.
fn showtimes(
    config: &Config,
    store: &Arc<SqlStore>,
    catalog: &leffaseura_tmdb::Movies,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<Arc<Showtimes>> {
    let choice = config.showtimes().map_err(anyhow::Error::msg)?;
    let pages = match catalog.kind() {
        leffaseura_tmdb::CatalogKind::Demo => DEMO_FILM_PAGES.0,
        leffaseura_tmdb::CatalogKind::Tmdb => DEMO_FILM_PAGES.1,
    };
    let feed = choice
        .start(store.clone(), Arc::new(catalog.catalog().clone()), pages)
        .context("setting up the showtimes feed")?;
    let enrichment = catalog
        .catalog()
        .clone()
        .with_ttls(leffaseura_tmdb::CacheTtls {
            upstream_timeout: ENRICH_LOOKUP_TIMEOUT,
            ..leffaseura_tmdb::CacheTtls::default()
        });
    Ok(Arc::new(Showtimes::new(ShowtimePorts {
        feed,
        cache: store.clone(),
        catalog: Arc::new(enrichment),
        favorites: store.clone(),
        preferences: store.clone(),
        clock,
    })))
}

async fn run(config: Config) -> anyhow::Result<()> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("creating the data directory {}", config.data_dir.display()))?;

    // Before the adapters start, so that their first calls are counted.
    let metrics = leffaseura_http::metrics::install(
        config
            .metrics_token
            .as_ref()
            .map(|token| token.expose().trim().to_owned()),
    )
    .map_err(anyhow::Error::msg)
    .context("installing the metrics recorder")?;
    let store = Arc::new(connect(&config.database_url(), config.pool()).await?);
    let pool_store = store.clone();
    let metrics = metrics.on_scrape(Arc::new(move || pool_store.record_pool_metrics()));
    let secret = match &config.jwt_secret {
        Some(secret) => {
            if secret.expose().len() < 32 {
                tracing::warn!("JWT_SECRET is shorter than 32 bytes; use a long random string");
            }
            secret.expose().as_bytes().to_vec()
        }
        None => secret::load_or_create(&config.data_dir)?,
    };

    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let users: Arc<dyn UserStore> = store.clone();
    // TMDB behind the database cache when a TMDB key or read token is set, else the
    // bundled demo catalog; the choice is logged.
    let catalog = leffaseura_tmdb::Movies::start(
        config.tmdb(),
        store.clone(),
        leffaseura_tmdb::DemoConfig::default(),
    )
    .await
    .context("setting up the movie catalog")?;
    let reviews = Reviews::new(
        store.clone(),
        store.clone(),
        Arc::new(catalog.catalog().clone()),
        clock.clone(),
    );
    let favorites = Favorites::new(
        store.clone(),
        store.clone(),
        users.clone(),
        Arc::new(catalog.catalog().clone()),
        store.clone(),
        clock.clone(),
    );
    let movies = Movies::new(
        Arc::new(catalog.catalog().clone()),
        catalog.posters(),
        catalog.kind(),
    );
    let groups = Groups::new(store.clone(), users.clone(), clock.clone());
    let showtimes = showtimes(&config, &store, &catalog, clock.clone())?;
    let reports = Reports::new(
        store.clone(),
        users.clone(),
        store.clone(),
        store.clone(),
        clock.clone(),
    );
    let accounts = Accounts::new(
        users.clone(),
        store.clone(),
        Arc::new(Argon2Hasher::with_queue_timeout(Duration::from_secs(
            config.hash_queue_timeout_secs,
        ))),
        Arc::new(JwtIssuer::new(&secret, clock.clone())),
        clock.clone(),
    );
    let parties = WatchParties::new(store.clone(), store.clone(), clock.clone());
    let personal_data = PersonalData::new(
        users.clone(),
        store.clone(),
        store.clone(),
        store.clone(),
        store.clone(),
        store.clone(),
        clock.clone(),
    );
    let imports = Arc::new(Imports::new(
        store.clone(),
        Arc::new(catalog.catalog().clone()),
        store.clone(),
        store.clone(),
        clock.clone(),
    ));
    let import_worker = import_worker::spawn(imports.clone(), config.import_poll());
    let accounts = Arc::new(accounts);
    let rate_limits = Arc::new(RateLimits::new(
        store.clone(),
        clock.clone(),
        config.rate_limit_settings(),
    ));
    if config.rate_limits == config::Switch::Off {
        tracing::warn!(
            "RATE_LIMITS=off: logins per address, registrations and writes are not limited"
        );
    }
    let logins = Logins::new(accounts.clone(), rate_limits.clone(), store.clone(), clock);
    let state = AppState::from(Services {
        accounts,
        rate_limits,
        logins: Arc::new(logins),
        users,
        reviews: Arc::new(reviews),
        favorites: Arc::new(favorites),
        groups: Arc::new(groups),
        movies: Arc::new(movies),
        showtimes,
        reports: Arc::new(reports),
        parties: Arc::new(parties),
        personal_data: Arc::new(personal_data),
        imports,
    });
    let app_config = AppConfig {
        webapp_dir: config.webapp_dir.clone(),
        cors_origins: config.cors_origins(),
        limits: config.http_limits(),
        metrics: Some(metrics),
    };
    if !config.webapp_dir.join("index.html").is_file() {
        tracing::warn!(
            dir = %config.webapp_dir.display(),
            "the webapp is not built; / shows how to build it (cd webapp && npm ci && npm run build)"
        );
    }
    let app = build_app(state, &app_config).around(|endpoint, request| async move {
        leffaseura_postgres::one_settle_per_request(endpoint.call(request)).await
    });

    serve(&config, app).await?;
    import_worker.abort();
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

#[poem::handler]
fn floor() -> poem::web::Json<serde_json::Value> {
    poem::web::Json(serde_json::json!({"status": "ok"}))
}

/// See `Config::bench_floor`: the same listener, server and graceful shutdown as [`run`],
/// around a single trivial handler.
async fn run_floor(config: Config) -> anyhow::Result<()> {
    let app = poem::Route::new().at("/floor", poem::get(floor));
    tracing::info!("bench floor: serving GET /floor only");
    serve(&config, app).await
}

/// Listens on `BIND`, logs the address (scripts read it), and serves `app` until a
/// shutdown signal, draining requests in flight for `SHUTDOWN_DRAIN_SECS`.
async fn serve(config: &Config, app: impl poem::Endpoint + 'static) -> anyhow::Result<()> {
    let acceptor = TcpListener::bind(config.bind.clone())
        .into_acceptor()
        .await
        .with_context(|| format!("listening on {}", config.bind))?;
    for addr in acceptor.local_addr() {
        if let Some(addr) = addr.as_socket_addr() {
            tracing::info!("listening on http://{addr}");
        }
    }
    Server::new_with_acceptor(acceptor)
        .run_with_graceful_shutdown(
            app,
            shutdown_signal(),
            Some(Duration::from_secs(config.shutdown_drain_secs)),
        )
        .await
        .context("serving HTTP")
}

/// What to tell the operator when the server cannot start: the error, and a hint for the
/// usual cause when there is one.
fn failure_message(err: &anyhow::Error, bind: &str) -> String {
    let address_in_use = err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::AddrInUse)
    });
    let mut message = format!("{err:#}");
    if address_in_use {
        message.push_str(&format!(
            "\nhint: another program (perhaps another leffaseura-server) already listens on \
             {bind}; stop it, or set BIND to a free address, e.g. BIND=127.0.0.1:8081 \
             (BIND=127.0.0.1:0 picks any free port)"
        ));
    }
    message
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    if config.dump_openapi {
        print!("{}", leffaseura_http::api::spec_yaml());
        return std::process::ExitCode::SUCCESS;
    }
    let _log_guard = init_logging(config.log_format, config.access_log);
    let (bind, log_format) = (config.bind.clone(), config.log_format);
    let served = if config.bench_floor {
        run_floor(config).await
    } else {
        run(config).await
    };
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            let message = failure_message(&err, &bind);
            // Once: as a log line for log collectors, else as plain text on stderr.
            match log_format {
                LogFormat::Json => tracing::error!("{message}"),
                LogFormat::Pretty => eprintln!("leffaseura-server: {message}"),
            }
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_port_in_use_gets_a_hint_to_set_bind() {
        let io = std::io::Error::new(std::io::ErrorKind::AddrInUse, "Address already in use");
        let err = anyhow::Error::new(io).context("listening on 127.0.0.1:8080");
        let message = failure_message(&err, "127.0.0.1:8080");
        assert!(
            message.starts_with("listening on 127.0.0.1:8080: Address already in use\nhint: "),
            "{message}"
        );
        assert!(message.contains("set BIND"), "{message}");

        let other = anyhow::anyhow!("migrating the SQLite database");
        assert_eq!(
            failure_message(&other, "127.0.0.1:8080"),
            "migrating the SQLite database"
        );
    }
}
