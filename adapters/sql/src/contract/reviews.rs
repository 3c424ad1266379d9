//! The review store's contract: reviews, reactions, and every counter derived from them
//! equal to what the rows say — after each write, under concurrency, and after accounts
//! are deleted.

use std::sync::Arc;

use leffaseura_core::domain::moderation::ModerationAction;
use leffaseura_core::domain::moderation::ModerationFilter;
use leffaseura_core::domain::movie::RememberedMovie;
use leffaseura_core::domain::rating::Rating;
use leffaseura_core::domain::review::{
    ActivityKind, NewReview, ReactionKind, ReviewChanges, ReviewWindow,
};
use leffaseura_core::domain::text::ReviewContent;
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::{ReviewStore, UserStore};
use leffaseura_core::{GroupId, MovieId, ReviewId, UserId};

use super::fixtures::{assert_conflict, assert_not_found, at, group, member, page, scalar, user};
use crate::SqlStore;

use ReactionKind::{Dislike, Like};

fn movie(id: i64) -> RememberedMovie {
    RememberedMovie {
        id: MovieId(id),
        title: format!("Movie {id}"),
        original_title: format!("Original {id}"),
        release_date: "1999-03-30".into(),
        release_year: Some(1999),
        poster: Some(format!("https://img.example/{id}.jpg")),
        vote_average: Some(7.5),
    }
}

fn new_review(author: UserId, movie: i64, rating: i64, seconds: i64) -> NewReview {
    NewReview {
        user_id: author,
        movie_id: MovieId(movie),
        rating: Rating::new(rating).expect("rating"),
        content: ReviewContent::parse("A film worth seeing.").expect("content"),
        created_at: at(seconds),
    }
}

async fn write(store: &SqlStore, author: UserId, movie_id: i64, rating: i64, s: i64) -> ReviewId {
    store
        .create_review(&new_review(author, movie_id, rating, s), &movie(movie_id))
        .await
        .expect("create review")
}

/// Every counter equals its rows: reviews' likes/dislikes, users' review count, rating sum
/// and reactions received, and the movies' statistics.
pub async fn assert_counters_match_rows(store: &SqlStore) {
    let checks = [
        (
            "reviews.likes/dislikes",
            "SELECT COUNT(*) FROM reviews r WHERE \
               r.likes <> (SELECT COUNT(*) FROM review_reactions x \
                           WHERE x.review_id = r.id AND x.kind = 'like') \
               OR r.dislikes <> (SELECT COUNT(*) FROM review_reactions x \
                           WHERE x.review_id = r.id AND x.kind = 'dislike')",
        ),
        (
            "users' review counters",
            "SELECT COUNT(*) FROM users u WHERE \
               u.review_count <> (SELECT COUNT(*) FROM reviews r WHERE r.user_id = u.id) \
               OR u.rating_sum <> (SELECT CAST(COALESCE(SUM(r.rating), 0) AS BIGINT) \
                                   FROM reviews r WHERE r.user_id = u.id)",
        ),
        (
            "users' reactions received",
            "SELECT COUNT(*) FROM users u WHERE \
               u.likes_received <> (SELECT COUNT(*) FROM review_reactions x \
                 JOIN reviews r ON r.id = x.review_id WHERE r.user_id = u.id AND x.kind = 'like') \
               OR u.dislikes_received <> (SELECT COUNT(*) FROM review_reactions x \
                 JOIN reviews r ON r.id = x.review_id \
                 WHERE r.user_id = u.id AND x.kind = 'dislike')",
        ),
        (
            "movie_review_stats",
            "SELECT COUNT(*) FROM movie_review_stats s WHERE \
               s.review_count <> (SELECT COUNT(*) FROM reviews r WHERE r.movie_id = s.movie_id) \
               OR s.rating_sum <> (SELECT CAST(COALESCE(SUM(r.rating), 0) AS BIGINT) \
                                   FROM reviews r WHERE r.movie_id = s.movie_id) \
               OR s.rating_1 <> (SELECT COUNT(*) FROM reviews r \
                                 WHERE r.movie_id = s.movie_id AND r.rating = 1) \
               OR s.rating_5 <> (SELECT COUNT(*) FROM reviews r \
                                 WHERE r.movie_id = s.movie_id AND r.rating = 5)",
        ),
        (
            "movie_review_buckets",
            "SELECT COUNT(*) FROM movie_review_buckets b WHERE b.review_count <> \
               (SELECT COUNT(*) FROM reviews r WHERE r.movie_id = b.movie_id \
                AND r.created_at / 536870912 = b.bucket)",
        ),
        (
            "reviews without a bucket",
            "SELECT COUNT(*) FROM reviews r WHERE NOT EXISTS (SELECT 1 FROM \
               movie_review_buckets b WHERE b.movie_id = r.movie_id \
               AND b.bucket = r.created_at / 536870912)",
        ),
        (
            "movies without statistics",
            "SELECT COUNT(*) FROM (SELECT DISTINCT movie_id FROM reviews) m \
             WHERE NOT EXISTS (SELECT 1 FROM movie_review_stats s WHERE s.movie_id = m.movie_id)",
        ),
    ];
    for (what, sql) in checks {
        assert_eq!(scalar(store, sql, &[]).await, 0, "{what} out of step");
    }
}

