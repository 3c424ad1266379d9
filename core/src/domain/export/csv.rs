//! The export document as spreadsheet tables (`export.zip`): one table per list, each
//! cell already made safe to open in a spreadsheet. The adapter only writes them as CSV.

use super::{rfc3339, ExportDocument, ExportedParty, ExportedReview, SavedMovie};

/// One CSV file of the export: its name in the ZIP, its header row and its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportTable {
    pub file_name: &'static str,
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<String>>,
}

/// A cell a spreadsheet will not run as a formula: text starting with `=`, `+`, `-`, `@`,
/// a tab or a carriage return gets a leading `'` (OWASP's CSV injection advice). The
/// person's own review text can start with any of these, so it is not hypothetical.
pub fn csv_cell(value: &str) -> String {
    match value.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{value}"),
        _ => value.to_owned(),
    }
}

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

fn table(file_name: &'static str, header: &[&'static str], rows: Vec<Vec<String>>) -> ExportTable {
    ExportTable {
        file_name,
        header: header.to_vec(),
        rows: rows
            .into_iter()
            .map(|row| row.iter().map(|cell| csv_cell(cell)).collect())
            .collect(),
    }
}

const REVIEW_HEADER: [&str; 8] = [
    "id",
    "movie_id",
    "movie_title",
    "rating",
    "content",
    "likes",
    "dislikes",
    "created_at",
];

fn review_cells(review: &ExportedReview) -> Vec<String> {
    vec![
        review.id.to_string(),
        review.movie_id.to_string(),
        review.movie_title.clone().unwrap_or_default(),
        review.rating.to_string(),
        review.content.clone(),
        review.likes.to_string(),
        review.dislikes.to_string(),
        rfc3339(review.created_at),
    ]
}

fn saved_rows(list: &[SavedMovie]) -> Vec<Vec<String>> {
    list.iter()
        .map(|saved| {
            vec![
                saved.movie_id.to_string(),
                saved.title.clone(),
                optional(saved.release_year),
                rfc3339(saved.added_at),
            ]
        })
        .collect()
}

fn party_cells(party: &ExportedParty) -> Vec<String> {
    vec![
        party.id.to_string(),
        party.group_id.to_string(),
        party.group_name.clone(),
        party.title.clone(),
        party.theatre.clone(),
        party.auditorium.clone(),
        rfc3339(party.starts_at),
        party.status.clone(),
        party.created_by_them.to_string(),
        party.note.clone().unwrap_or_default(),
        party.answer.clone().unwrap_or_default(),
        optional(party.answered_at.map(rfc3339)),
    ]
}

impl ExportDocument {
    /// The tables of `export.zip`, in a fixed order: profile, reviews, reactions,
    /// favorites, watchlist, groups, watch parties.
    pub fn tables(&self) -> Vec<ExportTable> {
        let user = &self.user;
        let preferences = self.showtime_preferences.as_ref();
        let profile = vec![vec![
            user.id.to_string(),
            user.username.clone(),
            user.email.clone(),
            user.user_bio.clone(),
            rfc3339(user.created_at),
            self.language.clone().unwrap_or_default(),
            user.role.clone(),
            user.review_count.to_string(),
            optional(user.average_rating),
            user.aura.to_string(),
            optional(preferences.and_then(|p| p.area_id)),
        ]];
        let reactions = self
            .reactions
            .iter()
            .map(|reaction| {
                let review = &reaction.review;
                vec![
                    reaction.kind.clone(),
                    rfc3339(reaction.reacted_at),
                    review.id.to_string(),
                    review.movie_id.to_string(),
                    review.movie_title.clone().unwrap_or_default(),
                    review.username.clone(),
                ]
            })
            .collect();
        let groups = self
            .groups
            .iter()
            .map(|membership| {
                let group = &membership.group;
                vec![
                    group.id.to_string(),
                    group.name.clone(),
                    membership.role.clone(),
                    group.visibility.clone(),
                    group.member_count.to_string(),
                ]
            })
            .collect();
        vec![
            table(
                "profile.csv",
                &[
                    "id",
                    "username",
                    "email",
                    "user_bio",
                    "created_at",
                    "language",
                    "role",
                    "review_count",
                    "average_rating",
                    "aura",
                    "showtime_area_id",
                ],
                profile,
            ),
            table(
                "reviews.csv",
                &REVIEW_HEADER,
                self.reviews.iter().map(review_cells).collect(),
            ),
            table(
                "reactions.csv",
                &[
                    "kind",
                    "reacted_at",
                    "review_id",
                    "movie_id",
                    "movie_title",
                    "review_author",
                ],
                reactions,
            ),
            table(
                "favorites.csv",
                &["movie_id", "title", "release_year", "added_at"],
                saved_rows(&self.favorites),
            ),
            table(
                "watchlist.csv",
                &["movie_id", "title", "release_year", "added_at"],
                saved_rows(&self.watchlist),
            ),
            table(
                "groups.csv",
                &["group_id", "name", "role", "visibility", "member_count"],
                groups,
            ),
            table(
                "watch_parties.csv",
                &[
                    "party_id",
                    "group_id",
                    "group_name",
                    "title",
                    "theatre",
                    "auditorium",
                    "starts_at",
                    "status",
                    "created_by_me",
                    "note",
                    "answer",
                    "answered_at",
                ],
                self.watch_parties.iter().map(party_cells).collect(),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_a_spreadsheet_would_run_get_a_leading_quote() {
        for risky in ["=SUM(A1)", "+1", "-2+3", "@cmd", "\tx", "\rx"] {
            assert_eq!(csv_cell(risky), format!("'{risky}"));
        }
        for plain in ["", "Great film", "5", "'quoted", " =not first"] {
            assert_eq!(csv_cell(plain), plain);
        }
    }
}
