//! A JSON answer written straight from the value with serde, for the hottest reads.
//!
//! poem-openapi's `Json<T>` first builds a `serde_json::Value` tree of the answer (a map
//! and a key string per field), then writes that tree, then frees it: on a profile read
//! served from memory that was about a sixteenth of the server's CPU. [`DirectJson`]
//! declares the same schema and content type (the spec does not change) and writes the
//! value itself. Its types derive `serde::Serialize` beside poem-openapi's `Object`;
//! [`assert_same_json`] is the test each of them has that both give the same JSON.

use poem::{IntoResponse, Response};
use poem_openapi::payload::Payload;
use poem_openapi::registry::{MetaMediaType, MetaResponse, MetaResponses, MetaSchemaRef, Registry};
use poem_openapi::types::Type;
use poem_openapi::ApiResponse;
use serde::Serialize;

/// See the module docs.
#[derive(Debug)]
pub struct DirectJson<T>(pub T);

impl<T: Type> Payload for DirectJson<T> {
    const CONTENT_TYPE: &'static str = "application/json; charset=utf-8";

    fn check_content_type(content_type: &str) -> bool {
        crate::middleware::media_type(content_type) == "application/json"
    }

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T: Serialize + Send> IntoResponse for DirectJson<T> {
    fn into_response(self) -> Response {
        poem::web::Json(self.0).into_response()
    }
}

impl<T: Type + Serialize + Send> ApiResponse for DirectJson<T> {
    fn meta() -> MetaResponses {
        MetaResponses {
            responses: vec![MetaResponse {
                description: "",
                status: Some(200),
                status_range: None,
                content: vec![MetaMediaType {
                    content_type: Self::CONTENT_TYPE,
                    schema: Self::schema_ref(),
                }],
                headers: vec![],
            }],
        }
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

/// Asserts that serde writes `value` as poem-openapi would (the test every type sent
/// with [`DirectJson`] has).
#[cfg(test)]
pub(crate) fn assert_same_json<T: Serialize + poem_openapi::types::ToJSON>(value: &T) {
    let direct = serde_json::to_value(value).expect("serializable");
    assert_eq!(Some(direct), value.to_json());
}
