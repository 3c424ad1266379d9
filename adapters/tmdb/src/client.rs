//! `MovieCatalog` over TMDB's v3 API with reqwest: bounded time, polite retries, and
//! errors mapped to the core's (401 → Upstream and a loud log, 404 → NotFound).

use std::time::Duration;

use async_trait::async_trait;
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    check_title_year, movie_not_found, rank_best_matches, CatalogPage, DiscoverSort, Genre,
    GenreFilter, MovieDetails, MoviePage, MovieSummary, SearchQuery, SortKey,
};
use leffaseura_core::ports::MovieCatalog;
use leffaseura_core::{Error, ErrorCode, MovieId};
use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::StatusCode;
use tokio::time::Instant;

use crate::config::{TmdbConfig, TmdbCredentials};
use crate::images::ImageUrls;
use crate::wire;

/// The longest single backoff we wait when TMDB gives no `Retry-After`.
const MAX_BACKOFF: Duration = Duration::from_secs(4);

/// The TMDB catalog.
#[derive(Debug, Clone)]
pub struct TmdbCatalog {
    http: reqwest::Client,
    config: TmdbConfig,
    images: ImageUrls,
}

pub(crate) fn upstream_unavailable(message: &'static str) -> Error {
    Error::Upstream {
        code: ErrorCode::UpstreamUnavailable,
        message: message.into(),
        unavailable: true,
    }
}

pub(crate) fn upstream_error(message: &'static str) -> Error {
    Error::Upstream {
        code: ErrorCode::UpstreamError,
        message: message.into(),
        unavailable: false,
    }
}

/// What one attempt produced.
enum Attempt {
    Done(Result<String, Error>),
    /// Retry after this long (if the budget allows), else fail with the error.
    Retry(Option<Duration>, Error),
}

