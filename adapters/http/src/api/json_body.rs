//! `JsonBody<T>`: a JSON request body like poem-openapi's `Json<T>` (same schema in the
//! spec), whose parse failures say which field is wrong. poem-openapi's own messages
//! only name the type, so on failure the body is checked against `T`'s schema to find
//! the first missing or mistyped field.

use leffaseura_core::domain::text::reject_control_chars;
use leffaseura_core::ErrorCode;
use poem::{Request, RequestBody};
use poem_openapi::payload::{Json, ParsePayload, Payload};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseFromJSON, Type};
use serde_json::Value;

use crate::error::ApiError;

/// A JSON request body, required as the spec says. An empty body is read as `{}` first,
/// so that a missing required field gets the usual field-level answer; if nothing is
/// missing, it is refused all the same.
#[derive(Debug, Clone)]
pub struct JsonBody<T>(pub T);

impl<T: Type> Payload for JsonBody<T> {
    const CONTENT_TYPE: &'static str = <Json<T> as Payload>::CONTENT_TYPE;

    fn check_content_type(content_type: &str) -> bool {
        <Json<T> as Payload>::check_content_type(content_type)
    }

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
        // poem-openapi reads `null` in an optional field as the field left out, and
        // existing clients send such nulls: the spec says so.
        if let Some(name) = object_name(&T::schema_ref()) {
            if let Some(schema) = registry.schemas.get_mut(&name) {
                let required = schema.required.clone();
                for (name, property) in &mut schema.properties {
                    if !required.contains(name) {
                        make_nullable(property);
                    }
                }
            }
        }
    }
}

/// The registered object a body's schema is, or refines (`allOf: [object]`).
fn object_name(schema: &MetaSchemaRef) -> Option<String> {
    match schema {
        MetaSchemaRef::Reference(name) => Some(name.clone()),
        MetaSchemaRef::Inline(inline) => match inline.all_of.as_slice() {
            [MetaSchemaRef::Reference(name)] => Some(name.clone()),
            _ => None,
        },
    }
}

fn make_nullable(property: &mut MetaSchemaRef) {
    match property {
        MetaSchemaRef::Inline(schema) => schema.nullable = true,
        MetaSchemaRef::Reference(_) => {
            *property = MetaSchemaRef::Inline(Box::new(MetaSchema {
                nullable: true,
                all_of: vec![property.clone()],
                ..MetaSchema::ANY
            }));
        }
    }
}

impl<T: ParseFromJSON> ParsePayload for JsonBody<T> {
    const IS_REQUIRED: bool = true;

    async fn from_request(request: &Request, body: &mut RequestBody) -> poem::Result<Self> {
        let data = <Vec<u8> as poem::FromRequest>::from_request(request, body).await?;
        let empty = data.iter().all(u8::is_ascii_whitespace);
        let value = if empty {
            Value::Object(serde_json::Map::new())
        } else {
            serde_json::from_slice(&data).map_err(|err| ApiError::from(invalid_json(&err)))?
        };
        // Checked against the schema first: poem-openapi would quietly turn `42` or `true`
        // into the string "42" / "true".
        if let Some((field, message)) = explain::<T>(&value) {
            // API.md's own code for the one required field it names.
            if field.as_deref() == Some("currentPassword") && value.get("currentPassword").is_none()
            {
                return Err(constraint_error("field `currentPassword` is missing", &value).into());
            }
            return Err(ApiError::bad_request(ErrorCode::ValidationError, message, field).into());
        }
        if empty {
            // The spec marks every body required: `{}` is the way to send no fields.
            return Err(ApiError::bad_request(
                ErrorCode::ValidationError,
                "A JSON body is required (`{}` when no field applies).",
                None,
            )
            .into());
        }
        let body = value.clone();
        match T::parse_from_json(Some(value)) {
            Ok(parsed) => Ok(Self(parsed)),
            Err(err) => Err(constraint_error(&err.into_message(), &body).into()),
        }
    }
}

