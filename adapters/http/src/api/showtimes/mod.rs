//! Showtimes (API.md "Showtimes"): `/finnkino/theatres`, `/finnkino/schedule`,
//! `/finnkino/events`, the films in cinemas now (`/tmdb/in-theaters`, the homepage's
//! "Currently in Theaters"), a film's next shows (`/movies/{tmdbId}/showtimes`), the user's
//! watchlist films showing nearby (`/showtimes/watchlist`) and their remembered
//! Showtimes page choices (`/users/profile/showtime-preferences`). The browser never
//! calls the cinema itself. Every answer read from the feed says when it was read
//! (`fetchedAt`) and whether it is an older copy served because the feed failed
//! (`stale`).

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use leffaseura_core::domain::showtime::{parse_positive_id, AreaId, ShowtimePreferences as Prefs};
use leffaseura_core::use_cases::ScheduleRequest;
use leffaseura_core::MovieId;

use crate::api::direct_json::DirectJson;
use crate::api::matching::{
    DayCount, EventListName, FinnkinoDate, Matching, PositiveId, TheatreAreaId,
};
use crate::api::show::Event;
use crate::api::{ApiTags, JsonBody};
use crate::auth::BearerAuth;
use crate::error::ApiError;
use crate::state::AppState;

pub(crate) mod bodies;
#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;

pub use bodies::*;

#[derive(ApiResponse)]
pub enum TheatresResponse {
    #[oai(status = 200)]
    Ok(Json<TheatreAreasBody>),
}

#[derive(ApiResponse)]
pub enum ScheduleResponse {
    // Written with `DirectJson`: hundreds of shows a day.
    #[oai(status = 200)]
    Ok(DirectJson<ScheduleBody>),
}

#[derive(ApiResponse)]
pub enum EventsResponse {
    #[oai(status = 200)]
    Ok(Json<EventsBody>),
}

#[derive(ApiResponse)]
pub enum InTheatersResponse {
    #[oai(status = 200)]
    Ok(Json<InTheatersBody>),
}

#[derive(ApiResponse)]
pub enum WatchlistShowtimesResponse {
    #[oai(status = 200)]
    Ok(Json<WatchlistShowtimesBody>),
}

#[derive(ApiResponse)]
pub enum PreferencesResponse {
    #[oai(status = 200)]
    Ok(Json<ShowtimePreferencesBody>),
}

fn preferences_body(p: Prefs) -> PreferencesResponse {
    PreferencesResponse::Ok(Json(ShowtimePreferencesBody {
        success: true,
        preferences: p.into(),
    }))
}

/// Showtimes operations.
pub struct ShowtimesApi;