pub async fn a_review_is_stored_with_its_movie_and_counted(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let id = write(&store, aino.id, 603, 4, 10).await;
    let review = store
        .find_review(id, None)
        .await
        .expect("find")
        .expect("the review");
    assert_eq!(review.user_id, aino.id);
    assert_eq!(review.username, "aino");
    assert_eq!(review.movie_id, MovieId(603));
    assert_eq!(review.rating, 4);
    assert_eq!(review.content, "A film worth seeing.");
    assert_eq!((review.likes, review.dislikes), (0, 0));
    assert_eq!(review.created_at, at(10));
    assert_eq!(review.updated_at, at(10));
    assert_eq!(review.movie.title.as_deref(), Some("Movie 603"));
    assert_eq!(
        review.movie.poster_url.as_deref(),
        Some("https://img.example/603.jpg")
    );
    assert_eq!(review.movie.release_year, Some(1999));
    assert!(review.interactions.is_empty());
    assert_eq!(review.my_interaction, None);

    let stats = store.user_stats(aino.id).await.expect("stats");
    assert_eq!((stats.review_count, stats.rating_sum), (1, 4));
    let movie_stats = store.movie_stats(MovieId(603)).await.expect("movie stats");
    assert_eq!(movie_stats.total_reviews, 1);
    assert_eq!(movie_stats.distribution, [0, 0, 0, 1, 0]);
    assert_eq!(
        store
            .movie_stats(MovieId(1))
            .await
            .expect("none")
            .total_reviews,
        0
    );
    assert!(store
        .find_review(ReviewId(id.0 + 100), None)
        .await
        .expect("find")
        .is_none());
    assert_counters_match_rows(&store).await;
}

pub async fn one_review_per_user_per_movie(store: SqlStore) {
    let aino = user(&store, "aino").await;
    write(&store, aino.id, 603, 4, 0).await;
    let again = store
        .create_review(&new_review(aino.id, 603, 1, 5), &movie(603))
        .await;
    assert_conflict(again, Conflict::Review);
    // The failed attempt left no trace in the counters.
    let stats = store.user_stats(aino.id).await.expect("stats");
    assert_eq!((stats.review_count, stats.rating_sum), (1, 4));
    let gone = store
        .create_review(&new_review(UserId(aino.id.0 + 50), 603, 1, 5), &movie(603))
        .await;
    assert_not_found(gone);
    assert_counters_match_rows(&store).await;
}

pub async fn reactions_toggle_and_the_counters_follow(store: SqlStore) {
    let author = user(&store, "author").await;
    let fan = user(&store, "fan").await;
    let id = write(&store, author.id, 603, 5, 0).await;
    let steps = [
        (Some(Like), Some(Like), (1, 0)),
        (Some(Like), None, (0, 0)),
        (Some(Dislike), Some(Dislike), (0, 1)),
        (Some(Like), Some(Like), (1, 0)),
        (None, None, (0, 0)),
        (None, None, (0, 0)),
    ];
    for (n, (requested, expected, counts)) in steps.into_iter().enumerate() {
        let held = store
            .react(id, fan.id, requested, at(n as i64))
            .await
            .expect("react");
        assert_eq!(held, expected, "step {n}");
        let review = store
            .find_review(id, Some(fan.id))
            .await
            .expect("find")
            .expect("review");
        assert_eq!((review.likes, review.dislikes), counts, "step {n}");
        assert_eq!(review.my_interaction, expected, "step {n}");
        let stats = store.user_stats(author.id).await.expect("stats");
        assert_eq!(
            (stats.total_likes, stats.total_dislikes),
            counts,
            "step {n}"
        );
        assert_counters_match_rows(&store).await;
    }
    store
        .react(id, fan.id, Some(Dislike), at(10))
        .await
        .expect("dislike");
    let review = store
        .find_review(id, None)
        .await
        .expect("find")
        .expect("review");
    assert_eq!(review.my_interaction, None, "anonymous viewers have none");
    assert_eq!(review.interactions.len(), 1);
    assert_eq!(review.interactions[0].user_id, fan.id);
    assert_eq!(review.interactions[0].username, "fan");
    assert_eq!(review.interactions[0].kind, Dislike);
    assert_not_found(
        store
            .react(ReviewId(id.0 + 100), fan.id, Some(Like), at(11))
            .await,
    );
}