/// The answer to a field that breaks a constraint of the spec (`maxLength`, `pattern`,
/// `minimum`, …), which poem-openapi checks while parsing and reports as "field `x`
/// verification failed. maxLength(30)". The field keeps the code core gives the same
/// mistake, so that clients translating `invalid_username` & co. see no difference.
fn constraint_error(message: &str, body: &Value) -> ApiError {
    let Some(field) = failed_field(message) else {
        return ApiError::bad_request(ErrorCode::ValidationError, message, None);
    };
    // Control characters in free text are core's `validation_error` (issue 12 §2).
    let text = body.get(field).and_then(Value::as_str).unwrap_or_default();
    if let Some(label) = free_text_label(field) {
        if let Err(err) = reject_control_chars(text, "", label) {
            return ApiError::bad_request(
                ErrorCode::ValidationError,
                err.to_string(),
                Some(field.to_owned()),
            );
        }
    }
    let rule = message
        .split_once("verification failed. ")
        .map_or("", |(_, rule)| rule);
    let (code, text) = match field {
        "currentPassword" => (
            ErrorCode::CurrentPasswordRequired,
            "Current password is required.".to_owned(),
        ),
        _ => (field_code(field), format!("`{field}` {}.", describe(rule))),
    };
    ApiError::bad_request(code, text, Some(field.to_owned()))
}

/// A constraint of the spec, as poem-openapi names it (`maxLength(30)`,
/// `maximum(5, exclusive: false)`, `pattern("…")`), in words.
fn describe(rule: &str) -> String {
    let (name, rest) = rule.split_once('(').unwrap_or((rule, ""));
    let number = rest.split([',', ')']).next().unwrap_or_default().trim();
    match name {
        "maxLength" => format!("must be at most {number} characters long"),
        "minLength" => format!("must be at least {number} characters long"),
        "maximum" => format!("must be at most {number}"),
        "minimum" => format!("must be at least {number}"),
        "maxItems" => format!("must have at most {number} items"),
        _ => "is not in the accepted form (see the API docs)".to_owned(),
    }
}

/// The field named by poem-openapi's "field `x` verification failed" message.
fn failed_field(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once("field `")?;
    let (field, _) = rest.split_once('`')?;
    Some(field)
}

/// How core names the free-text fields whose control characters it refuses.
fn free_text_label(field: &str) -> Option<&'static str> {
    Some(match field {
        "content" => "Review content",
        "user_bio" => "Bio",
        "name" => "Group name",
        "description" => "Description",
        "note" => "The note",
        _ => return None,
    })
}

/// The code core answers for a bad value of this body field (API.md's codes).
fn field_code(field: &str) -> ErrorCode {
    match field {
        "username" => ErrorCode::InvalidUsername,
        "email" => ErrorCode::InvalidEmail,
        "password" | "newPassword" => ErrorCode::InvalidPassword,
        "rating" => ErrorCode::InvalidRating,
        "content" => ErrorCode::InvalidContent,
        "name" => ErrorCode::InvalidGroupName,
        "description" => ErrorCode::InvalidDescription,
        "theme_id" => ErrorCode::InvalidTheme,
        "tags" => ErrorCode::InvalidGenres,
        "original_title" => ErrorCode::InvalidTitle,
        "release_year" => ErrorCode::InvalidReleaseYear,
        "type" => ErrorCode::InvalidFavoriteType,
        "area_id" => ErrorCode::InvalidArea,
        "language" => ErrorCode::InvalidLanguage,
        "visibility" => ErrorCode::InvalidVisibility,
        "role" => ErrorCode::InvalidRole,
        "poster_url" => ErrorCode::InvalidPosterUrl,
        _ => ErrorCode::ValidationError,
    }
}

poem_openapi::impl_apirequest_for_payload!(JsonBody<T>, T: ParseFromJSON);

/// The `invalid_json` error for a body that is not JSON at all.
pub fn invalid_json(err: &serde_json::Error) -> leffaseura_core::Error {
    leffaseura_core::Error::invalid(
        "",
        ErrorCode::InvalidJson,
        format!(
            "The request body is not valid JSON (line {}, column {}).",
            err.line(),
            err.column()
        ),
    )
}

fn resolve<'a>(registry: &'a Registry, schema: &'a MetaSchemaRef) -> Option<&'a MetaSchema> {
    match schema {
        MetaSchemaRef::Inline(schema) => Some(schema),
        MetaSchemaRef::Reference(name) => registry.schemas.get(name),
    }
}

