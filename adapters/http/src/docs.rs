//! The API's own description: the spec at `/api/openapi.json` and `/api/openapi.yaml`,
//! Swagger UI at `/api/docs`. Each is made by its first request, not at startup: together
//! they are over 3 MB of text (Swagger UI inlines its script, its styles and the spec)
//! that most server processes are never asked for, and making them touches the schema
//! code of every type.

use std::sync::OnceLock;

use poem::http::header;
use poem::web::Html;
use poem::{handler, Body, Response};

use crate::api;

static JSON: OnceLock<String> = OnceLock::new();
static YAML: OnceLock<String> = OnceLock::new();
static SWAGGER_UI: OnceLock<String> = OnceLock::new();

#[handler]
pub fn openapi_json() -> Response {
    Response::builder()
        .content_type("application/json")
        .body(Body::from(JSON.get_or_init(api::spec_json).as_str()))
}

#[handler]
pub fn openapi_yaml() -> Response {
    Response::builder()
        .content_type("application/x-yaml")
        .header(
            header::CONTENT_DISPOSITION,
            "inline; filename=\"spec.yaml\"",
        )
        .body(Body::from(YAML.get_or_init(api::spec_yaml).as_str()))
}

#[handler]
pub fn swagger_ui() -> Html<&'static str> {
    Html(SWAGGER_UI.get_or_init(|| api::service().swagger_ui_html()))
}