pub async fn simultaneous_reactions_all_count(store: SqlStore) {
    let author = user(&store, "author").await;
    let id = write(&store, author.id, 603, 5, 0).await;
    let mut fans = Vec::new();
    for n in 0..100 {
        fans.push(user(&store, &format!("fan{n}")).await.id);
    }
    let store = Arc::new(store);
    let mut tasks = Vec::new();
    for (n, fan) in fans.iter().copied().enumerate() {
        let store = Arc::clone(&store);
        let kind = if n % 4 == 0 { Dislike } else { Like };
        tasks.push(tokio::spawn(async move {
            store.react(id, fan, Some(kind), at(1)).await
        }));
    }
    // One user toggling fast at the same time: an even number of identical requests.
    for _ in 0..6 {
        let store = Arc::clone(&store);
        let fan = fans[1];
        tasks.push(tokio::spawn(async move {
            store.react(id, fan, Some(Like), at(2)).await
        }));
    }
    for task in tasks {
        task.await.expect("task").expect("every reaction succeeds");
    }
    let review = store
        .find_review(id, None)
        .await
        .expect("find")
        .expect("review");
    // fan1 liked once and then toggled six more times: liked again in the end; 75 likes and 25 dislikes.
    assert_eq!((review.likes, review.dislikes), (75, 25));
    let stats = store.user_stats(author.id).await.expect("stats");
    assert_eq!((stats.total_likes, stats.total_dislikes), (75, 25));
    assert_counters_match_rows(&store).await;
}

pub async fn edits_move_the_rating_counters_and_keep_what_is_left_out(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let id = write(&store, aino.id, 603, 2, 0).await;
    let changes = ReviewChanges::parse(Some(5), None).expect("changes");
    store
        .update_review(id, &changes, at(30))
        .await
        .expect("update");
    let review = store
        .find_review(id, None)
        .await
        .expect("find")
        .expect("review");
    assert_eq!(review.rating, 5);
    assert_eq!(review.content, "A film worth seeing.", "content kept");
    assert_eq!(review.updated_at, at(30));
    assert_eq!(review.created_at, at(0));
    let changes = ReviewChanges::parse(None, Some(" Even better. ")).expect("changes");
    store
        .update_review(id, &changes, at(40))
        .await
        .expect("update");
    let review = store
        .find_review(id, None)
        .await
        .expect("find")
        .expect("review");
    assert_eq!(
        (review.rating, review.content.as_str()),
        (5, "Even better.")
    );
    assert_eq!(
        store.user_stats(aino.id).await.expect("stats").rating_sum,
        5
    );
    let stats = store.movie_stats(MovieId(603)).await.expect("movie stats");
    assert_eq!(stats.distribution, [0, 0, 0, 0, 1]);
    assert_eq!(stats.average_rating(), Some(5.0));
    assert_not_found(
        store
            .update_review(ReviewId(id.0 + 100), &changes, at(50))
            .await,
    );
    assert_counters_match_rows(&store).await;
}