#[OpenApi(tag = "ApiTags::Showtimes")]
impl ShowtimesApi {
    /// Theatre areas
    ///
    /// Errors: 502 `upstream_unavailable` when the cinema cannot be read and nothing is
    /// cached.
    #[oai(
        path = "/finnkino/theatres",
        method = "get",
        operation_id = "listTheatreAreas"
    )]
    async fn theatres(&self, state: Data<&AppState>) -> Result<TheatresResponse, ApiError> {
        let fetched = state.showtimes.list_theatre_areas().await?;
        Ok(TheatresResponse::Ok(Json(TheatreAreasBody {
            success: true,
            theatre_areas: fetched
                .value
                .into_iter()
                .map(|a| TheatreArea {
                    id: a.id.0,
                    name: a.name,
                })
                .collect(),
            fetched_at: fetched.fetched_at.into(),
            stale: fetched.stale,
        })))
    }

    /// An area's shows
    ///
    /// From `dt` for `nrOfDays` days (default 1), sorted by start, each with its TMDB
    /// movie when matched. Errors: 400 `area_and_date_required` "Please select both area
    /// and date"; 400 `invalid_date` "Date must be in dd.mm.yyyy format"; 400
    /// `invalid_days` (1..14); 400 `invalid_parameter`; 404 `area_not_found`; 502
    /// `upstream_unavailable` when the cinema cannot be read and nothing is cached.
    #[oai(
        path = "/finnkino/schedule",
        method = "get",
        operation_id = "getSchedule"
    )]
    async fn schedule(
        &self,
        state: Data<&AppState>,
        /// Theatre area id (from `/finnkino/theatres`; not the placeholder 1029).
        area: Query<Matching<TheatreAreaId>>,
        /// The first day, `dd.mm.yyyy`, a date that exists.
        dt: Query<Matching<FinnkinoDate>>,
        /// Only this event's shows.
        #[oai(name = "eventID")]
        event_id: Query<Option<Matching<PositiveId>>>,
        /// Days from `dt`, 1..14 (default 1).
        #[oai(name = "nrOfDays")]
        nr_of_days: Query<Option<Matching<DayCount>>>,
    ) -> Result<ScheduleResponse, ApiError> {
        let fetched = state
            .showtimes
            .show_schedule(ScheduleRequest {
                area: Some(&area.0),
                date: Some(&dt.0),
                event: event_id.0.as_deref(),
                days: nr_of_days.0.as_deref(),
            })
            .await?;
        Ok(ScheduleResponse::Ok(DirectJson(fetched.into())))
    }

    /// Films and live events now in theatres or coming soon
    ///
    /// Errors: 400 `invalid_list_type`, `invalid_parameter`; 404 `area_not_found`; 502
    /// `upstream_unavailable`.
    #[oai(path = "/finnkino/events", method = "get", operation_id = "listEvents")]
    async fn events(
        &self,
        state: Data<&AppState>,
        /// `NowInTheatres` (default) or `ComingSoon`.
        #[oai(name = "listType")]
        list_type: Query<Option<Matching<EventListName>>>,
        /// Only events in this area's theatres.
        area: Query<Option<Matching<PositiveId>>>,
    ) -> Result<EventsResponse, ApiError> {
        let fetched = state
            .showtimes
            .list_events(list_type.0.as_deref(), area.0.as_deref())
            .await?;
        Ok(EventsResponse::Ok(Json(EventsBody {
            success: true,
            events: fetched.value.into_iter().map(Event::from).collect(),
            fetched_at: fetched.fetched_at.into(),
            stale: fetched.stale,
        })))
    }

    /// Films in Finnish cinemas now
    ///
    /// Up to 100 of the cinema's "now in theatres" films matched to TMDB, each once, in
    /// the cinema's order; the catalog's own "now playing" (with `f_id` `null`) when the
    /// cinema cannot be read or none of its films matched. Errors: 502
    /// `upstream_unavailable` when neither answers.
    #[oai(
        path = "/tmdb/in-theaters",
        method = "get",
        operation_id = "listMoviesInTheaters"
    )]
    async fn in_theaters(&self, state: Data<&AppState>) -> Result<InTheatersResponse, ApiError> {
        let films = state.showtimes.in_theaters().await?;
        Ok(InTheatersResponse::Ok(Json(InTheatersBody {
            success: true,
            results: films.into_iter().map(InTheaterItem::from).collect(),
        })))
    }

    /// A film's next shows in an area
    ///
    /// Shows that have not started yet, from today (Helsinki) for `days` days. Errors:
    /// 400 `area_required` "Please select a theatre area."; 400 `invalid_days` (1..14),
    /// `invalid_parameter`; 404 `area_not_found`; 502 `upstream_unavailable`.
    #[oai(
        path = "/movies/:tmdbId/showtimes",
        method = "get",
        operation_id = "getMovieShowtimes"
    )]
    async fn movie_showtimes(
        &self,
        state: Data<&AppState>,
        /// The movie's TMDB id.
        #[oai(name = "tmdbId")]
        tmdb_id: Path<Matching<PositiveId>>,
        /// Theatre area id (not the placeholder 1029).
        area: Query<Matching<TheatreAreaId>>,
        /// 1..14, default 7.
        days: Query<Option<Matching<DayCount>>>,
    ) -> Result<ScheduleResponse, ApiError> {
        let movie = MovieId(parse_positive_id(&tmdb_id.0, "tmdbId")?);
        let fetched = state
            .showtimes
            .showtimes_for_movie(movie, Some(&area.0), days.0.as_deref())
            .await?;
        Ok(ScheduleResponse::Ok(DirectJson(fetched.into())))
    }

    /// The caller's watchlist films showing nearby
    ///
    /// "From your watchlist, in cinemas near you": watchlist films with shows in `area`
    /// (default: the caller's saved area) within `days` days (default 7), each with its
    /// next show. Errors: 409 `area_required` when no area is given and none is saved; 400
    /// `invalid_days`, `invalid_parameter`; 401; 404 `area_not_found`; 502
    /// `upstream_unavailable`.
    #[oai(
        path = "/showtimes/watchlist",
        method = "get",
        operation_id = "getWatchlistShowtimes"
    )]
    async fn watchlist(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// Theatre area id; default (and for the placeholder 1029) the caller's saved area.
        area: Query<Option<Matching<PositiveId>>>,
        /// 1..14, default 7.
        days: Query<Option<Matching<DayCount>>>,
    ) -> Result<WatchlistShowtimesResponse, ApiError> {
        let fetched = state
            .showtimes
            .watchlist_showtimes(&auth.0, area.0.as_deref(), days.0.as_deref())
            .await?;
        Ok(WatchlistShowtimesResponse::Ok(Json(
            WatchlistShowtimesBody {
                success: true,
                films: fetched
                    .value
                    .into_iter()
                    .map(WatchlistShowingItem::from)
                    .collect(),
                fetched_at: fetched.fetched_at.into(),
                stale: fetched.stale,
            },
        )))
    }

    /// The caller's Showtimes page choices
    ///
    /// The defaults (no area, no filters) until saved.
    #[oai(
        path = "/users/profile/showtime-preferences",
        method = "get",
        operation_id = "getShowtimePreferences"
    )]
    async fn preferences(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<PreferencesResponse, ApiError> {
        Ok(preferences_body(
            state.showtimes.showtime_preferences(&auth.0).await?,
        ))
    }

    /// Save the caller's Showtimes page choices
    ///
    /// Replaces them. Errors: 404 `area_not_found` for an area the cinema does not list
    /// (the placeholder area 1029 is saved as none); 400 `validation_error`.
    #[oai(
        path = "/users/profile/showtime-preferences",
        method = "put",
        operation_id = "saveShowtimePreferences"
    )]
    async fn save_preferences(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<ShowtimePreferencesRequest>,
    ) -> Result<PreferencesResponse, ApiError> {
        // `area_id` below 1 is refused by the spec's `minimum` (400 `invalid_area`).
        let request = body.0;
        let preferences = Prefs {
            area: request.area_id.map(AreaId),
            original_with_finnish_subtitles: request
                .original_with_finnish_subtitles
                .unwrap_or(false),
            finnish_dub: request.finnish_dub.unwrap_or(false),
            three_d: request.three_d.unwrap_or(false),
            imax: request.imax.unwrap_or(false),
            max_rating: request.max_rating.map(Into::into),
        };
        Ok(preferences_body(
            state
                .showtimes
                .save_showtime_preferences(&auth.0, preferences)
                .await?,
        ))
    }
}
