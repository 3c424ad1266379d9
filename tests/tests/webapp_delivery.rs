//! How the server delivers the webapp and the API to a browser (issue 14, "Also: the
//! webapp"): br or gzip per `Accept-Encoding` (the build's precompressed copies, or on
//! the fly), `Vary: Accept-Encoding`, hashed assets cached for a year, `index.html`
//! revalidated, nothing compressed for a client that asks for no encoding.

mod support;

use async_compression::tokio::bufread::{BrotliDecoder, BrotliEncoder, GzipDecoder, GzipEncoder};
use tokio::io::AsyncReadExt;

const BROWSER: &str = "gzip, deflate, br, zstd";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A script that compresses well and is well over the 1 KB below which nothing is compressed.
fn script(name: &str) -> String {
    (0..400)
        .map(|i| format!("export const {name}{i} = () => console.log({i});\n"))
        .collect()
}

async fn brotli(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    BrotliEncoder::new(data)
        .read_to_end(&mut out)
        .await
        .expect("brotli");
    out
}

async fn gzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    GzipEncoder::new(data)
        .read_to_end(&mut out)
        .await
        .expect("gzip");
    out
}

/// The body as the client sees it after undoing `Content-Encoding`.
async fn decoded(encoding: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        "br" => BrotliDecoder::new(body).read_to_end(&mut out).await,
        "gzip" => GzipDecoder::new(body).read_to_end(&mut out).await,
        "" => return body.to_vec(),
        other => panic!("unexpected Content-Encoding {other}"),
    }
    .unwrap_or_else(|err| panic!("not valid {encoding}: {err}"));
    out
}

/// A build as `vite build` leaves it: `index.html`, a hashed entry script with the `.br`
/// and `.gz` copies the build writes, and a hashed chunk without copies.
async fn built_webapp() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("webapp dir");
    let write = |path: &str, data: &[u8]| {
        std::fs::write(dir.path().join(path), data).unwrap_or_else(|err| panic!("{path}: {err}"));
    };
    write(
        "index.html",
        b"<!doctype html><title>x</title><script type=module src=/assets/index-3f2a1b.js></script>",
    );
    std::fs::create_dir(dir.path().join("assets")).expect("assets");
    let entry = script("entry");
    write("assets/index-3f2a1b.js", entry.as_bytes());
    write("assets/index-3f2a1b.js.br", &brotli(entry.as_bytes()).await);
    write("assets/index-3f2a1b.js.gz", &gzip(entry.as_bytes()).await);
    write("assets/chunk-9c8d7e.js", script("chunk").as_bytes());
    dir
}

async fn server_with(webapp: &tempfile::TempDir) -> support::TestServer {
    let dir = webapp.path().to_str().expect("utf-8 path");
    support::TestServer::start_with(support::Backend::Sqlite, &[("WEBAPP_DIR", dir)])
        .await
        .expect("SQLite always starts")
}

struct Answer {
    status: u16,
    encoding: String,
    vary: String,
    cache_control: String,
    content_type: String,
    body: Vec<u8>,
}