pub async fn deleting_a_review_takes_its_reactions_and_their_counts(store: SqlStore) {
    let author = user(&store, "author").await;
    let fan = user(&store, "fan").await;
    let critic = user(&store, "critic").await;
    let kept = write(&store, author.id, 550, 3, 0).await;
    let doomed = write(&store, author.id, 603, 5, 1).await;
    for (who, review, kind) in [
        (fan.id, kept, Like),
        (fan.id, doomed, Like),
        (critic.id, doomed, Dislike),
    ] {
        store
            .react(review, who, Some(kind), at(2))
            .await
            .expect("react");
    }
    let log = super::fixtures::entry(ModerationAction::DeleteReview, "review:doomed", 3);
    store
        .delete_review(doomed, Some(log.clone()))
        .await
        .expect("delete");
    assert!(store
        .find_review(doomed, None)
        .await
        .expect("find")
        .is_none());
    let stats = store.user_stats(author.id).await.expect("stats");
    assert_eq!(
        (
            stats.review_count,
            stats.rating_sum,
            stats.total_likes,
            stats.total_dislikes
        ),
        (1, 3, 1, 0)
    );
    assert_eq!(
        store
            .movie_stats(MovieId(603))
            .await
            .expect("stats")
            .total_reviews,
        0
    );
    assert_not_found(store.delete_review(doomed, Some(log)).await);
    assert_counters_match_rows(&store).await;
    let entries = store
        .list_moderation_log(&ModerationFilter::default(), page(10, 0))
        .await
        .expect("log");
    assert_eq!(
        entries.total, 1,
        "logged once, with the deletion that happened"
    );
    assert_eq!(entries.items[0].target, "review:doomed");
    let all = store
        .all_reviews(ReviewWindow::Offset(page(10, 0)), None)
        .await
        .expect("all");
    assert_eq!((all.total, all.items.len(), all.items[0].id), (1, 1, kept));
}

pub async fn deleting_accounts_keeps_every_review_counter_right(store: SqlStore) {
    let author = user(&store, "author").await;
    let fan = user(&store, "fan").await;
    let critic = user(&store, "critic").await;
    let a = write(&store, author.id, 603, 5, 0).await;
    let f = write(&store, fan.id, 603, 1, 1).await;
    store
        .react(a, fan.id, Some(Like), at(2))
        .await
        .expect("like");
    store
        .react(a, critic.id, Some(Dislike), at(3))
        .await
        .expect("dislike");
    store
        .react(f, author.id, Some(Like), at(4))
        .await
        .expect("like");
    store
        .react(f, critic.id, Some(Like), at(5))
        .await
        .expect("like");

    // A reacting user goes: their reactions stop counting.
    store
        .delete_user(critic.id, None)
        .await
        .expect("delete critic");
    assert_counters_match_rows(&store).await;
    let review = store.find_review(a, None).await.expect("find").expect("a");
    assert_eq!((review.likes, review.dislikes), (1, 0));

    // An author goes: their reviews leave the movie's statistics, their reactions leave
    // the fan's counters.
    store
        .delete_user(author.id, None)
        .await
        .expect("delete author");
    assert_counters_match_rows(&store).await;
    let stats = store.movie_stats(MovieId(603)).await.expect("stats");
    assert_eq!(
        (stats.total_reviews, stats.distribution),
        (1, [1, 0, 0, 0, 0])
    );
    let fan_stats = store.user_stats(fan.id).await.expect("stats");
    assert_eq!((fan_stats.total_likes, fan_stats.total_dislikes), (0, 0));
}

