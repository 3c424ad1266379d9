//! The HTTP side of rate limiting:
//! - [`ClientAddress`]: whom the login and registration limits count (the peer address;
//!   `X-Forwarded-For` only behind a trusted proxy, else anyone could name any address
//!   and never be limited);
//! - [`refuse_write`] (in [`crate::edge`]): writes (POST, PUT, PATCH, DELETE) per logged-in
//!   user, in process (a [`governor`] keyed limiter): a single user flooding writes is a
//!   local load problem, not one that several processes must agree on.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use poem::http::{header, Method};
use poem::web::RemoteAddr;
use poem::{FromRequest, IntoResponse, Request, RequestBody, Response};

use leffaseura_core::domain::rate_limit::{retry_after_secs, RateLimit};
use leffaseura_core::UserId;

use crate::error::ApiError;
use crate::state::AppState;

/// Rate-limit settings of the HTTP adapter (the login and registration limits are
/// core's, in [`AppState::rate_limits`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct HttpLimits {
    /// Take the client address from the last `X-Forwarded-For` entry (the one the
    /// trusted proxy in front of the server appended) instead of the peer address.
    pub trust_proxy: bool,
    /// Writes per logged-in user; `None` = unlimited.
    pub writes_per_user: Option<RateLimit>,
}

/// The address of the client a request comes from, as [`HttpLimits::trust_proxy`] says;
/// `None` when unknown (a test client, a Unix socket).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub Option<IpAddr>);

impl ClientAddress {
    /// The address read from `req`.
    pub fn of(req: &Request) -> Self {
        let trust_proxy = req
            .data::<HttpLimits>()
            .is_some_and(|limits| limits.trust_proxy);
        if trust_proxy {
            let forwarded = req
                .headers()
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|value| value.to_str().ok())
                .flat_map(|value| value.split(','))
                .last()
                .and_then(|last| last.trim().parse::<IpAddr>().ok());
            if forwarded.is_some() {
                return Self(forwarded);
            }
        }
        Self(peer(req.remote_addr()))
    }

    /// The key the ledger files this client's attempts under.
    pub fn key(&self) -> String {
        self.0
            .map_or_else(|| "unknown".to_owned(), |ip| ip.to_canonical().to_string())
    }
}

fn peer(remote: &RemoteAddr) -> Option<IpAddr> {
    remote.as_socket_addr().map(|addr| addr.ip())
}

impl<'a> FromRequest<'a> for ClientAddress {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        Ok(Self::of(req))
    }
}

/// The per-user write limiter (see the module docs).
pub struct WriteLimiter {
    limiter: DefaultKeyedRateLimiter<UserId>,
}

/// Beyond this many users tracked, those whose quota is full again are dropped.
const MAX_TRACKED_USERS: usize = 10_000;

impl WriteLimiter {
    /// `limit.max()` writes at once, refilled evenly over `limit.window()`.
    pub fn new(limit: RateLimit) -> Self {
        let burst = NonZeroU32::new(limit.max()).unwrap_or(NonZeroU32::MIN);
        let window = limit.window().to_std().unwrap_or(Duration::from_secs(60));
        let period = (window / limit.max().max(1)).max(Duration::from_nanos(1));
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(burst))
            .allow_burst(burst);
        Self {
            limiter: RateLimiter::keyed(quota),
        }
    }

    /// `Ok` when `user` may write now, else how long until they may.
    ///
    /// # Errors
    /// The time to wait.
    pub fn check(&self, user: UserId) -> Result<(), Duration> {
        if self.limiter.len() > MAX_TRACKED_USERS {
            self.limiter.retain_recent();
        }
        self.limiter
            .check_key(&user)
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }
}

fn is_write(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The user a request's bearer token names (signature and expiry checked; whether the
/// account still exists is the operation's business).
fn token_user(req: &Request) -> Option<UserId> {
    let token = req
        .headers()
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")?
        .trim();
    req.data::<AppState>()?.accounts.token_user(token)
}

/// See the module docs: a write by a user past their quota is refused with 429
/// `rate_limited` and `Retry-After`; `None` lets the request through.
pub(crate) fn refuse_write(limiter: Option<&WriteLimiter>, req: &Request) -> Option<Response> {
    let limiter = limiter.filter(|_| is_write(req.method()))?;
    let wait = limiter.check(token_user(req)?).err()?;
    Some(
        ApiError::rate_limited(
            "Too many changes in a short time. Please slow down and try again.",
            retry_after_secs(chrono::Duration::from_std(wait).unwrap_or(chrono::Duration::MAX)),
        )
        .into_response(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_may_write_a_burst_then_waits_for_the_refill() {
        let limiter = WriteLimiter::new(RateLimit::parse("3/1m").unwrap());
        let (me, other) = (UserId(1), UserId(2));
        for _ in 0..3 {
            assert_eq!(limiter.check(me), Ok(()));
        }
        let wait = limiter.check(me).unwrap_err();
        assert!(
            wait > Duration::from_secs(15) && wait <= Duration::from_secs(20),
            "{wait:?}"
        );
        assert_eq!(limiter.check(other), Ok(()));
    }
}
