//! Text answers (API JSON, the spec, HTML, scripts, styles, SVG) go out compressed with br
//! or gzip, whichever the client's `Accept-Encoding` prefers (issue 14): the webapp's
//! bundle and a review page shrink to a fifth or less on the wire.
//!
//! poem's own `Compression` middleware is not used: it compresses images and answers that
//! already carry a `Content-Encoding` (the webapp's precompressed files), picks an encoding
//! the client refused with `q=0`, sets no `Vary`, and also inflates request bodies, which
//! would let a small compressed upload slip past the body size limits.

use async_compression::tokio::bufread::{BrotliEncoder, GzipEncoder};
use async_compression::Level;
use poem::http::header::{self, HeaderMap, HeaderValue};
use poem::http::{Method, StatusCode};
use poem::{Body, Response};
use tokio::io::BufReader;

use leffaseura_core::ErrorCode;

/// Below this many bytes compression saves less than the extra headers and CPU cost.
pub const MIN_COMPRESSED_BYTES: usize = 1024;

/// Brotli quality for answers compressed on the fly: 4 is faster than gzip's default and
/// still smaller; the webapp's files are compressed at build time with the highest one.
const BROTLI_QUALITY: i32 = 4;

/// An encoding the server can send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    /// The `Content-Encoding` token, and the file suffix of a precompressed copy.
    pub fn token(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }

    /// The suffix of a file compressed with this encoding at build time.
    pub fn file_suffix(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gz",
        }
    }
}

/// The encoding the client prefers of br and gzip (br on a tie), or `None` when it accepts
/// neither (no header, `identity`, or both refused with `q=0`). `*` stands for any coding
/// not named.
pub fn preferred_coding(headers: &HeaderMap) -> Option<Coding> {
    let mut brotli: Option<f32> = None;
    let mut gzip: Option<f32> = None;
    let mut any: Option<f32> = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let mut quality = 1.0_f32;
            for param in parts {
                if let Some((key, q)) = param.split_once('=') {
                    if key.trim().eq_ignore_ascii_case("q") {
                        // An unreadable weight refuses the coding rather than guessing.
                        quality = q.trim().parse().unwrap_or(0.0);
                    }
                }
            }
            if name.eq_ignore_ascii_case("br") {
                brotli = Some(quality);
            } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                gzip = Some(quality);
            } else if name == "*" {
                any = Some(quality);
            }
        }
    }
    let brotli = brotli.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    if brotli <= 0.0 && gzip <= 0.0 {
        None
    } else if brotli >= gzip {
        Some(Coding::Brotli)
    } else {
        Some(Coding::Gzip)
    }
}

/// Is a body of this `Content-Type` text that compresses well? Images, fonts and archives
/// are compressed already; an event stream must not be buffered.
pub fn is_compressible(content_type: &str) -> bool {
    let essence = crate::middleware::media_type(content_type);
    if essence == "text/event-stream" {
        return false;
    }
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/javascript"
                | "application/x-javascript"
                | "application/xml"
                | "application/yaml"
                | "application/x-yaml"
                | "application/wasm"
                | "image/svg+xml"
        )
}

/// Adds `Accept-Encoding` to `Vary` (once): caches must keep one copy per encoding.
pub fn vary_on_accept_encoding(headers: &mut HeaderMap) {
    let already = headers
        .get_all(header::VARY)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|name| {
            let name = name.trim();
            name == "*" || name.eq_ignore_ascii_case("accept-encoding")
        });
    if !already {
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
}

fn content_type(response: &Response) -> Option<&str> {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
}

/// Has the body no content to compress (by status or method)?
fn has_no_body(method: &Method, status: StatusCode) -> bool {
    *method == Method::HEAD
        || status.is_informational()
        || matches!(
            status,
            StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED | StatusCode::PARTIAL_CONTENT
        )
}