impl TmdbCatalog {
    /// Builds the client (connect timeout from the config; the total budget is enforced
    /// per call).
    ///
    /// # Errors
    /// `Internal` when the HTTP client cannot be built (TLS set-up).
    pub fn new(config: TmdbConfig) -> Result<Self, Error> {
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .user_agent(concat!("leffaseura/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(Error::internal)?;
        let images = ImageUrls::new(config.image_base.clone());
        Ok(Self {
            http,
            config,
            images,
        })
    }

    pub fn config(&self) -> &TmdbConfig {
        &self.config
    }

    /// GETs `path` with `query` and returns the body of a 2xx answer, retrying 429 and
    /// 5xx within the total budget.
    async fn get(&self, path: &str, query: &[(&str, String)]) -> Result<String, Error> {
        let deadline = Instant::now() + self.config.total_timeout;
        let mut attempt = 0u32;
        loop {
            let remaining = deadline.saturating_duration_since(Instant::now());
            if remaining.is_zero() {
                tracing::warn!(path, "TMDB did not answer within the time budget");
                return Err(upstream_unavailable(
                    "The movie service did not answer in time.",
                ));
            }
            match self.attempt(path, query, remaining).await {
                Attempt::Done(result) => return result,
                Attempt::Retry(wait, error) => {
                    if attempt >= self.config.max_retries {
                        return Err(error);
                    }
                    let wait = wait.unwrap_or_else(|| backoff(self.config.base_backoff, attempt));
                    // Never wait past the budget: give up now instead of answering late.
                    if Instant::now() + wait >= deadline {
                        tracing::warn!(path, ?wait, "TMDB asked us to wait longer than our budget");
                        return Err(error);
                    }
                    tracing::info!(path, ?wait, attempt, "retrying TMDB");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
            }
        }
    }

    /// One request to TMDB, counted by upstream (`tmdb`) as a call, and as a failure
    /// unless TMDB answered (a 404 is an answer: no such movie).
    async fn attempt(&self, path: &str, query: &[(&str, String)], remaining: Duration) -> Attempt {
        let started = std::time::Instant::now();
        let attempt = self.attempt_once(path, query, remaining).await;
        let failed = match &attempt {
            Attempt::Retry(..) => true,
            Attempt::Done(result) => matches!(result, Err(Error::Upstream { .. })),
        };
        metrics::counter!("leffaseura_upstream_calls_total", "upstream" => "tmdb").increment(1);
        if failed {
            metrics::counter!("leffaseura_upstream_failures_total", "upstream" => "tmdb")
                .increment(1);
        }
        metrics::histogram!("leffaseura_upstream_call_duration_seconds", "upstream" => "tmdb")
            .record(started.elapsed().as_secs_f64());
        attempt
    }

    async fn attempt_once(
        &self,
        path: &str,
        query: &[(&str, String)],
        remaining: Duration,
    ) -> Attempt {
        let url = format!("{}{path}", self.config.api_base);
        let mut request = self.http.get(&url).timeout(remaining).query(query);
        request = match &self.config.credentials {
            TmdbCredentials::ApiKey(key) => request.query(&[("api_key", key)]),
            TmdbCredentials::ReadToken(token) => request.bearer_auth(token),
        };
        let response = match request.send().await {
            Ok(response) => response,
            Err(err) => {
                // Display of a reqwest error includes the URL, and with it the api_key.
                let err = err.without_url();
                if err.is_timeout() {
                    tracing::warn!(path, error = %err, "TMDB timed out");
                    return Attempt::Done(Err(upstream_unavailable(
                        "The movie service did not answer in time.",
                    )));
                }
                tracing::warn!(path, error = %err, "TMDB could not be reached");
                return Attempt::Retry(
                    None,
                    upstream_unavailable("The movie service cannot be reached."),
                );
            }
        };
        let status = response.status();
        let retry_after = retry_after(response.headers());
        let body = match response.text().await {
            Ok(body) => body,
            Err(err) => {
                let err = err.without_url();
                tracing::warn!(path, error = %err, "reading TMDB's answer failed");
                return Attempt::Done(Err(if err.is_timeout() {
                    upstream_unavailable("The movie service did not answer in time.")
                } else {
                    upstream_error("The movie service sent a broken answer.")
                }));
            }
        };
        if status.is_success() {
            return Attempt::Done(Ok(body));
        }
        let detail = wire::describe_error_body(&body);
        match status {
            StatusCode::UNAUTHORIZED => {
                tracing::error!(
                    path,
                    credentials = self.config.credentials.kind(),
                    %detail,
                    "TMDB REJECTED OUR CREDENTIALS (HTTP 401): check TMDB_API_KEY / TMDB_READ_TOKEN"
                );
                Attempt::Done(Err(upstream_error(
                    "The movie service refused our request.",
                )))
            }
            StatusCode::NOT_FOUND => Attempt::Done(Err(movie_not_found())),
            StatusCode::TOO_MANY_REQUESTS => {
                tracing::warn!(path, ?retry_after, %detail, "TMDB rate limited us (429)");
                Attempt::Retry(
                    retry_after,
                    upstream_unavailable("The movie service is busy; try again soon."),
                )
            }
            s if s.is_server_error() => {
                tracing::warn!(path, status = s.as_u16(), %detail, "TMDB failed");
                let error = if matches!(
                    s,
                    StatusCode::SERVICE_UNAVAILABLE | StatusCode::GATEWAY_TIMEOUT
                ) {
                    upstream_unavailable("The movie service is unavailable.")
                } else {
                    upstream_error("The movie service failed.")
                };
                Attempt::Retry(retry_after, error)
            }
            s => {
                tracing::warn!(path, status = s.as_u16(), %detail, "TMDB refused the request");
                Attempt::Done(Err(upstream_error(
                    "The movie service refused our request.",
                )))
            }
        }
    }

    /// The `language` TMDB answers in: the one asked for, else `TMDB_LANGUAGE`.
    fn language_tag(&self, language: Option<Language>) -> &str {
        match language {
            Some(language) => language.tag(),
            None => &self.config.language,
        }
    }

    fn common(&self, language: Option<Language>) -> Vec<(&'static str, String)> {
        vec![("language", self.language_tag(language).to_owned())]
    }

    fn with_region(&self, mut query: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
        if let Some(region) = &self.config.region {
            query.push(("region", region.clone()));
        }
        query
    }

    async fn page(
        &self,
        path: &str,
        query: Vec<(&'static str, String)>,
        page: CatalogPage,
    ) -> Result<MoviePage, Error> {
        let body = self
            .get(path, &query)
            .await
            .map_err(|err| list_error(path, err))?;
        wire::parse_page(&body, page.get(), &self.images).map_err(|err| malformed(path, &err))
    }

    async fn search_raw(
        &self,
        title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        let mut query = self.common(language);
        query.push(("query", title.trim().to_owned()));
        query.push(("include_adult", "false".into()));
        query.push(("page", "1".into()));
        if let Some(year) = year {
            query.push(("year", year.to_string()));
        }
        Ok(self
            .page("/search/movie", query, CatalogPage::FIRST)
            .await?
            .results)
    }
}

/// A 404 means "no such movie" only on the details endpoint; on a list endpoint it means
/// a wrong `TMDB_API_BASE`.
fn list_error(path: &str, err: Error) -> Error {
    if matches!(err, Error::NotFound { .. }) {
        tracing::error!(
            path,
            "TMDB answered 404 for a list endpoint: check TMDB_API_BASE"
        );
        return upstream_error("The movie service refused our request.");
    }
    err
}

fn malformed(path: &str, err: &serde_json::Error) -> Error {
    tracing::warn!(path, error = %err, "TMDB sent JSON we cannot read");
    upstream_error("The movie service sent a broken answer.")
}

/// `Retry-After` in seconds (the HTTP-date form is rare for APIs and ignored).
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    let seconds: f64 = value.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds.min(3600.0)))
}

/// `include_video_language` for answers in `tag`: trailers in that language or without
/// one (format notes §4, videos), and English ones too, since most trailers are English
/// and a Finnish page with no trailer would be poorer than one with an English trailer.
fn video_languages(tag: &str) -> String {
    let code = tag.split('-').next().unwrap_or("en");
    if code.eq_ignore_ascii_case("en") {
        "en,null".to_owned()
    } else {
        format!("{code},en,null")
    }
}

fn backoff(base: Duration, attempt: u32) -> Duration {
    base.saturating_mul(2u32.saturating_pow(attempt))
        .min(MAX_BACKOFF)
}

#[async_trait]
impl MovieCatalog for TmdbCatalog {
    async fn search(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let mut params = self.common(language);
        params.push(("query", query.as_str().to_owned()));
        params.push(("page", page.get().to_string()));
        params.push(("include_adult", "false".into()));
        self.page("/search/movie", params, page).await
    }

