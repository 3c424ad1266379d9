//! The contract test suite: the same behaviour checked against every backend.
//!
//! Each public `async fn` here takes a freshly migrated, empty [`SqlStore`] and panics
//! when the store breaks the contract. The backend crates run them all with
//! [`contract_suite!`](crate::contract_suite), giving it an expression that yields
//! `Option<(SqlStore, Guard)>` (`None` = skip; the guard cleans up when dropped).
//!
//! Some fixtures (reactions, memberships of old shape) are written in plain SQL in
//! [`fixtures`], keeping counters in step the way the stores must.

mod attempts;
mod deletion;
mod favorites;
pub mod fixtures;
mod group_search;
mod groups;
mod listings;
mod reports;
mod reviews;
mod schema;
mod showtimes;
mod users;
mod watch_parties;

pub use attempts::*;
pub use deletion::*;
pub use favorites::*;
pub use fixtures::{at, group, member, react, review, user};
pub use group_search::*;
pub use groups::*;
pub use listings::*;
pub use reports::*;
pub use reviews::*;
pub use schema::*;
pub use showtimes::*;
pub use users::*;
pub use watch_parties::*;

/// Generates one `#[tokio::test]` per contract test. `$fresh` is an expression (usually a
/// call of an async fn) evaluating to a future of `Option<(SqlStore, Guard)>`.
#[macro_export]
macro_rules! contract_suite {
    ($fresh:expr) => {
        $crate::contract_suite!(@tests $fresh;
            a_new_user_is_stored_plain_and_found_by_id_email_and_username,
            duplicate_username_in_any_letter_case_is_a_username_conflict,
            duplicate_email_in_any_letter_case_is_an_email_conflict,
            renaming_to_a_taken_username_or_email_is_a_conflict_naming_the_field,
            missing_users_are_none_and_changes_to_them_not_found,
            ids_are_never_reused_after_a_delete,
            a_password_change_bumps_the_token_version_and_other_changes_do_not,
            an_upgraded_hash_replaces_only_the_one_read_and_keeps_the_sessions,
            changes_are_applied_and_untouched_fields_kept,
            a_ban_bumps_the_token_version_and_is_logged_with_it,
            a_site_role_change_is_stored_and_logged,
            profile_and_stats_read_the_counters,
            deleting_a_user_removes_their_reviews_reactions_favorites_and_memberships,
            a_deleted_owner_hands_the_group_to_the_longest_standing_moderator,
            without_moderators_the_longest_standing_member_inherits_the_group,
            a_group_with_only_pending_requests_is_deleted_with_its_owner,
            group_favorites_outlive_the_account_that_added_them,
            counters_of_other_users_are_corrected_when_a_reacting_user_is_deleted,
            deleting_a_user_writes_the_moderation_entry,
            users_who_reacted_to_each_other_can_leave_at_the_same_time,
            list_users_pages_oldest_first_with_a_total,
            the_moderation_log_is_newest_first,
            the_moderation_log_is_filtered_by_actor_user_group_action_and_time,
            concurrent_writers_do_not_fail,
            the_schema_seeds_genres_and_themes,
            the_schema_names_its_uniqueness_rules,
            the_schema_refuses_rows_that_break_its_rules,
            ping_answers,
        );
        $crate::contract_suite!(@tests $fresh;
            favorites_are_stored_once_per_list_and_read_back_whole,
            simultaneous_identical_adds_leave_one_row,
            favorite_lists_are_newest_first_with_their_totals,
            removing_a_favorite_touches_only_its_list,
            status_lookups_see_only_the_users_personal_lists,
            group_favorites_are_one_per_movie_and_need_the_group,
            group_access_reads_the_owner_and_the_membership,
        );
        $crate::contract_suite!(@tests $fresh;
            a_new_group_is_stored_whole_with_its_owner_as_the_only_member,
            membership_changes_apply_only_while_the_roles_read_still_hold,
            groups_are_listed_popular_first_and_found_case_and_accent_insensitively,
            searches_read_through_pieces_find_what_a_scan_finds,
            admins_list_every_group_oldest_first_by_visibility_owner_and_text,
            edits_apply_whole_and_are_logged,
            transfers_and_deletions_keep_one_owner_and_the_log,
            a_hand_over_applies_only_to_the_candidates_it_was_decided_on,
            counts_follow_every_way_rows_change,
            group_favorite_removals_are_logged_only_when_something_was_removed,
        );
        $crate::contract_suite!(@tests $fresh;
            a_review_is_stored_with_its_movie_and_counted,
            one_review_per_user_per_movie,
            reactions_toggle_and_the_counters_follow,
            simultaneous_reactions_all_count,
            edits_move_the_rating_counters_and_keep_what_is_left_out,
            deleting_a_review_takes_its_reactions_and_their_counts,
            deleting_accounts_keeps_every_review_counter_right,
            lists_are_newest_first_with_exact_totals_and_capped_interactions,
            offset_windows_are_slices_of_the_list_from_either_end,
            deep_offsets_of_a_movie_are_slices_of_the_list,
            a_users_activity_merges_reviews_and_reactions_newest_first,
            group_reviews_come_from_members_only,
            leaderboards_read_the_counters,
        );
        $crate::contract_suite!(@tests $fresh;
            a_report_is_filed_whole_and_once_while_open,
            filing_stops_at_the_limit_within_the_window,
            simultaneous_filings_keep_both_rules,
            reports_are_listed_newest_first_by_status_type_and_reporter,
            resolving_closes_every_open_report_on_the_target_once,
            reports_outlive_their_target_and_go_with_their_reporter,
        );
        $crate::contract_suite!(@tests $fresh;
            showtime_answers_are_kept_past_expiry_and_purged_apart,
            event_matches_are_remembered_hit_or_miss_and_replaced,
            showtime_preferences_are_kept_per_user_and_go_with_the_account,
        );
        $crate::contract_suite!(@tests $fresh;
            a_party_is_stored_whole_and_listed_by_its_start,
            a_party_is_created_only_while_the_creators_role_holds,
            answers_count_current_members_and_follow_the_guard,
            status_changes_bump_the_version_once,
            a_users_next_parties_come_from_their_groups,
            calendar_tokens_are_replaced_revoked_and_go_with_the_group,
        );
        $crate::contract_suite!(@tests $fresh;
            attempts_are_counted_per_action_client_and_window,
            simultaneous_attempts_are_all_counted,
            login_failures_run_per_pair_and_start_over_when_ended,
            simultaneous_login_failures_are_all_counted,
        );
    };
    (@tests $fresh:expr; $($name:ident),* $(,)?) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                let Some((store, guard)) = $fresh.await else {
                    return;
                };
                $crate::contract::$name(store.clone()).await;
                store.close().await;
                drop(guard);
            }
        )*
    };
}