/// `response` to a `method` request, compressed with `coding` (the client's
/// [`preferred_coding`]) when it is text worth compressing (see the module docs).
pub(crate) async fn compress(
    mut response: Response,
    coding: Option<Coding>,
    method: &Method,
) -> Response {
    if !content_type(&response).is_some_and(is_compressible) {
        return response;
    }
    vary_on_accept_encoding(response.headers_mut());
    let Some(coding) = coding else {
        return response;
    };
    if response.headers().contains_key(header::CONTENT_ENCODING)
        || has_no_body(method, response.status())
    {
        return response;
    }
    let declared_length = response
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    match declared_length {
        Some(length) if length < MIN_COMPRESSED_BYTES => return response,
        Some(_) => {}
        None => {
            // The API's answers are in memory: reading them is free and tells their size.
            let body = match response.take_body().into_bytes().await {
                Ok(body) => body,
                Err(err) => {
                    tracing::error!(error = %err, "reading an answer to compress it failed");
                    return crate::error::error_response(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        ErrorCode::InternalError,
                        crate::error::INTERNAL_MESSAGE,
                        None,
                    );
                }
            };
            let small = body.len() < MIN_COMPRESSED_BYTES;
            response.set_body(Body::from_bytes(body));
            if small {
                return response;
            }
        }
    }
    let plain = BufReader::new(response.take_body().into_async_read());
    let compressed = match coding {
        Coding::Brotli => Body::from_async_read(BrotliEncoder::with_quality(
            plain,
            Level::Precise(BROTLI_QUALITY),
        )),
        Coding::Gzip => Body::from_async_read(GzipEncoder::new(plain)),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_ENCODING,
        HeaderValue::from_static(coding.token()),
    );
    headers.remove(header::CONTENT_LENGTH);
    response.set_body(compressed);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).expect("a header value"),
        );
        headers
    }

    #[test]
    fn the_client_s_preference_decides_between_br_and_gzip() {
        use Coding::{Brotli, Gzip};
        for (header, expected) in [
            ("gzip, deflate, br, zstd", Some(Brotli)),
            ("gzip, deflate", Some(Gzip)),
            ("br", Some(Brotli)),
            ("BR;q=0.5, GZIP;q=0.8", Some(Gzip)),
            ("gzip;q=0.5, br;q=0.5", Some(Brotli)),
            ("br;q=0, gzip", Some(Gzip)),
            ("br;q=0, gzip;q=0", None),
            ("br; q=0 , gzip ; q=0.0", None),
            ("identity", None),
            ("deflate, zstd", None),
            ("*", Some(Brotli)),
            ("*;q=0", None),
            ("gzip, *;q=0", Some(Gzip)),
            ("x-gzip", Some(Gzip)),
            ("br;q=nonsense, gzip", Some(Gzip)),
            ("", None),
        ] {
            assert_eq!(preferred_coding(&accept(header)), expected, "{header:?}");
        }
        assert_eq!(preferred_coding(&HeaderMap::new()), None);
    }

    #[test]
    fn only_text_is_compressed() {
        for (content_type, expected) in [
            ("application/json; charset=utf-8", true),
            ("text/html; charset=utf-8", true),
            ("text/javascript", true),
            ("application/javascript", true),
            ("text/css", true),
            ("image/svg+xml", true),
            ("application/yaml", true),
            ("text/calendar; charset=utf-8", true),
            ("application/problem+json", true),
            ("application/manifest+json", true),
            ("image/png", false),
            ("image/webp", false),
            ("font/woff2", false),
            ("application/octet-stream", false),
            ("application/gzip", false),
            ("text/event-stream", false),
        ] {
            assert_eq!(is_compressible(content_type), expected, "{content_type}");
        }
    }

    #[test]
    fn vary_names_accept_encoding_once() {
        let mut headers = HeaderMap::new();
        headers.insert(header::VARY, HeaderValue::from_static("origin"));
        vary_on_accept_encoding(&mut headers);
        vary_on_accept_encoding(&mut headers);
        let values: Vec<_> = headers.get_all(header::VARY).iter().collect();
        assert_eq!(values, ["origin", "accept-encoding"]);
    }
}
