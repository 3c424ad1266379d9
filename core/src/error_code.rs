//! The closed list of every `code` the API can answer: core's rule errors and the HTTP
//! adapter's own (unknown route, bad parameter, oversized body, …). Clients translate by
//! code, so a code is never renamed; the rustdoc of each variant is its documentation.

/// Generates [`ErrorCode`], its spelling ([`ErrorCode::as_str`]) and [`ErrorCode::ALL`]
/// from one list of `Variant => "snake_code"` pairs, so the list lives in one place.
macro_rules! error_codes {
    ($( $(#[$doc:meta])* $variant:ident => $code:literal, )*) => {
        /// Every machine-readable reason an answer of the API can give.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorCode {
            /// Every code, in the order of the list.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),*];

            /// The code as the API spells it (`"user_exists"`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)*
                }
            }
        }
    };
}

impl ErrorCode {
    /// The code spelled `code`, if the list has it.
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.as_str() == code)
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

error_codes! {
    /// 401: the token's user has been banned since it was issued.
    AccountBanned => "account_banned",
    /// 409: banning a user who is already banned (admin CLI).
    AlreadyBanned => "already_banned",
    /// 409: joining, requesting or withdrawing while already a member or moderator of the group.
    AlreadyMember => "already_member",
    /// 409: promoting a user who is already a moderator.
    AlreadyModerator => "already_moderator",
    /// 409: joining, requesting, withdrawing or taking over a group the caller already owns.
    AlreadyOwner => "already_owner",
    /// 409: joining or requesting to join while a join request is already pending.
    AlreadyPending => "already_pending",
    /// 409: writing a second review of the same movie.
    AlreadyReviewed => "already_reviewed",
    /// 400: a schedule asked for without a theatre area or a date.
    AreaAndDateRequired => "area_and_date_required",
    /// 404: a theatre area id Finnkino does not list.
    AreaNotFound => "area_not_found",
    /// 400: one film's showtimes asked for without a theatre area.
    AreaRequired => "area_required",
    /// 400: poem refused the request without a more precise reason.
    BadRequest => "bad_request",
    /// 400: a timed ban whose end is not in the future (admin CLI).
    BanEndInPast => "ban_end_in_past",
    /// 403: logging in to a banned account (the message names a timed ban's end).
    Banned => "banned",
    /// 403: reporting yourself, your own review or a group you own.
    CannotReportSelf => "cannot_report_self",
    /// 403: removing a group's owner from the group.
    CannotRemoveOwner => "cannot_remove_owner",
    /// 404: a group calendar feed whose token is unknown or was revoked.
    CalendarFeedNotFound => "calendar_feed_not_found",
    /// 409: the group changed between reading it and acting on it; nothing was written, try again.
    ConcurrentChange => "concurrent_change",
    /// 409: the data clashes with existing data in a way no more precise code names.
    Conflict => "conflict",
    /// 400: a profile change or account deletion without `currentPassword`.
    CurrentPasswordRequired => "current_password_required",
    /// 503: the database does not answer (within the pool's acquire timeout) or refused
    /// the connection; also `/readyz` while it is so. Try again shortly.
    DatabaseUnavailable => "database_unavailable",
    /// 409: changing the email to one another account uses.
    EmailTaken => "email_taken",
    /// Any other 4xx status poem answers without a code of its own.
    OtherClientError => "error",
    /// 403: adding or removing group favorites without being the group's owner or a moderator.
    FavoritesForbidden => "favorites_forbidden",
    /// 403: poem refused the call without a more precise reason.
    Forbidden => "forbidden",
    /// 400: a watchlist or favorites entry (type 1 or 2) sent with a `group_id`.
    GroupIdNotAllowed => "group_id_not_allowed",
    /// 400: a group favorite (type 3) sent without a `group_id`.
    GroupIdRequired => "group_id_required",
    /// 400: group favorites (type 3) asked for as a user's list; they are read per group.
    GroupList => "group_list",
    /// 409: creating or renaming a group to a name another group has (case-insensitively).
    GroupNameTaken => "group_name_taken",
    /// 404: no group with this id.
    GroupNotFound => "group_not_found",
    /// 400: an uploaded Letterboxd file is not valid UTF-8 text; nothing was written.
    ImportBadEncoding => "import_bad_encoding",
    /// 400: a cell of an uploaded Letterboxd file cannot be read (a rating, year or date); the message names the file and row; nothing was written.
    ImportBadRow => "import_bad_row",
    /// 404: no such item in this import.
    ImportItemNotFound => "import_item_not_found",
    /// 400: an upload without ratings.csv, reviews.csv, watchlist.csv or diary.csv; nothing was written.
    ImportNoFiles => "import_no_files",
    /// 400: an uploaded file is neither a Letterboxd CSV file nor a ZIP of them; nothing was written.
    ImportNotCsv => "import_not_csv",
    /// 404: no such import, or it is someone else\u{2019}s.
    ImportNotFound => "import_not_found",
    /// 409: choosing or confirming while the import is not at its dry run (still matching, or already importing or done).
    ImportNotReady => "import_not_ready",
    /// 413: an upload over 10 MB, or a ZIP with more than 20 entries or inflating to more than 20 MB (read no further than the limit); nothing was written.
    ImportTooLarge => "import_too_large",
    /// 413: an upload with more than 10,000 rows in all; nothing was written.
    ImportTooManyRows => "import_too_many_rows",
    /// 400: an uploaded CSV file lacks the columns of its Letterboxd file; nothing was written.
    ImportWrongColumns => "import_wrong_columns",
    /// 500: a bug or an infrastructure fault; the details are only logged.
    InternalError => "internal_error",
    /// 400: a saved showtime preference names a theatre area that does not exist.
    InvalidArea => "invalid_area",
    /// 400: a profile bio longer than the limit.
    InvalidBio => "invalid_bio",
    /// 400: the request body could not be read.
    InvalidBody => "invalid_body",
    /// 400: choosing a film that is not one of the item\u{2019}s candidates.
    InvalidChoice => "invalid_choice",
    /// 400: review text blank or longer than 5,000 characters.
    InvalidContent => "invalid_content",
    /// 401: logging in with a wrong email or password (never says which).
    InvalidCredentials => "invalid_credentials",
    /// 400: a show date not in dd.mm.yyyy format.
    InvalidDate => "invalid_date",
    /// 400: a number of days of showtimes outside 1 to 14.
    InvalidDays => "invalid_days",
    /// 400: an RSVP answer other than `going`, `maybe` or `not_going`.
    InvalidAnswer => "invalid_answer",
    /// 400: a watch party's cancel reason longer than 500 characters.
    InvalidCancelReason => "invalid_cancel_reason",
    /// 409: an RSVP deadline in the past or not before the show starts.
    InvalidDeadline => "invalid_deadline",
    /// 400: a group description longer than 2,000 characters.
    InvalidDescription => "invalid_description",
    /// 400: an email address that is missing or not syntactically valid.
    InvalidEmail => "invalid_email",
    /// 400: a favorite type other than 1 (watchlist), 2 (favorite) or 3 (group favorite).
    InvalidFavoriteType => "invalid_favorite_type",
    /// 400: a genre list that is empty where one is needed, malformed, too long or names an unknown genre.
    InvalidGenres => "invalid_genres",
    /// 400: a group name blank, longer than 60 characters or more than one line.
    InvalidGroupName => "invalid_group_name",
    /// 400: a favorite-status id list that is empty, too long, repeats an id or holds a non-id.
    InvalidIds => "invalid_ids",
    /// 400: the request body is not JSON at all.
    InvalidJson => "invalid_json",
    /// 400: a language other than fi-FI or en-US.
    InvalidLanguage => "invalid_language",
    /// 400: a Finnkino event list type other than NowInTheatres or ComingSoon.
    InvalidListType => "invalid_list_type",
    /// 400: a movie id in a body that is not a positive whole number.
    InvalidMovieId => "invalid_movie_id",
    /// 400: a catalog page outside 1 to 500.
    InvalidPage => "invalid_page",
    /// 400: a path or query parameter that cannot be parsed or is out of range (`field` names it).
    InvalidParameter => "invalid_parameter",
    /// 400: a watch party's meeting note longer than 1,000 characters.
    InvalidPartyNote => "invalid_party_note",
    /// 400: a password that is missing, only spaces, or shorter than 8 or longer than 128 characters.
    InvalidPassword => "invalid_password",
    /// 400: a group poster that is neither an http(s) address nor a path on this site.
    InvalidPosterUrl => "invalid_poster_url",
    /// 400: a movie search query blank or longer than 200 characters.
    InvalidQuery => "invalid_query",
    /// 400: a review rating other than a whole number from 1 to 5 (or an unknown age rating).
    InvalidRating => "invalid_rating",
    /// 400: a favorite's release year outside the plausible range.
    InvalidReleaseYear => "invalid_release_year",
    /// 400: resolving a report with an action that does not fit its target (admin CLI).
    InvalidReportAction => "invalid_report_action",
    /// 400: a role other than moderator or member in a group, or other than user or admin on the site.
    InvalidRole => "invalid_role",
    /// 400: a watch party's show described badly (blank title, theatre or auditorium, a
    /// ticket URL that is not http(s), ids not positive).
    InvalidShow => "invalid_show",
    /// 400: a catalog sort order TMDB does not know.
    InvalidSort => "invalid_sort",
    /// 400: a group theme id other than 1 to 4.
    InvalidTheme => "invalid_theme",
    /// 400: a moderation-log filter whose start is not before its end (admin CLI).
    InvalidTimeRange => "invalid_time_range",
    /// 400: a title-and-year lookup or favorite without an original title.
    InvalidTitle => "invalid_title",
    /// 401: a token that is malformed, badly signed, or whose user no longer exists.
    InvalidToken => "invalid_token",
    /// 400: a username not 3 to 30 characters of letters, digits, `_`, `.` and `-`.
    InvalidUsername => "invalid_username",
    /// 400: a group visibility other than public or private.
    InvalidVisibility => "invalid_visibility",
    /// 400: a year that is not a number, or outside 1870 to 2100.
    InvalidYear => "invalid_year",
    /// 403: joining a private group directly; send a join request instead.
    JoinRequestRequired => "join_request_required",
    /// 401: reading a watchlist without logging in.
    LoginRequired => "login_required",
    /// 403: reading a group's members, favorites or activity without being a member.
    MembersOnly => "members_only",
    /// 405: the path exists but not with this HTTP method.
    MethodNotAllowed => "method_not_allowed",
    /// 403: a moderator removing a moderator or the owner.
    ModeratorRemovesMembersOnly => "moderator_removes_members_only",
    /// 403: an owner's or moderator's action (remove members, answer or see requests, read the modlog) by someone else.
    ModeratorRequired => "moderator_required",
    /// 404: the movie catalog has no movie with this id.
    MovieNotFound => "movie_not_found",
    /// 400: an update that changes nothing.
    NoChanges => "no_changes",
    /// 409: confirming a watch party that is not a proposal (already scheduled).
    NotProposed => "not_proposed",
    /// 404: withdrawing, approving or declining a join request that does not exist.
    NoPendingRequest => "no_pending_request",
    /// 403: editing or deleting someone else's review.
    NotAuthor => "not_author",
    /// 409: unbanning a user who is not banned (admin CLI).
    NotBanned => "not_banned",
    /// 404: no API endpoint at this path, or a missing row no more precise code names.
    NotFound => "not_found",
    /// 404: acting on a membership that does not exist (or 400 handing a group to a non-member).
    NotMember => "not_member",
    /// 409: demoting a user who is not a moderator.
    NotModerator => "not_moderator",
    /// 403: liking or disliking your own review.
    OwnReview => "own_review",
    /// 400: the owner leaving their group; they delete it or hand it over instead.
    OwnerCannotLeave => "owner_cannot_leave",
    /// 403: an owner's action (edit, delete, roles, transfer) by someone else.
    OwnerRequired => "owner_required",
    /// 403: promoting or demoting the group's owner.
    OwnerRoleFixed => "owner_role_fixed",
    /// 409: confirming, answering or cancelling a watch party that was cancelled.
    PartyCancelled => "party_cancelled",
    /// 404: no watch party with this id.
    PartyNotFound => "party_not_found",
    /// 409: confirming or cancelling a watch party whose show has started.
    PartyPast => "party_past",
    /// 413: a request body larger than 1 MB.
    PayloadTooLarge => "payload_too_large",
    /// 404: the demo catalog has no poster by this name.
    PosterNotFound => "poster_not_found",
    /// 429: too many requests (logins, registrations or writes); `Retry-After` says when
    /// to try again.
    RateLimited => "rate_limited",
    /// 409: reporting a review, group or user while your earlier report on it is still open.
    ReportAlreadyOpen => "report_already_open",
    /// 409: resolving a report that is already resolved (admin CLI).
    ReportAlreadyResolved => "report_already_resolved",
    /// 404: no report with this id (admin CLI).
    ReportNotFound => "report_not_found",
    /// 404: no review with this id.
    ReviewNotFound => "review_not_found",
    /// 409: answering a watch party after its RSVP deadline or after the show started.
    RsvpClosed => "rsvp_closed",
    /// 409: setting a user's site role to the role they already have (admin CLI).
    RoleUnchanged => "role_unchanged",
    /// 403: joining, requesting, withdrawing or leaving on behalf of someone else.
    SelfOnly => "self_only",
    /// 503: too many logins or registrations are waiting for a password hash; retry after
    /// `Retry-After` seconds.
    ServerBusy => "server_busy",
    /// 409: planning a watch party for a show that has already started.
    ShowStarted => "show_started",
    /// 507: the database has no space left for the write; nothing was saved.
    StorageFull => "storage_full",
    /// 401: the token's lifetime is over.
    TokenExpired => "token_expired",
    /// 401: the token was issued before a password change, or its user was deleted.
    TokenRevoked => "token_revoked",
    /// 401: a call that needs a login sent no bearer token.
    Unauthorized => "unauthorized",
    /// 429: more reports than allowed within an hour.
    TooManyReports => "too_many_reports",
    /// 415: a request body that is not JSON.
    UnsupportedMediaType => "unsupported_media_type",
    /// 502: TMDB answered with an error or something unreadable.
    UpstreamError => "upstream_error",
    /// 503 (TMDB) or 502 (Finnkino): the upstream service did not answer in time or refused.
    UpstreamUnavailable => "upstream_unavailable",
    /// 414: a request URI (path and query) longer than the server accepts.
    UriTooLong => "uri_too_long",
    /// 400: removing yourself from a group through member removal; use leave.
    UseLeave => "use_leave",
    /// 409: approving a user who is already a member.
    UserAlreadyMember => "user_already_member",
    /// 409: registering with an email or username another account uses.
    UserExists => "user_exists",
    /// 404: no user with this id (also a profile whose account is gone).
    UserNotFound => "user_not_found",
    /// 409: changing the username to one another account uses.
    UsernameTaken => "username_taken",
    /// 400: a JSON body that does not have the expected shape (`field` names the offender).
    ValidationError => "validation_error",
    /// 403: reading someone else's watchlist.
    WatchlistPrivate => "watchlist_private",
    /// 403: the current password sent with a profile change or deletion is wrong.
    WrongPassword => "wrong_password",
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn every_code_is_unique_snake_case() {
        let mut seen = HashSet::new();
        for code in ErrorCode::ALL {
            let text = code.as_str();
            let snake = !text.is_empty()
                && text.split('_').all(|word| {
                    !word.is_empty()
                        && word
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                })
                && text.starts_with(|c: char| c.is_ascii_lowercase());
            assert!(snake, "{code:?} is spelled {text:?}, not snake_case");
            assert!(seen.insert(text), "{text} is the code of two variants");
        }
        assert_eq!(seen.len(), ErrorCode::ALL.len());
    }

    #[test]
    fn codes_parse_back_from_their_spelling() {
        for code in ErrorCode::ALL {
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
            assert_eq!(code.to_string(), code.as_str());
        }
        assert_eq!(ErrorCode::parse("no_such_code"), None);
        assert_eq!(ErrorCode::parse("User_Exists"), None);
    }
}
