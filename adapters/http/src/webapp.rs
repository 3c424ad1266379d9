//! The built webapp at `/`: its files as they are, and `index.html` for every other GET,
//! so that the single-page app's own routes (`/movie/42`, `/movie/1.5`,
//! `/profile/jane.doe`) survive a reload; a path that is none of its routes gets the same
//! page (which shows "not found") with status 404 (see [`crate::webapp_routes`]). Only what can only be a static file (anything
//! under `/assets/`, and well-known file names and extensions, see [`is_static_file`])
//! answers a JSON 404 when missing, so that a stale script or image does not receive the
//! HTML page; a path that leaves the directory (`/assets/../../x`) gets the same 404, never
//! a message naming the directory. `/api/...` never reaches this (it is routed first).
//!
//! The build leaves a `.br` and a `.gz` copy beside each text file worth compressing
//! (`webapp/vite.config.ts`); a client that accepts one gets that copy as it is, with the
//! original's type and `Content-Encoding`, so the bundle is compressed once at the highest
//! level instead of on every request (see [`precompressed`]).

use std::path::{Path, PathBuf};

use poem::endpoint::{StaticFileEndpoint, StaticFilesEndpoint};
use poem::http::{header, HeaderValue, Method, StatusCode};
use poem::web::{Html, StaticFileRequest};
use poem::{Endpoint, FromRequest, IntoResponse, Request, Response};

use leffaseura_core::ErrorCode;

use crate::compression::{preferred_coding, vary_on_accept_encoding};
use crate::error::error_response;
use crate::headers::is_html;
use crate::page_csp::PageCsp;
use crate::webapp_routes::is_app_route;

/// A missing static file, or one outside the directory: the JSON 404 of the API, naming
/// no path.
fn no_such_file() -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        "There is no such file.",
        None,
    )
}

