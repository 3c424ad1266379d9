//! HS256 session tokens: `sub` = user id, `ver` = the user's token version, `iat`, `exp`
//! (7 days). The version claim is how tokens are revoked (see `authenticate`).

use std::sync::Arc;

use chrono::Duration;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use leffaseura_core::ports::{Clock, TokenClaims, TokenError, TokenIssuer};
use leffaseura_core::UserId;

/// How long a token stays valid.
pub const TOKEN_LIFETIME: Duration = Duration::days(7);

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user id, as a string (RFC 7519 makes `sub` a string).
    sub: String,
    ver: i64,
    iat: i64,
    exp: i64,
}

/// The JWT [`TokenIssuer`].
#[derive(Clone)]
pub struct JwtIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for JwtIssuer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JwtIssuer(<secret redacted>)")
    }
}

impl JwtIssuer {
    /// `secret` signs and checks tokens; `clock` dates new ones.
    pub fn new(secret: &[u8], clock: Arc<dyn Clock>) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            clock,
        }
    }
}

impl TokenIssuer for JwtIssuer {
    fn issue(&self, claims: TokenClaims) -> String {
        let now = self.clock.now();
        let claims = Claims {
            sub: claims.user_id.to_string(),
            ver: claims.token_version,
            iat: now.timestamp(),
            exp: (now + TOKEN_LIFETIME).timestamp(),
        };
        // Serializing four plain fields and an HMAC cannot fail.
        #[allow(clippy::expect_used)]
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing of plain claims")
    }

    fn verify(&self, token: &str) -> Result<TokenClaims, TokenError> {
        let data = decode::<Claims>(token, &self.decoding, &self.validation).map_err(|err| {
            match err.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            }
        })?;
        let user_id = data
            .claims
            .sub
            .parse::<i64>()
            .map_err(|_| TokenError::Invalid)?;
        Ok(TokenClaims {
            user_id: UserId(user_id),
            token_version: data.claims.ver,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};
    use leffaseura_core::ports::SystemClock;

    struct FixedClock(DateTime<Utc>);
    impl Clock for FixedClock {
        fn now(&self) -> DateTime<Utc> {
            self.0
        }
    }

    fn claims() -> TokenClaims {
        TokenClaims {
            user_id: UserId(42),
            token_version: 3,
        }
    }

    #[test]
    fn tokens_round_trip() {
        let issuer = JwtIssuer::new(b"a secret of some length", Arc::new(SystemClock));
        let token = issuer.issue(claims());
        assert_eq!(issuer.verify(&token), Ok(claims()));
    }

    #[test]
    fn other_secrets_and_garbage_are_invalid() {
        let issuer = JwtIssuer::new(b"one secret", Arc::new(SystemClock));
        let other = JwtIssuer::new(b"another secret", Arc::new(SystemClock));
        assert_eq!(
            other.verify(&issuer.issue(claims())),
            Err(TokenError::Invalid)
        );
        assert_eq!(issuer.verify("garbage"), Err(TokenError::Invalid));
        assert_eq!(
            issuer.verify("eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"),
            Err(TokenError::Invalid)
        );
    }

    #[test]
    fn old_tokens_expire_after_seven_days() {
        let secret = b"secret";
        let past = Utc::now() - Duration::days(7) - Duration::minutes(1);
        let old = JwtIssuer::new(secret, Arc::new(FixedClock(past))).issue(claims());
        let issuer = JwtIssuer::new(secret, Arc::new(SystemClock));
        assert_eq!(issuer.verify(&old), Err(TokenError::Expired));
        let recent = JwtIssuer::new(secret, Arc::new(FixedClock(Utc::now() - Duration::days(6))))
            .issue(claims());
        assert_eq!(issuer.verify(&recent), Ok(claims()));
    }

    #[test]
    fn unsigned_tokens_are_refused() {
        // {"alg":"none"} with valid-looking claims.
        let issuer = JwtIssuer::new(b"secret", Arc::new(SystemClock));
        let token = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiI0MiIsInZlciI6MywiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTl9.";
        assert_eq!(issuer.verify(token), Err(TokenError::Invalid));
    }
}
