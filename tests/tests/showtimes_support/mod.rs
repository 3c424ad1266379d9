//! What the showtimes black-box tests share: a server reading a fresh fake Finnkino, and
//! `with_finnkino!`, one test per backend over such a server.

#![allow(dead_code)]

use crate::fake_finnkino::FakeFinnkino;
use crate::support::{Backend, TestServer};

/// A fake Finnkino and a server (`backend`, plus `extra` environment) reading it.
pub async fn start(backend: Backend, extra: &[(&str, &str)]) -> Option<(TestServer, FakeFinnkino)> {
    let fake = FakeFinnkino::start().await;
    let mut env = vec![("FINNKINO_API_BASE", fake.base_url.as_str())];
    env.extend_from_slice(extra);
    let server = TestServer::start_with(backend, &env).await?;
    Some((server, fake))
}

/// One test per backend over a server reading the fake Finnkino.
#[macro_export]
macro_rules! with_finnkino {
    ($name:ident, |$server:ident, $fake:ident| $body:block) => {
        mod $name {
            use super::*;

            #[allow(unused_mut)]
            async fn scenario(mut $server: TestServer, $fake: FakeFinnkino) $body

            #[tokio::test]
            async fn sqlite() {
                let (server, fake) = showtimes_support::start(Backend::Sqlite, &[])
                    .await
                    .expect("SQLite starts");
                scenario(server, fake).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some((server, fake)) =
                    showtimes_support::start(Backend::Postgres, &[]).await
                {
                    scenario(server, fake).await;
                }
            }
        }
    };
}