/// The webapp is only read.
fn method_not_allowed() -> Response {
    let mut response = error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::MethodNotAllowed,
        "Only GET and HEAD are allowed here.",
        None,
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

/// Serves `dir`, or a page explaining how to build the webapp when `dir/index.html` is
/// missing.
pub enum Webapp {
    Built {
        dir: PathBuf,
        files: StaticFilesEndpoint,
        index: StaticFileEndpoint,
        /// The page's Content-Security-Policy, allowing its inline scripts as they are.
        page_csp: PageCsp,
    },
    NotBuilt {
        dir: PathBuf,
    },
}

impl Webapp {
    pub fn new(dir: &Path) -> Self {
        let index_path = dir.join("index.html");
        if index_path.is_file() {
            Self::Built {
                page_csp: PageCsp::new(index_path),
                dir: dir.to_owned(),
                files: StaticFilesEndpoint::new(dir)
                    .index_file("index.html")
                    .prefer_utf8(true),
                index: StaticFileEndpoint::new(dir.join("index.html")).no_cache(true),
            }
        } else {
            Self::NotBuilt {
                dir: dir.to_owned(),
            }
        }
    }
}

/// Extensions of the files a built webapp (or a browser on its own) asks for.
const STATIC_EXTENSIONS: &[&str] = &[
    "js",
    "css",
    "map",
    "png",
    "jpg",
    "svg",
    "webp",
    "woff",
    "woff2",
    "json",
    "txt",
    "webmanifest",
];

/// Is `path` a static file (answered 404 when missing) rather than an app route?
fn is_static_file(path: &str) -> bool {
    if path.starts_with("/assets/") {
        return true;
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    if matches!(last, "favicon.ico" | "robots.txt") {
        return true;
    }
    last.rsplit_once('.').is_some_and(|(name, extension)| {
        !name.is_empty()
            && STATIC_EXTENSIONS
                .iter()
                .any(|known| extension.eq_ignore_ascii_case(known))
    })
}

/// The type of a file the build precompresses, by its extension (as poem's static files
/// would name it), or `None` for a file never precompressed.
fn precompressed_type(path: &str) -> Option<&'static str> {
    let (_, extension) = path.rsplit_once('.')?;
    Some(match extension {
        "js" | "mjs" => "text/javascript",
        "css" => "text/css",
        "html" => "text/html; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// `path` without its leading slash when it is a plain relative file name (letters,
/// digits, `.`, `_`, `-` between slashes, no `.`/`..` segment), as every file of the build
/// is named; anything else is left to poem's static files, which resolve it safely.
fn plain_relative(path: &str) -> Option<&str> {
    let relative = path.strip_prefix('/')?;
    let plain = !relative.is_empty()
        && relative.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        });
    plain.then_some(relative)
}

/// The build's `.br` or `.gz` copy of the requested file, when the client accepts that
/// encoding and both the file and its copy exist (a copy without its original is stale).
/// Conditional and range requests work on the copy, whose own `ETag` differs from the
/// original's.
async fn precompressed(dir: &Path, req: &Request) -> poem::Result<Option<Response>> {
    let Some(coding) = preferred_coding(req.headers()) else {
        return Ok(None);
    };
    let path = req.uri().path();
    let (Some(relative), Some(content_type)) = (plain_relative(path), precompressed_type(path))
    else {
        return Ok(None);
    };
    let original = dir.join(relative);
    let copy = dir.join(format!("{relative}.{}", coding.file_suffix()));
    if !original.is_file() || !copy.is_file() {
        return Ok(None);
    }
    let mut response = StaticFileRequest::from_request_without_body(req)
        .await?
        .create_response(&copy, false, false)?
        .with_content_type(content_type)
        .into_response();
    if response.status() != StatusCode::NOT_MODIFIED {
        response.headers_mut().insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(coding.token()),
        );
    }
    vary_on_accept_encoding(response.headers_mut());
    Ok(Some(response))
}

/// A page of the webapp answers 200; any other path gets the same page (the webapp shows
/// its not-found page) with 404.
fn page_status(path: &str) -> StatusCode {
    if is_app_route(path) {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    }
}

fn not_built_page(dir: &Path) -> Response {
    let dir = dir
        .display()
        .to_string()
        .replace('&', "&amp;")
        .replace('<', "&lt;");
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Leffaseura</title></head>\
         <body style=\"font-family: sans-serif; max-width: 40rem; margin: 4rem auto\">\
         <h1>Leffaseura</h1>\
         <p>The server is running, but the webapp is not built: <code>{dir}/index.html</code> is missing.</p>\
         <p>Build it with <code>cd webapp &amp;&amp; npm ci &amp;&amp; npm run build</code> \
         (or run <code>./scripts/run</code>), or point <code>WEBAPP_DIR</code> at a built copy.</p>\
         <p>The API works already: see <a href=\"/api/docs\">/api/docs</a>.</p>\
         </body></html>"
    );
    Html(html).into_response()
}

impl Endpoint for Webapp {
    type Output = Response;

    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        match *req.method() {
            Method::GET => {}
            // poem's file endpoints answer GET only (a HEAD got their plain-text 405): a
            // HEAD is answered as its GET, with the same headers; the server sends no body
            // for it.
            Method::HEAD => req.set_method(Method::GET),
            _ => return Ok(method_not_allowed()),
        }
        match self {
            Self::NotBuilt { dir } => {
                if !is_static_file(req.uri().path()) {
                    let mut page = not_built_page(dir);
                    page.set_status(page_status(req.uri().path()));
                    Ok(page)
                } else {
                    Ok(no_such_file())
                }
            }
            Self::Built {
                dir,
                files,
                index,
                page_csp,
            } => {
                let page_path = !is_static_file(req.uri().path());
                let mut response = serve_built(dir, files, index, req).await?;
                // A 304 for the page must carry its policy too: the browser replaces the
                // stored page's headers with the 304's, and the policy that the security
                // headers would add instead blocks the page's inline boot script.
                let not_modified_page = page_path && response.status() == StatusCode::NOT_MODIFIED;
                if is_html(response.headers()) || not_modified_page {
                    response
                        .headers_mut()
                        .insert(header::CONTENT_SECURITY_POLICY, page_csp.current().await);
                }
                Ok(response)
            }
        }
    }
}