pub async fn lists_are_newest_first_with_exact_totals_and_capped_interactions(store: SqlStore) {
    let author = user(&store, "author").await;
    let other = user(&store, "other").await;
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(write(&store, author.id, 100 + n, 4, n).await);
    }
    let on_603 = write(&store, other.id, 100, 2, 10).await;
    // 55 reactions on the newest review of movie 100: only the 50 newest are shown.
    let mut fans = Vec::new();
    for n in 0..55 {
        let fan = user(&store, &format!("fan{n}")).await.id;
        store
            .react(on_603, fan, Some(Like), at(100 + n))
            .await
            .expect("react");
        fans.push(fan);
    }

    let movie_page = store
        .movie_reviews(
            MovieId(100),
            ReviewWindow::Offset(page(10, 0)),
            Some(fans[54]),
        )
        .await
        .expect("movie reviews");
    assert_eq!(movie_page.total, 2);
    let order: Vec<ReviewId> = movie_page.items.iter().map(|r| r.id).collect();
    assert_eq!(order, vec![on_603, ids[0]], "newest first");
    let busy = &movie_page.items[0];
    assert_eq!(busy.likes, 55, "counts are exact");
    assert_eq!(
        busy.interactions.len(),
        leffaseura_core::domain::review::INTERACTIONS_IN_LISTS,
        "a list's interactions are capped"
    );
    assert_eq!(
        busy.interactions[0].user_id, fans[54],
        "newest reaction first"
    );
    assert_eq!(busy.my_interaction, Some(Like));
    assert_eq!(movie_page.items[1].my_interaction, None);
    assert_eq!(busy.movie.title.as_deref(), Some("Movie 100"));
    let (with_stats, stats) = store
        .movie_reviews_with_stats(
            MovieId(100),
            ReviewWindow::Offset(page(10, 0)),
            Some(fans[54]),
        )
        .await
        .expect("movie reviews with stats");
    assert_eq!(with_stats, movie_page, "the same page either way");
    assert_eq!((stats.total_reviews, stats.rating_sum), (2, 6));
    let (nothing, no_stats) = store
        .movie_reviews_with_stats(MovieId(999), ReviewWindow::Offset(page(10, 0)), None)
        .await
        .expect("an unreviewed movie");
    assert_eq!((nothing.total, nothing.items.len()), (0, 0));
    assert_eq!(no_stats.total_reviews, 0);
    let one = store
        .find_review(on_603, None)
        .await
        .expect("find")
        .expect("review");
    assert_eq!(one.interactions.len(), 50, "one review shows the 50 newest");
    assert_eq!(one.interactions[0].user_id, fans[54]);
    assert_eq!(one.my_interaction, None);

    let user_page = store
        .user_reviews(author.id, ReviewWindow::Offset(page(2, 1)), None)
        .await
        .expect("user reviews");
    assert_eq!(user_page.total, 5);
    let order: Vec<ReviewId> = user_page.items.iter().map(|r| r.id).collect();
    assert_eq!(order, vec![ids[3], ids[2]]);
    assert!(user_page.has_more);

    // The same list by cursor: each window starts after the last review of the one before.
    let mut seen = Vec::new();
    let mut window = ReviewWindow::Offset(page(2, 0));
    loop {
        let part = store
            .user_reviews(author.id, window, None)
            .await
            .expect("user reviews");
        assert_eq!(part.total, 5);
        seen.extend(part.items.iter().map(|r| r.id));
        match part.next_cursor() {
            Some(cursor) => window = ReviewWindow::After { limit: 2, cursor },
            None => break,
        }
    }
    let mut newest_first = ids.clone();
    newest_first.reverse();
    assert_eq!(
        seen, newest_first,
        "cursor pages cover the list once, in order"
    );

    let recent = store.recent_reviews(3, None).await.expect("recent");
    let order: Vec<ReviewId> = recent.iter().map(|r| r.id).collect();
    assert_eq!(order, vec![on_603, ids[4], ids[3]]);

    // A review of a movie the store never saw: the movie fields are empty.
    sqlx::query("DELETE FROM movies WHERE id = 104")
        .execute(store.pool())
        .await
        .expect("forget movie");
    let unknown = store
        .find_review(ids[4], None)
        .await
        .expect("find")
        .expect("review");
    assert_eq!(unknown.movie.title, None);
    assert_eq!(unknown.movie.release_year, None);
}

/// Every offset window of a list is the same slice of it, whichever end the store walks
/// from (an offset past the middle is read from the oldest review up), ties on the time
/// included, and an offset past the end is an empty last page.
pub async fn offset_windows_are_slices_of_the_list_from_either_end(store: SqlStore) {
    let author = user(&store, "author").await;
    let mut movie_ids = Vec::new();
    let mut user_ids = Vec::new();
    // Seven reviews, two pairs of them written in the same second.
    for (n, second) in [0, 1, 1, 2, 3, 3, 4].into_iter().enumerate() {
        let n = i64::try_from(n).expect("small");
        let critic = user(&store, &format!("critic{n}")).await;
        movie_ids.push(write(&store, critic.id, 500, 3, second).await);
        user_ids.push(write(&store, author.id, 600 + n, 3, second).await);
    }
    for ids in [&mut movie_ids, &mut user_ids] {
        // Newest first; the later written of two in one second first.
        ids.reverse();
    }
    for offset in 0..=8_i64 {
        let window = ReviewWindow::Offset(page(3, offset));
        let from = usize::try_from(offset).expect("small").min(7);
        let to = (from + 3).min(7);
        let movie_page = store
            .movie_reviews(MovieId(500), window, None)
            .await
            .expect("movie reviews");
        let user_page = store
            .user_reviews(author.id, window, None)
            .await
            .expect("user reviews");
        for (list, ids) in [(&movie_page, &movie_ids), (&user_page, &user_ids)] {
            let got: Vec<ReviewId> = list.items.iter().map(|r| r.id).collect();
            assert_eq!(got, ids[from..to], "offset {offset}");
            assert_eq!(list.has_more, offset + 3 < 7, "more after offset {offset}");
            assert_eq!(list.total, 7);
        }
    }
}