/// Finds the first field of `value` that does not fit `T`'s schema.
fn explain<T: Type>(value: &Value) -> Option<(Option<String>, String)> {
    let mut registry = Registry::new();
    T::register(&mut registry);
    let root = T::schema_ref();
    let schema = match object_name(&root) {
        Some(name) => registry.schemas.get(&name)?,
        None => resolve(&registry, &root)?,
    };
    let Value::Object(object) = value else {
        return Some((None, "The request body must be a JSON object.".to_owned()));
    };
    for required in &schema.required {
        let nullable = schema
            .properties
            .iter()
            .find(|(name, _)| name == required)
            .and_then(|(_, property)| resolve(&registry, property))
            .is_some_and(|property| property.nullable);
        let missing = match object.get(*required) {
            None => true,
            Some(Value::Null) => !nullable,
            Some(_) => false,
        };
        if missing {
            return Some((
                Some((*required).to_owned()),
                format!("`{required}` is required."),
            ));
        }
    }
    for (name, property) in &schema.properties {
        let Some(found) = object.get(*name) else {
            continue;
        };
        if found.is_null() {
            continue;
        }
        let Some(expected) = resolve(&registry, property) else {
            continue;
        };
        if !fits(&registry, expected, found) {
            let what = match expected.ty {
                "integer" => "a whole number",
                "number" => "a number",
                "boolean" => "true or false",
                "array" => "a list",
                "object" => "an object",
                _ if !expected.enum_items.is_empty() => "one of the allowed values",
                _ if !expected.one_of.is_empty() => "a whole number or a string of digits",
                _ => "a string",
            };
            return Some((
                Some((*name).to_owned()),
                format!("`{name}` must be {what}."),
            ));
        }
    }
    None
}

fn fits(registry: &Registry, schema: &MetaSchema, value: &Value) -> bool {
    if !schema.enum_items.is_empty() && !schema.enum_items.contains(value) {
        return false;
    }
    if !schema.one_of.is_empty() {
        return schema
            .one_of
            .iter()
            .filter_map(|inner| resolve(registry, inner))
            .any(|inner| fits(registry, inner, value));
    }
    match schema.ty {
        "string" if schema.pattern.as_deref() == Some(crate::api::body_id::DIGITS_PATTERN) => {
            value.as_str().is_some_and(crate::api::body_id::is_digits)
        }
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        // A wrapper such as `Nullable<SomeEnum>`: the wrapped schemas decide.
        _ => schema
            .all_of
            .iter()
            .filter_map(|inner| resolve(registry, inner))
            .all(|inner| fits(registry, inner, value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem_openapi::Object;
    use serde_json::json;

    #[derive(Object, Debug)]
    struct Sample {
        name: String,
        count: i64,
        #[oai(rename = "isCool")]
        is_cool: Option<bool>,
        tags: Option<Vec<i64>>,
        mood: crate::api::Nullable<Mood>,
        owner: Option<crate::api::BodyId>,
    }

    #[derive(poem_openapi::Enum, Debug, Clone, Copy, PartialEq, Eq)]
    #[oai(rename_all = "lowercase")]
    enum Mood {
        Happy,
        Sad,
    }

    fn check(value: Value) -> Option<(Option<String>, String)> {
        explain::<Sample>(&value)
    }

    #[test]
    fn missing_and_mistyped_fields_are_named() {
        let cases = [
            (json!({"count": 1, "mood": null}), "name"),
            (json!({"name": null, "count": 1, "mood": null}), "name"),
            (json!({"name": 5, "count": 1, "mood": null}), "name"),
            (json!({"name": "x", "count": "1", "mood": null}), "count"),
            (json!({"name": "x", "count": 1.5, "mood": null}), "count"),
            (
                json!({"name": "x", "count": 1, "isCool": "yes", "mood": null}),
                "isCool",
            ),
            (
                json!({"name": "x", "count": 1, "tags": 3, "mood": null}),
                "tags",
            ),
            (json!({"name": "x", "count": 1}), "mood"),
            (json!({"name": "x", "count": 1, "mood": "angry"}), "mood"),
            (json!({"name": "x", "count": 1, "mood": 3}), "mood"),
            (
                json!({"name": "x", "count": 1, "mood": null, "owner": "4a"}),
                "owner",
            ),
            (
                json!({"name": "x", "count": 1, "mood": null, "owner": 4.5}),
                "owner",
            ),
        ];
        for (value, field) in cases {
            let (got, message) = check(value.clone()).expect("an explanation");
            assert_eq!(got.as_deref(), Some(field), "{value}: {message}");
            assert!(message.contains(field), "{message}");
        }
    }

    #[test]
    fn valid_bodies_need_no_explanation() {
        assert_eq!(check(json!({"name": "x", "count": 1, "mood": null})), None);
        assert_eq!(
            check(json!({"name": "x", "count": 1, "mood": "sad", "tags": [1]})),
            None
        );
        for owner in [json!(7), json!("7")] {
            assert_eq!(
                check(json!({"name": "x", "count": 1, "mood": null, "owner": owner})),
                None
            );
        }
    }

    #[test]
    fn non_objects_are_explained_without_a_field() {
        let (field, message) = check(json!([1, 2])).expect("an explanation");
        assert_eq!(field, None);
        assert!(message.contains("object"));
    }
}
