//! The built webapp at `/`: its files as they are, and `index.html` for every other GET,
//! so that the single-page app's own routes (`/movie/42`, `/movie/1.5`,
//! `/profile/jane.doe`) survive a reload; a path that is none of its routes gets the same
//! page (which shows "not found") with status 404 (see [`crate::webapp_routes`]). Only what can only be a static file (anything
//! under `/assets/`, and well-known file names and extensions, see [`is_static_file`])
//! answers a JSON 404 when missing, so that a stale script or image does not receive the
//! HTML page; a path that leaves the directory (`/assets/../../x`) gets the same 404, never
//! a message naming the directory. `/api/...` never reaches this (it is routed first).

use std::path::{Path, PathBuf};

use poem::endpoint::{StaticFileEndpoint, StaticFilesEndpoint};
use poem::http::{header, HeaderValue, Method, StatusCode};
use poem::web::Html;
use poem::{Endpoint, IntoResponse, Request, Response};

use leffaseura_core::ErrorCode;

use crate::error::error_response;
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
        files: StaticFilesEndpoint,
        index: StaticFileEndpoint,
    },
    NotBuilt {
        dir: PathBuf,
    },
}

impl Webapp {
    pub fn new(dir: &Path) -> Self {
        if dir.join("index.html").is_file() {
            Self::Built {
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

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if !matches!(*req.method(), Method::GET | Method::HEAD) {
            return Ok(method_not_allowed());
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
            Self::Built { files, index } => {
                let path = req.uri().path();
                let status = page_status(path);
                let index_req = (!is_static_file(path)).then(|| {
                    let index_req = Request::builder()
                        .method(req.method().clone())
                        .uri(req.uri().clone())
                        .header("accept", "text/html")
                        .finish();
                    (index_req, status)
                });
                match files.call(req).await {
                    Ok(response) => Ok(response),
                    // poem answers 403 naming the directory for a path that leaves it.
                    Err(err)
                        if matches!(
                            err.status(),
                            StatusCode::NOT_FOUND | StatusCode::FORBIDDEN
                        ) =>
                    {
                        match index_req {
                            Some((index_req, status)) => {
                                let mut page = index.call(index_req).await?;
                                page.set_status(status);
                                Ok(page)
                            }
                            None => Ok(no_such_file()),
                        }
                    }
                    Err(err) => Err(err),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::test::TestClient;

    #[tokio::test]
    async fn built_files_are_served_and_app_routes_fall_back_to_index() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<html>app</html>").unwrap();
        std::fs::create_dir(dir.path().join("assets")).unwrap();
        std::fs::write(dir.path().join("assets/app.js"), "console.log(1)").unwrap();
        let client = TestClient::new(Webapp::new(dir.path()));

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