/// A deep offset of a movie's list starts its walk at the bucket of creation time that
/// holds it (migration 0015): its windows are still exact slices of the list, across
/// buckets, inside dense ones, with ties on the time, and after reviews are deleted.
pub async fn deep_offsets_of_a_movie_are_slices_of_the_list(store: SqlStore) {
    // 450 reviews of movie 700 by as many users, three at each instant, 2^26 ms apart:
    // 24 to a bucket of 2^29 ms, about 19 buckets.
    sqlx::query(
        "INSERT INTO users (username, username_key, email, password_hash, created_at, \
         updated_at) WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq \
         WHERE n < 449) SELECT 'deep' || n, 'deep' || n, 'deep' || n || '@example.com', \
         'x', 0, 0 FROM seq",
    )
    .execute(store.pool())
    .await
    .expect("users");
    sqlx::query(
        "INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at) \
         SELECT id, 700, 3, 'Deep.', \
                1700000000000 + (CAST(substr(username, 5) AS BIGINT) / 3) * 67108864, 0 \
         FROM users WHERE username LIKE 'deep%'",
    )
    .execute(store.pool())
    .await
    .expect("reviews");
    sqlx::query("UPDATE users SET review_count = 1, rating_sum = 3 WHERE username LIKE 'deep%'")
        .execute(store.pool())
        .await
        .expect("the authors' counters");
    let list_in_order = |store: SqlStore| async move {
        sqlx::query_scalar::<_, i64>(
            "SELECT id FROM reviews WHERE movie_id = 700 ORDER BY created_at DESC, id DESC",
        )
        .fetch_all(store.pool())
        .await
        .expect("the list")
    };
    let mut expected = list_in_order(store.clone()).await;
    assert_eq!(expected.len(), 450);
    assert!(
        scalar(
            &store,
            "SELECT COUNT(*) FROM movie_review_buckets WHERE movie_id = 700",
            &[]
        )
        .await
            > 15,
        "the reviews span many buckets"
    );
    for round in 0..2 {
        let total = i64::try_from(expected.len()).expect("small");
        let offsets = (0..=total + 1)
            .step_by(7)
            .chain([199, 200, 201, 224, 225, 248, total - 1]);
        for offset in offsets {
            let window = ReviewWindow::Offset(page(20, offset));
            let got = store
                .movie_reviews(MovieId(700), window, None)
                .await
                .expect("movie reviews");
            let from = usize::try_from(offset).expect("small").min(expected.len());
            let to = (from + 20).min(expected.len());
            let ids: Vec<i64> = got.items.iter().map(|r| r.id.0).collect();
            assert_eq!(ids, expected[from..to], "round {round}, offset {offset}");
            assert_eq!(got.has_more, offset + 20 < total, "more after {offset}");
            assert_eq!(got.total, total);
        }
        // Deleting reviews (one of three tied ones, and a whole instant) moves every
        // later window; the buckets follow.
        for id in [expected[230], expected[300], expected[301], expected[302]] {
            store
                .delete_review(ReviewId(id), None)
                .await
                .expect("delete");
        }
        expected = list_in_order(store.clone()).await;
    }
    assert_counters_match_rows(&store).await;
}

