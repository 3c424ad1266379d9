//! The server's configuration: every setting a `--flag` and an environment variable.

use std::path::PathBuf;
use std::str::FromStr;

use clap::{Parser, ValueEnum};

/// Leffaseura's HTTP server: the API under /api and /api/v1, its docs at /api/docs, and
/// the webapp at /.
#[derive(Parser, Debug, Clone)]
#[command(name = "leffaseura-server", version, about)]
pub struct Config {
    /// Database URL: `postgres://user@host/db` selects Postgres; default
    /// `sqlite://<DATA_DIR>/leffaseura.db`.
    #[arg(long, env = "DATABASE_URL")]
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

    /// Print the OpenAPI spec as YAML and exit (touches no database).
    #[arg(long)]
    pub dump_openapi: bool,
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

impl Config {
    /// `DATABASE_URL`, or the SQLite file in the data directory.
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| leffaseura_sqlite::default_url(&self.data_dir))
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
        assert!(config.database_url().starts_with("sqlite://"));
        assert!(config.database_url().ends_with("leffaseura.db"));
        let debug = format!("{config:?}");
        assert!(!debug.contains("hunter2"), "{debug}");
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
