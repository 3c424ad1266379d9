//! The review answers written with `DirectJson` give the JSON poem-openapi would.

use chrono::{TimeZone, Utc};

use leffaseura_core::domain::review::{
    ActivityItem as CoreActivityItem, ActivityKind as CoreActivityKind,
    Interaction as CoreInteraction, ReactionKind, Review as CoreReview, ReviewPage, ReviewedMovie,
};
use leffaseura_core::{MovieId, ReviewId, UserId};

use crate::api::direct_json::assert_same_json;
use crate::api::paging::PageWindow;
use crate::api::reviews::*;

fn review(id: i64, mine: Option<ReactionKind>, movie: ReviewedMovie) -> CoreReview {
    CoreReview {
        id: ReviewId(id),
        movie_id: MovieId(550),
        user_id: UserId(7),
        username: "Äijä \"quoted\" \u{1F37F}".to_owned(),
        content: "line\nbreak, <b>tags</b> and a \\ backslash".to_owned(),
        rating: 4,
        likes: 12,
        dislikes: 1,
        created_at: Utc.with_ymd_and_hms(2026, 11, 26, 12, 30, 5).unwrap(),
        updated_at: Utc.timestamp_millis_opt(1_796_000_000_123).unwrap(),
        interactions: vec![
            CoreInteraction {
                user_id: UserId(8),
                username: "liisa".to_owned(),
                kind: ReactionKind::Like,
            },
            CoreInteraction {
                user_id: UserId(9),
                username: "pekka".to_owned(),
                kind: ReactionKind::Dislike,
            },
        ],
        my_interaction: mine,
        movie,
    }
}

fn reviews() -> Vec<CoreReview> {
    let known = ReviewedMovie {
        title: Some("Fight Club".to_owned()),
        poster_url: Some("https://image.tmdb.org/t/p/w342/a.jpg".to_owned()),
        release_year: Some(1999),
    };
    vec![
        review(3, Some(ReactionKind::Like), known.clone()),
        review(2, Some(ReactionKind::Dislike), ReviewedMovie::default()),
        review(1, None, known),
    ]
}

fn page(has_more: bool) -> ReviewPage {
    ReviewPage {
        items: reviews(),
        total: 40,
        limit: 3,
        offset: 0,
        has_more,
    }
}

#[test]
fn review_pages_and_single_reviews_are_the_same_json_written_directly() {
    for has_more in [true, false] {
        let page = page(has_more);
        assert_same_json(&ReviewPageBody {
            success: true,
            data: ReviewPageData {
                reviews: page.items.iter().map(Review::from).collect(),
                pagination: (&page).into(),
            },
        });
    }
    for review in reviews() {
        assert_same_json(&ReviewBody {
            success: true,
            data: ReviewData {
                review: (&review).into(),
            },
        });
    }
    assert_same_json(&RecentReviewsBody {
        success: true,
        data: RecentReviewsData {
            reviews: reviews().iter().map(Review::from).collect(),
        },
    });
}

#[test]
fn a_movie_page_with_and_without_an_average_is_the_same_json_written_directly() {
    for (average, total) in [(Some(3.7), 40), (None, 0)] {
        let page = page(total > 0);
        assert_same_json(&MovieReviewsBody {
            success: true,
            data: MovieReviewsData {
                reviews: page.items.iter().map(Review::from).collect(),
                stats: ReviewStats {
                    average_rating: average.into(),
                    total_reviews: total,
                    rating_distribution: RatingDistribution {
                        one: 1,
                        two: 0,
                        three: 9,
                        four: 20,
                        five: total - 30,
                    },
                },
                pagination: (&page).into(),
            },
        });
    }
}

#[test]
fn an_activity_page_is_the_same_json_written_directly() {
    let at = Utc.with_ymd_and_hms(2026, 12, 1, 8, 0, 0).unwrap();
    let [first, second, ..] = <[CoreReview; 3]>::try_from(reviews()).unwrap();
    let items = [
        CoreActivityItem {
            kind: CoreActivityKind::Review,
            created_at: at,
            review: first,
        },
        CoreActivityItem {
            kind: CoreActivityKind::Reaction(ReactionKind::Dislike),
            created_at: at,
            review: second,
        },
    ];
    assert_same_json(&ActivityBody {
        success: true,
        data: ActivityData {
            activity: items.iter().map(ActivityItem::from).collect(),
            pagination: PageWindow {
                total: 2,
                limit: 20,
                offset: 0,
                has_more: false,
            },
        },
    });
}