pub async fn a_users_activity_merges_reviews_and_reactions_newest_first(store: SqlStore) {
    let me = user(&store, "myself").await;
    let other = user(&store, "other").await;
    let theirs = write(&store, other.id, 200, 3, 0).await;
    let mine = write(&store, me.id, 201, 5, 10).await;
    let older = write(&store, other.id, 202, 4, 1).await;
    store
        .react(older, me.id, Some(Dislike), at(5))
        .await
        .expect("react");
    store
        .react(theirs, me.id, Some(Like), at(20))
        .await
        .expect("react");
    // Someone else's reaction is not my activity.
    store
        .react(mine, other.id, Some(Like), at(30))
        .await
        .expect("react");

    let all = store
        .user_activity(me.id, page(10, 0), Some(other.id))
        .await
        .expect("activity")
        .expect("known user");
    assert_eq!(all.total, 3);
    let seen: Vec<(ActivityKind, ReviewId, i64)> = all
        .items
        .iter()
        .map(|i| {
            (
                i.kind,
                i.review.id,
                i.created_at.timestamp() - at(0).timestamp(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (ActivityKind::Reaction(Like), theirs, 20),
            (ActivityKind::Review, mine, 10),
            (ActivityKind::Reaction(Dislike), older, 5),
        ]
    );
    assert_eq!(all.items[0].review.user_id, other.id);
    assert_eq!(all.items[0].review.likes, 1);
    assert_eq!(
        all.items[0].review.movie.title.as_deref(),
        Some("Movie 200")
    );
    assert_eq!(
        all.items[1].review.my_interaction,
        Some(Like),
        "the viewer's own"
    );
    assert!(!all.has_more());

    let window = store
        .user_activity(me.id, page(1, 1), None)
        .await
        .expect("activity")
        .expect("known user");
    assert_eq!(window.total, 3);
    assert_eq!(window.items.len(), 1);
    assert_eq!(window.items[0].review.id, mine);
    assert!(window.has_more());

    let quiet = user(&store, "quiet").await;
    let none = store
        .user_activity(quiet.id, page(10, 0), None)
        .await
        .expect("activity")
        .expect("known user");
    assert_eq!((none.total, none.items.len()), (0, 0));
    assert!(store
        .user_activity(UserId(987_654), page(10, 0), None)
        .await
        .expect("activity")
        .is_none());
}

pub async fn group_reviews_come_from_members_only(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let member_user = user(&store, "member").await;
    let pending = user(&store, "pending").await;
    let outsider = user(&store, "outsider").await;
    let g = group(&store, owner.id, "Noir").await;
    member(&store, g, member_user.id, "member", 1).await;
    member(&store, g, pending.id, "pending", 2).await;
    let by_owner = write(&store, owner.id, 1, 3, 0).await;
    let by_member = write(&store, member_user.id, 2, 4, 1).await;
    write(&store, pending.id, 3, 5, 2).await;
    write(&store, outsider.id, 4, 5, 3).await;

    let listed = store
        .group_reviews(
            GroupId(g),
            ReviewWindow::Offset(page(10, 0)),
            Some(owner.id),
        )
        .await
        .expect("group reviews");
    assert_eq!(listed.total, 2);
    let order: Vec<ReviewId> = listed.items.iter().map(|r| r.id).collect();
    assert_eq!(order, vec![by_member, by_owner]);
}

pub async fn leaderboards_read_the_counters(store: SqlStore) {
    let quiet = user(&store, "quiet").await;
    let busy = user(&store, "busy").await;
    let liked = user(&store, "liked").await;
    let disliked = user(&store, "disliked").await;
    for n in 0..3 {
        write(&store, busy.id, n, 3, n).await;
    }
    let good = write(&store, liked.id, 10, 5, 5).await;
    let bad = write(&store, disliked.id, 11, 1, 6).await;
    store
        .react(good, quiet.id, Some(Like), at(7))
        .await
        .expect("like");
    store
        .react(good, busy.id, Some(Like), at(8))
        .await
        .expect("like");
    store
        .react(bad, quiet.id, Some(Dislike), at(9))
        .await
        .expect("dislike");

    let by_count = store.users_by_review_count(3).await.expect("by count");
    let names: Vec<&str> = by_count.iter().map(|p| p.user.username.as_str()).collect();
    assert_eq!(
        names,
        vec!["busy", "liked", "disliked"],
        "ties: oldest first"
    );
    assert_eq!(by_count[0].stats.review_count, 3);

    let by_aura = store.users_by_aura(20).await.expect("by aura");
    let board: Vec<(&str, i64)> = by_aura
        .iter()
        .map(|p| (p.user.username.as_str(), p.stats.aura()))
        .collect();
    assert_eq!(
        board,
        vec![("liked", 2), ("busy", 0), ("disliked", -1)],
        "only users with reviews, highest aura first"
    );
}