async fn get(server: &support::TestServer, path: &str, accept_encoding: Option<&str>) -> Answer {
    let mut request = server.client.get(server.url(path));
    if let Some(accept) = accept_encoding {
        request = request.header("accept-encoding", accept);
    }
    let response = request
        .send()
        .await
        .unwrap_or_else(|err| panic!("GET {path}: {err}"));
    let header = |name: &str| {
        response
            .headers()
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (encoding, vary, cache_control) = (
        header("content-encoding"),
        header("vary"),
        header("cache-control"),
    );
    let content_type = support::content_type(&response).to_owned();
    let status = response.status().as_u16();
    let body = response.bytes().await.expect("a body").to_vec();
    Answer {
        status,
        encoding,
        vary,
        cache_control,
        content_type,
        body,
    }
}

#[tokio::test]
async fn scripts_go_out_compressed_as_the_browser_prefers_and_cached_for_a_year() {
    let webapp = built_webapp().await;
    let server = server_with(&webapp).await;
    for (path, original) in [
        ("/assets/index-3f2a1b.js", script("entry")),
        ("/assets/chunk-9c8d7e.js", script("chunk")),
    ] {
        for (accept, expected) in [
            (Some(BROWSER), "br"),
            (Some("gzip, deflate"), "gzip"),
            (Some("br;q=0.5, gzip"), "gzip"),
            (Some("identity"), ""),
            (Some("br;q=0, gzip;q=0"), ""),
            (None, ""),
        ] {
            let answer = get(&server, path, accept).await;
            let case = format!("{path} with {accept:?}");
            assert_eq!(answer.status, 200, "{case}");
            assert_eq!(answer.encoding, expected, "{case}");
            assert!(
                answer.vary.to_ascii_lowercase().contains("accept-encoding"),
                "{case}: Vary {:?}",
                answer.vary
            );
            assert_eq!(answer.cache_control, IMMUTABLE, "{case}");
            assert!(
                answer.content_type.starts_with("text/javascript"),
                "{case}: {}",
                answer.content_type
            );
            if !expected.is_empty() {
                assert!(
                    answer.body.len() * 3 < original.len(),
                    "{case}: {} bytes of {}",
                    answer.body.len(),
                    original.len()
                );
            }
            // Decoded once, it is the file: never compressed twice.
            assert_eq!(
                decoded(expected, &answer.body).await,
                original.as_bytes(),
                "{case}"
            );
        }
    }
}

#[tokio::test]
async fn api_answers_are_compressed_too_and_stay_out_of_shared_caches() {
    let webapp = built_webapp().await;
    let server = server_with(&webapp).await;
    let plain = get(&server, "/api/v1/tmdb/popular", None).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.encoding, "");
    assert!(plain.body.len() > 1024, "{} bytes", plain.body.len());
    let expected: serde_json::Value = serde_json::from_slice(&plain.body).expect("JSON");
    for (accept, encoding) in [
        (BROWSER, "br"),
        ("gzip", "gzip"),
        ("identity", ""),
        ("*;q=0", ""),
    ] {
        let answer = get(&server, "/api/v1/tmdb/popular", Some(accept)).await;
        assert_eq!(answer.status, 200, "{accept}");
        assert_eq!(answer.encoding, encoding, "{accept}");
        assert!(
            answer.content_type.starts_with("application/json"),
            "{accept}: {}",
            answer.content_type
        );
        assert!(
            answer.vary.to_ascii_lowercase().contains("accept-encoding"),
            "{accept}: Vary {:?}",
            answer.vary
        );
        // Answers may carry a user's data: never marked cacheable by shared caches.
        assert!(
            !answer.cache_control.contains("public") && !answer.cache_control.contains("s-maxage"),
            "{accept}: {}",
            answer.cache_control
        );
        let body: serde_json::Value =
            serde_json::from_slice(&decoded(encoding, &answer.body).await).expect("JSON");
        assert_eq!(body, expected, "{accept}");
    }
    // The spec is text too.
    let spec = get(&server, "/api/openapi.json", Some(BROWSER)).await;
    assert_eq!((spec.status, spec.encoding.as_str()), (200, "br"));
    // Small answers are not worth it; errors are JSON as ever.
    let health = get(&server, "/healthz", Some(BROWSER)).await;
    assert_eq!((health.status, health.encoding.as_str()), (200, ""));
    let missing = get(&server, "/api/v1/nothing", Some(BROWSER)).await;
    assert_eq!(missing.status, 404);
    let body: serde_json::Value =
        serde_json::from_slice(&decoded(&missing.encoding, &missing.body).await).expect("JSON");
    assert_eq!(body["success"], false);
}

#[tokio::test]
async fn the_page_is_revalidated_on_every_visit() {
    let webapp = built_webapp().await;
    let server = server_with(&webapp).await;
    for path in ["/", "/index.html", "/movie/42", "/browse"] {
        let answer = get(&server, path, Some(BROWSER)).await;
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.cache_control, "no-cache", "{path}");
        assert!(answer.content_type.starts_with("text/html"), "{path}");
        let page = decoded(&answer.encoding, &answer.body).await;
        assert!(
            String::from_utf8_lossy(&page).contains("/assets/index-3f2a1b.js"),
            "{path}"
        );
    }
}

/// The Content-Security-Policy of the answer to `GET path`.
async fn csp_of(server: &support::TestServer, path: &str) -> String {
    let response = server
        .client
        .get(server.url(path))
        .header("accept-encoding", BROWSER)
        .send()
        .await
        .unwrap_or_else(|err| panic!("GET {path}: {err}"));
    response
        .headers()
        .get("content-security-policy")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn the_pages_inline_boot_script_is_allowed_by_its_hash_and_nothing_else_inline() {
    let webapp = built_webapp().await;
    std::fs::write(
        webapp.path().join("index.html"),
        "<!doctype html><title>x</title>\
         <script type=\"application/json\" id=\"route-preloads\">{\"files\":[]}</script>\
         <script>(function(){window.booted=1})();</script>\
         <script type=module src=/assets/index-3f2a1b.js></script>",
    )
    .expect("index.html");
    let server = server_with(&webapp).await;
    // The hash of exactly `(function(){window.booted=1})();` (Python's hashlib agrees).
    let allowed = "script-src 'self' 'sha256-3SEHEbqMs5hQOCt1VzwV8V8ygDozdLftnn45gHNNEiI='";
    for path in ["/", "/index.html", "/browse", "/movie/42", "/no-such-page"] {
        let csp = csp_of(&server, path).await;
        assert!(csp.starts_with("default-src 'self';"), "{path}: {csp}");
        assert!(csp.ends_with(allowed), "{path}: {csp}");
        // Still no inline script by any other means, and no inline styles.
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
    }
    // Scripts and API answers keep the plain policy: nothing inline anywhere else.
    for path in ["/assets/index-3f2a1b.js", "/api/v1/tmdb/genres"] {
        let csp = csp_of(&server, path).await;
        assert!(!csp.contains("sha256-"), "{path}: {csp}");
        assert!(csp.starts_with("default-src 'self';"), "{path}: {csp}");
    }
}
