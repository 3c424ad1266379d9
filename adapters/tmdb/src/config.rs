//! How to reach TMDB. Secrets never reach logs: `Debug` redacts them.

use std::fmt;
use std::time::Duration;

use crate::images::DEFAULT_IMAGE_BASE;

/// TMDB's production API.
pub const DEFAULT_API_BASE: &str = "https://api.themoviedb.org/3";
/// TMDB's default language.
pub const DEFAULT_LANGUAGE: &str = "en-US";

/// One of TMDB's two equal ways to authenticate (format notes §2).
#[derive(Clone, PartialEq, Eq)]
pub enum TmdbCredentials {
    /// The 32-character v3 key, sent as `?api_key=`.
    ApiKey(String),
    /// The API Read Access Token (a JWT), sent as `Authorization: Bearer`.
    ReadToken(String),
}

impl TmdbCredentials {
    /// Picks the read token when given, else the API key; blank values count as absent.
    /// `None` means no credentials: the demo catalog should be used.
    pub fn from_options(api_key: Option<String>, read_token: Option<String>) -> Option<Self> {
        let present = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        match (present(api_key), present(read_token)) {
            (_, Some(token)) => Some(Self::ReadToken(token)),
            (Some(key), None) => Some(Self::ApiKey(key)),
            (None, None) => None,
        }
    }

    /// `"api key"` or `"read token"`, for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::ApiKey(_) => "api key",
            Self::ReadToken(_) => "read token",
        }
    }
}

impl fmt::Debug for TmdbCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ApiKey(_) => f.write_str("ApiKey(<redacted>)"),
            Self::ReadToken(_) => f.write_str("ReadToken(<redacted>)"),
        }
    }
}

/// Settings of the TMDB client.
#[derive(Debug, Clone)]
pub struct TmdbConfig {
    pub credentials: TmdbCredentials,
    /// `TMDB_API_BASE`, without a trailing slash.
    pub api_base: String,
    /// Where images are served from (TMDB's `secure_base_url`).
    pub image_base: String,
    /// `language` query parameter, e.g. `en-US`.
    pub language: String,
    /// `region` for now playing and popular (ISO 3166-1), e.g. `FI`.
    pub region: Option<String>,
    pub connect_timeout: Duration,
    /// The whole call, retries and waits included, never takes longer than this.
    pub total_timeout: Duration,
    /// Retries after a 429, a 5xx or a refused connection.
    pub max_retries: u32,
    /// First backoff when the server gives no `Retry-After`; doubled per retry.
    pub base_backoff: Duration,
}

impl TmdbConfig {
    /// The defaults: production TMDB, en-US, 3 s connect, 10 s in all, 2 retries.
    pub fn new(credentials: TmdbCredentials) -> Self {
        Self {
            credentials,
            api_base: DEFAULT_API_BASE.to_owned(),
            image_base: DEFAULT_IMAGE_BASE.to_owned(),
            language: DEFAULT_LANGUAGE.to_owned(),
            region: None,
            connect_timeout: Duration::from_secs(3),
            total_timeout: Duration::from_secs(10),
            max_retries: 2,
            base_backoff: Duration::from_millis(500),
        }
    }

    /// Sets the API base; blank keeps the default.
    #[must_use]
    pub fn with_api_base(mut self, base: Option<String>) -> Self {
        if let Some(base) = base.map(|b| b.trim().trim_end_matches('/').to_owned()) {
            if !base.is_empty() {
                self.api_base = base;
            }
        }
        self
    }

    /// Sets the language; blank keeps the default.
    #[must_use]
    pub fn with_language(mut self, language: Option<String>) -> Self {
        if let Some(language) = language.map(|l| l.trim().to_owned()) {
            if !language.is_empty() {
                self.language = language;
            }
        }
        self
    }

    /// The client for `settings` (the server's `--tmdb-*` flags); `None` when there are
    /// no credentials, so the demo catalog should answer. Blank values count as absent.
    pub fn from_settings(settings: TmdbSettings) -> Option<Self> {
        let credentials = TmdbCredentials::from_options(settings.api_key, settings.read_token)?;
        let mut config = Self::new(credentials)
            .with_api_base(settings.api_base)
            .with_language(settings.language);
        if let Some(base) = settings.image_base.filter(|b| !b.trim().is_empty()) {
            config.image_base = base.trim().to_owned();
        }
        config.region = settings
            .region
            .map(|r| r.trim().to_owned())
            .filter(|r| !r.is_empty());
        Some(config)
    }
}