/// A file of the build, or its page for an app route (see the module docs).
async fn serve_built(
    dir: &Path,
    files: &StaticFilesEndpoint,
    index: &StaticFileEndpoint,
    req: Request,
) -> poem::Result<Response> {
    if *req.method() == Method::GET {
        if let Some(response) = precompressed(dir, &req).await? {
            return Ok(response);
        }
    }
    let path = req.uri().path();
    let status = page_status(path);
    let index_req = (!is_static_file(path)).then(|| {
        let mut index_req = Request::builder()
            .method(req.method().clone())
            .uri(req.uri().clone())
            .header("accept", "text/html");
        // A revisit asks whether its copy is still current: the answer is a 304 without
        // the page, not the page again.
        for name in [header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE] {
            if let Some(value) = req.headers().get(&name) {
                index_req = index_req.header(name, value.clone());
            }
        }
        let index_req = index_req.finish();
        (index_req, status)
    });
    match files.call(req).await {
        Ok(response) => Ok(response),
        // poem answers 403 naming the directory for a path that leaves it.
        Err(err) if matches!(err.status(), StatusCode::NOT_FOUND | StatusCode::FORBIDDEN) => {
            match index_req {
                Some((index_req, status)) => {
                    let mut page = index.call(index_req).await?;
                    // A 304 says the copy the browser has (this page, with its status) is current.
                    if page.status() != StatusCode::NOT_MODIFIED {
                        page.set_status(status);
                    }
                    Ok(page)
                }
                None => Ok(no_such_file()),
            }
        }
        Err(err) => Err(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inline_scripts::inline_script_hashes;
    use poem::test::TestClient;

    #[tokio::test]
    async fn a_revisited_page_is_answered_not_modified_without_the_page() {
        let dir = tempfile::tempdir().unwrap();
        let page = "<html><head><script>boot()</script></head></html>";
        std::fs::write(dir.path().join("index.html"), page).unwrap();
        let client = TestClient::new(Webapp::new(dir.path()));
        for (path, first_status) in [
            ("/", StatusCode::OK),
            ("/movie/42", StatusCode::OK),
            ("/movies/42", StatusCode::NOT_FOUND),
        ] {
            let first = client.get(path).send().await;
            first.assert_status(first_status);
            // The page's own policy, allowing its boot script, on the page and on its 304.
            let csp = first
                .0
                .headers()
                .get(header::CONTENT_SECURITY_POLICY)
                .expect("a policy")
                .clone();
            assert!(csp.to_str().unwrap().contains("'sha256-"), "{csp:?}");
            let etag = first
                .0
                .headers()
                .get(header::ETAG)
                .expect("an ETag")
                .clone();
            let again = client
                .get(path)
                .header(header::IF_NONE_MATCH, etag)
                .send()
                .await;
            again.assert_status(StatusCode::NOT_MODIFIED);
            again.assert_header(header::CONTENT_SECURITY_POLICY, csp.to_str().unwrap());
            again.assert_text("").await;
            // A changed page is sent again, with its status.
            let stale = client
                .get(path)
                .header(header::IF_NONE_MATCH, "\"old\"")
                .send()
                .await;
            stale.assert_status(first_status);
            stale.assert_text(page).await;
        }
    }

    #[tokio::test]
    async fn a_page_rebuilt_under_the_running_server_gets_a_policy_for_its_new_script() {
        let dir = tempfile::tempdir().unwrap();
        let index = dir.path().join("index.html");
        std::fs::write(&index, "<html><script>boot(1)</script></html>").unwrap();
        let client = TestClient::new(Webapp::new(dir.path()));
        let policy = |response: &poem::test::TestResponse| {
            response
                .0
                .headers()
                .get(header::CONTENT_SECURITY_POLICY)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned()
        };
        let first = client.get("/movie/42").send().await;
        first.assert_status_is_ok();
        let old = inline_script_hashes("<script>boot(1)</script>").remove(0);
        assert!(policy(&first).contains(&old), "{}", policy(&first));

        // A new build: another boot script (a different length, whatever the clock's grain).
        std::fs::write(&index, "<html><script>boot(22)</script></html>").unwrap();
        let new = inline_script_hashes("<script>boot(22)</script>").remove(0);
        for path in ["/movie/42", "/"] {
            let page = client.get(path).send().await;
            page.assert_status_is_ok();
            page.assert_text("<html><script>boot(22)</script></html>")
                .await;
            let page = client.get(path).send().await;
            let csp = policy(&page);
            assert!(csp.contains(&new) && !csp.contains(&old), "{path}: {csp}");
        }
    }

    /// A build with its page and one script, served; the directory lives as long as the
    /// returned guard.
    fn built_app() -> (TestClient<Webapp>, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<html>app</html>").unwrap();
        std::fs::create_dir(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/app.js"), "console.log(1)").unwrap();
        (TestClient::new(Webapp::new(dir.path())), dir)
    }

    #[tokio::test]
    async fn built_files_are_served_and_app_routes_fall_back_to_index() {
        let (client, _dir) = built_app();

        let response = client.get("/").send().await;
        response.assert_status_is_ok();
        response.assert_text("<html>app</html>").await;
        client
            .get("/assets/app.js")
            .send()
            .await
            .assert_text("console.log(1)")
            .await;
        let response = client.get("/movie/42").send().await;
        response.assert_status_is_ok();
        response.assert_text("<html>app</html>").await;
        // No page of the webapp: the same app (it shows its not-found page), but a 404.
        let response = client.get("/movies/42").send().await;
        response.assert_status(StatusCode::NOT_FOUND);
        response.assert_text("<html>app</html>").await;
        client
            .get("/assets/missing.js")
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn head_is_answered_with_the_headers_of_get() {
        let (client, _dir) = built_app();

        for path in ["/", "/movie/42", "/assets/app.js"] {
            let get = client.get(path).send().await;
            let head = client.head(path).send().await;
            head.assert_status(get.0.status());
            for name in [
                header::CONTENT_TYPE,
                header::CONTENT_LENGTH,
                header::CONTENT_SECURITY_POLICY,
            ] {
                assert_eq!(
                    head.0.headers().get(&name),
                    get.0.headers().get(&name),
                    "{path} {name}"
                );
            }
        }
        client
            .head("/movies/42")
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
        client
            .post("/")
            .send()
            .await
            .assert_status(StatusCode::METHOD_NOT_ALLOWED);
    }

    #[test]
    fn static_files_are_told_from_app_routes() {
        for (path, is_static) in [
            ("/", false),
            ("/movies/42", false),
            ("/movie/1.5", false),
            ("/profile/jane.doe", false),
            ("/groups/film.club.helsinki", false),
            ("/.well-known", false),
            ("/assets", false),
            ("/assets/", true),
            ("/assets/index-abc123", true),
            ("/assets/app.js", true),
            ("/favicon.ico", true),
            ("/robots.txt", true),
            ("/manifest.webmanifest", true),
            ("/logo.PNG", true),
            ("/fonts/inter.woff2", true),
            ("/app.js.map", true),
            ("/data.json", true),
            ("/.js", false),
        ] {
            assert_eq!(is_static_file(path), is_static, "{path}");
        }
    }

    #[tokio::test]
    async fn routes_with_dots_get_the_app_and_missing_static_files_a_plain_404() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<html>app</html>").unwrap();
        let client = TestClient::new(Webapp::new(dir.path()));
        for path in ["/movie/1.5", "/profile/jane.doe", "/groups/film.club"] {
            let response = client.get(path).send().await;
            response.assert_status_is_ok();
            response.assert_text("<html>app</html>").await;
        }
        let response = client.get("/search/a.b.c").send().await;
        response.assert_status(StatusCode::NOT_FOUND);
        response.assert_text("<html>app</html>").await;
        for path in [
            "/assets/gone-123.js",
            "/assets/chunk",
            "/favicon.ico",
            "/robots.txt",
            "/missing.css",
            "/img/poster.webp",
            "/site.webmanifest",
        ] {
            let response = client.get(path).send().await;
            response.assert_status(StatusCode::NOT_FOUND);
            let text = response.0.into_body().into_string().await.unwrap();
            assert!(!text.contains("app"), "{path}: {text}");
        }

        let missing = tempfile::tempdir().unwrap();
        let client = TestClient::new(Webapp::new(&missing.path().join("dist")));
        client
            .get("/profile/jane.doe")
            .send()
            .await
            .assert_status_is_ok();
        client
            .get("/assets/app.js")
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
    }

    /// A build with `assets/app.js` and its `.br` and `.gz` copies (stand-in bytes: the
    /// server sends a copy as it is, it never reads it).
    fn precompressed_build() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<html>app</html>").unwrap();
        std::fs::create_dir(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/app.js"), "console.log(1)").unwrap();
        std::fs::write(dir.path().join("assets/app.js.br"), "brotli bytes").unwrap();
        std::fs::write(dir.path().join("assets/app.js.gz"), "gzip bytes").unwrap();
        std::fs::write(dir.path().join("assets/only.css"), "a{}").unwrap();
        std::fs::write(dir.path().join("assets/stale.js.br"), "no original").unwrap();
        dir
    }

    #[tokio::test]
    async fn a_precompressed_copy_is_served_to_a_client_that_accepts_it() {
        let dir = precompressed_build();
        let client = TestClient::new(Webapp::new(dir.path()));
        for (accept, body, encoding) in [
            ("gzip, deflate, br", "brotli bytes", Some("br")),
            ("gzip", "gzip bytes", Some("gzip")),
            ("br;q=0.1, gzip", "gzip bytes", Some("gzip")),
            ("identity", "console.log(1)", None),
            ("br;q=0, gzip;q=0", "console.log(1)", None),
        ] {
            let response = client
                .get("/assets/app.js")
                .header(header::ACCEPT_ENCODING, accept)
                .send()
                .await;
            response.assert_status_is_ok();
            response.assert_content_type("text/javascript");
            match encoding {
                Some(encoding) => {
                    response.assert_header(header::CONTENT_ENCODING, encoding);
                    response.assert_header(header::VARY, "accept-encoding");
                    response.assert_header(header::CONTENT_LENGTH, body.len().to_string());
                }
                None => response.assert_header_is_not_exist(header::CONTENT_ENCODING),
            }
            response.assert_text(body).await;
        }
        // No copy, or a copy without its original: the file as it is, or the plain 404.
        let response = client
            .get("/assets/only.css")
            .header(header::ACCEPT_ENCODING, "br")
            .send()
            .await;
        response.assert_header_is_not_exist(header::CONTENT_ENCODING);
        response.assert_text("a{}").await;
        client
            .get("/assets/stale.js")
            .header(header::ACCEPT_ENCODING, "br")
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
        // A path that is not a plain file name never reaches the copies.
        for path in [
            "/assets/../assets/app.js",
            "/assets//app.js",
            "/assets/%61pp.js",
        ] {
            let response = client
                .get(path)
                .header(header::ACCEPT_ENCODING, "br")
                .send()
                .await;
            response.assert_header_is_not_exist(header::CONTENT_ENCODING);
        }
    }

    #[tokio::test]
    async fn a_precompressed_copy_answers_conditional_requests() {
        let dir = precompressed_build();
        let client = TestClient::new(Webapp::new(dir.path()));
        let first = client
            .get("/assets/app.js")
            .header(header::ACCEPT_ENCODING, "br")
            .send()
            .await;
        let etag = first
            .0
            .headers()
            .get(header::ETAG)
            .expect("an ETag")
            .to_str()
            .unwrap()
            .to_owned();
        let plain = client.get("/assets/app.js").send().await;
        assert_ne!(
            plain
                .0
                .headers()
                .get(header::ETAG)
                .unwrap()
                .to_str()
                .unwrap(),
            etag,
            "each encoding is its own representation"
        );
        client
            .get("/assets/app.js")
            .header(header::ACCEPT_ENCODING, "br")
            .header(header::IF_NONE_MATCH, &etag)
            .send()
            .await
            .assert_status(StatusCode::NOT_MODIFIED);
    }

    #[test]
    fn only_plain_file_names_are_looked_up_precompressed() {
        for (path, expected) in [
            (
                "/assets/index-S_OHe-Ol.js",
                Some("assets/index-S_OHe-Ol.js"),
            ),
            ("/favicon.svg", Some("favicon.svg")),
            ("/", None),
            ("/assets/", None),
            ("/assets//x.js", None),
            ("/assets/../x.js", None),
            ("/./x.js", None),
            ("/assets/%2e%2e/x.js", None),
            ("/assets/a b.js", None),
            ("assets/x.js", None),
        ] {
            assert_eq!(plain_relative(path), expected, "{path}");
        }
    }

    #[tokio::test]
    async fn a_missing_build_explains_itself() {
        let dir = tempfile::tempdir().unwrap();
        let client = TestClient::new(Webapp::new(&dir.path().join("dist")));
        let response = client.get("/").send().await;
        response.assert_status_is_ok();
        let text = response.0.into_body().into_string().await.unwrap();
        assert!(text.contains("npm run build"), "{text}");
    }
}