    async fn genres(&self, language: Option<Language>) -> Result<Vec<Genre>, Error> {
        let path = "/genre/movie/list";
        let body = self
            .get(path, &self.common(language))
            .await
            .map_err(|err| list_error(path, err))?;
        wire::parse_genres(&body).map_err(|err| malformed(path, &err))
    }

    async fn discover(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let mut params = self.common(language);
        params.push(("page", page.get().to_string()));
        params.push(("include_adult", "false".into()));
        params.push(("sort_by", sort.as_tmdb()));
        if !genres.is_empty() {
            params.push(("with_genres", genres.to_query()));
        }
        if sort.key == SortKey::VoteAverage {
            // Without a floor, "best rated" is a list of films with one 10/10 vote.
            params.push(("vote_count.gte", "200".into()));
        }
        self.page("/discover/movie", params, page).await
    }

    async fn popular(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let mut params = self.common(language);
        params.push(("page", page.get().to_string()));
        self.page("/movie/popular", self.with_region(params), page)
            .await
    }

    async fn details(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<MovieDetails, Error> {
        if id.0 <= 0 {
            return Err(movie_not_found());
        }
        let path = format!("/movie/{}", id.0);
        let mut params = self.common(language);
        params.push(("append_to_response", "credits,videos".into()));
        params.push((
            "include_video_language",
            video_languages(self.language_tag(language)),
        ));
        let body = self.get(&path, &params).await?;
        match wire::parse_details(&body, &self.images) {
            Ok(Some(details)) => Ok(details),
            Ok(None) => Err(movie_not_found()),
            Err(err) => Err(malformed(&path, &err)),
        }
    }

    async fn best_match(
        &self,
        original_title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        check_title_year(original_title, year)?;
        let mut candidates = self.search_raw(original_title, year, language).await?;
        if candidates.is_empty() && year.is_some() {
            // A production year often differs from TMDB's release year by one.
            candidates = self.search_raw(original_title, None, language).await?;
        }
        Ok(rank_best_matches(candidates, original_title, year))
    }

    async fn now_playing(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let mut params = self.common(language);
        params.push(("page", page.get().to_string()));
        self.page("/movie/now_playing", self.with_region(params), page)
            .await
    }

    fn list_poster_url(&self, tmdb_path: &str) -> Option<String> {
        self.images.list_poster(Some(tmdb_path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn retry_after_reads_seconds() {
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers), None);
        headers.insert(RETRY_AFTER, HeaderValue::from_static("2"));
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(2)));
        headers.insert(
            RETRY_AFTER,
            HeaderValue::from_static("Wed, 21 Oct 2015 07:28:00 GMT"),
        );
        assert_eq!(retry_after(&headers), None);
    }

    #[test]
    fn poster_paths_become_list_poster_urls_on_the_configured_host() {
        let mut config = TmdbConfig::new(TmdbCredentials::ApiKey("k".into()));
        config.image_base = "http://img.local/t/p/".into();
        let tmdb = TmdbCatalog::new(config).expect("client");
        let catalog = crate::CachingCatalog::uncached(std::sync::Arc::new(tmdb));
        assert_eq!(
            catalog.list_poster_url("/abc123.jpg").as_deref(),
            Some("http://img.local/t/p/w342/abc123.jpg")
        );
    }

    #[test]
    fn trailers_in_the_answer_language_or_english() {
        assert_eq!(video_languages("en-US"), "en,null");
        assert_eq!(video_languages("fi-FI"), "fi,en,null");
        assert_eq!(video_languages("sv"), "sv,en,null");
    }

    #[test]
    fn backoff_doubles_and_is_capped() {
        let base = Duration::from_millis(500);
        assert_eq!(backoff(base, 0), Duration::from_millis(500));
        assert_eq!(backoff(base, 1), Duration::from_secs(1));
        assert_eq!(backoff(base, 10), MAX_BACKOFF);
    }
}