/// What the operator configures (`TMDB_API_KEY`, `TMDB_READ_TOKEN`, `TMDB_API_BASE`,
/// `TMDB_LANGUAGE`, `TMDB_REGION`, `TMDB_IMAGE_BASE`); `None` keeps the default. The
/// server reads them as flags with environment fallbacks; the adapter never reads the
/// environment itself.
#[derive(Clone, Default)]
pub struct TmdbSettings {
    pub api_key: Option<String>,
    pub read_token: Option<String>,
    pub api_base: Option<String>,
    pub language: Option<String>,
    pub region: Option<String>,
    pub image_base: Option<String>,
}

impl fmt::Debug for TmdbSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redacted = |v: &Option<String>| v.as_ref().map(|_| "<redacted>");
        f.debug_struct("TmdbSettings")
            .field("api_key", &redacted(&self.api_key))
            .field("read_token", &redacted(&self.read_token))
            .field("api_base", &self.api_base)
            .field("language", &self.language)
            .field("region", &self.region)
            .field("image_base", &self.image_base)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_secrets() {
        let config = TmdbConfig::new(TmdbCredentials::ApiKey(
            "0123456789abcdef0123456789abcdef".into(),
        ));
        let shown = format!("{config:?}");
        assert!(!shown.contains("0123456789abcdef"), "{shown}");
        assert!(shown.contains("<redacted>"));
        let token = TmdbCredentials::ReadToken("eyJhbGciOiJIUzI1NiJ9.secret".into());
        assert!(!format!("{token:?}").contains("eyJ"));
    }

    #[test]
    fn credentials_prefer_the_token_and_ignore_blanks() {
        assert_eq!(TmdbCredentials::from_options(None, None), None);
        assert_eq!(
            TmdbCredentials::from_options(Some("  ".into()), Some(String::new())),
            None
        );
        assert_eq!(
            TmdbCredentials::from_options(Some("k".into()), None),
            Some(TmdbCredentials::ApiKey("k".into()))
        );
        assert_eq!(
            TmdbCredentials::from_options(Some("k".into()), Some("t".into())),
            Some(TmdbCredentials::ReadToken("t".into()))
        );
    }

    #[test]
    fn blank_overrides_keep_defaults() {
        let config = TmdbConfig::new(TmdbCredentials::ApiKey("k".into()))
            .with_api_base(Some(" ".into()))
            .with_language(None);
        assert_eq!(config.api_base, DEFAULT_API_BASE);
        assert_eq!(config.language, DEFAULT_LANGUAGE);
        let config = config.with_api_base(Some("http://127.0.0.1:9/3/".into()));
        assert_eq!(config.api_base, "http://127.0.0.1:9/3");
    }

    #[test]
    fn settings_without_credentials_mean_the_demo_catalog() {
        assert!(TmdbConfig::from_settings(TmdbSettings::default()).is_none());
        let blank = TmdbSettings {
            api_key: Some("  ".into()),
            api_base: Some("http://127.0.0.1:9/3".into()),
            ..TmdbSettings::default()
        };
        assert!(TmdbConfig::from_settings(blank).is_none());
    }

    #[test]
    fn settings_fill_the_config_and_blanks_keep_defaults() {
        let settings = TmdbSettings {
            api_key: Some("0123456789abcdef0123456789abcdef".into()),
            read_token: None,
            api_base: Some("http://127.0.0.1:9/3/".into()),
            language: Some("fi-FI".into()),
            region: Some(" FI ".into()),
            image_base: Some(" ".into()),
        };
        assert!(!format!("{settings:?}").contains("0123456789abcdef"));
        let config = TmdbConfig::from_settings(settings).expect("credentials given");
        assert_eq!(config.api_base, "http://127.0.0.1:9/3");
        assert_eq!(config.language, "fi-FI");
        assert_eq!(config.region.as_deref(), Some("FI"));
        assert_eq!(config.image_base, DEFAULT_IMAGE_BASE);
        assert_eq!(config.credentials.kind(), "api key");
    }
}
