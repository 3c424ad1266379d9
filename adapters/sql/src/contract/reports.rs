//! Reports: filing with its two refusals, listing, and resolution by compare-and-set.

use std::sync::Arc;

use leffaseura_core::domain::moderation::{ModerationAction, ModerationFilter};
use leffaseura_core::domain::paging::PageRequest;
use leffaseura_core::domain::report::{
    Filing, NewReport, Report, ReportFilter, ReportReason, ReportResolution, ReportStatus,
    ReportTarget, ReportTargetType, Resolution,
};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::{ReportStore, UserStore};
use leffaseura_core::{ReportId, ReviewId, StoreError, UserId};

use super::fixtures::*;
use crate::SqlStore;

fn window(limit: i64, offset: i64) -> PageRequest {
    PageRequest { limit, offset }
}

fn new_report(reporter: UserId, target: ReportTarget, seconds: i64) -> NewReport {
    NewReport {
        reporter,
        target,
        target_user: None,
        target_label: format!("label of {target}"),
        reason: ReportReason::Spam,
        note: Some("buy pills".into()),
        created_at: at(seconds),
    }
}

async fn file(store: &SqlStore, report: &NewReport) -> Filing {
    store
        .file_report(report, at(-3600), 10)
        .await
        .expect("filing answers")
}

async fn filed(store: &SqlStore, report: &NewReport) -> Report {
    match file(store, report).await {
        Filing::Filed(report) => report,
        other => panic!("not filed: {other:?}"),
    }
}

fn resolution(kind: Resolution, seconds: i64) -> ReportResolution {
    ReportResolution {
        resolution: kind,
        resolved_by: "root".into(),
        reason: Some("seen".into()),
        resolved_at: at(seconds),
    }
}

pub async fn a_report_is_filed_whole_and_once_while_open(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let spammer = user(&store, "spammer").await;
    let target = ReportTarget::Review(ReviewId(review(&store, spammer.id, 550, 1).await));
    let mut new = new_report(anna.id, target, 0);
    new.target_user = Some(spammer.id);
    let report = filed(&store, &new).await;
    assert_eq!(report.reporter, anna.id);
    assert_eq!(report.reporter_name, "anna");
    assert_eq!(report.target, target);
    assert_eq!(report.target_user, Some(spammer.id));
    assert_eq!(report.target_label, new.target_label);
    assert_eq!(report.note.as_deref(), Some("buy pills"));
    assert_eq!(report.created_at, at(0));
    assert_eq!(report.status(), ReportStatus::Open);
    assert_eq!(
        store.find_report(report.id).await.expect("answers"),
        Some(report.clone())
    );
    assert_eq!(
        store.find_report(ReportId(999)).await.expect("answers"),
        None
    );

    // The same target again, even for another reason, while the first is open.
    new.reason = ReportReason::Abuse;
    assert_eq!(file(&store, &new).await, Filing::AlreadyOpen);
    // Another reporter may.
    let bob = user(&store, "bob").await;
    filed(&store, &new_report(bob.id, target, 1)).await;
    // Once resolved, the first reporter may report it again.
    store
        .resolve_reports(report.id, &resolution(Resolution::Dismissed, 2), None)
        .await
        .expect("answers");
    filed(&store, &new).await;
    // A reporter that does not exist.
    let ghost = new_report(UserId(9999), target, 3);
    assert!(matches!(
        store.file_report(&ghost, at(-3600), 10).await,
        Err(StoreError::NotFound)
    ));
}

pub async fn filing_stops_at_the_limit_within_the_window(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let mut targets = Vec::new();
    for n in 0..4 {
        targets.push(ReportTarget::User(
            user(&store, &format!("user{n}")).await.id,
        ));
    }
    // One long ago, outside the window, does not count.
    filed(&store, &new_report(anna.id, targets[0], -7200)).await;
    for (n, target) in targets[1..3].iter().enumerate() {
        filed(&store, &new_report(anna.id, *target, n as i64)).await;
    }
    let limited = store
        .file_report(&new_report(anna.id, targets[3], 10), at(-3600), 2)
        .await
        .expect("answers");
    // Room for one more once the oldest counted report (at(0)) leaves the window.
    assert_eq!(limited, Filing::TooMany { next_leaves: at(0) });
    let total = store
        .list_reports(&ReportFilter::default(), window(10, 0))
        .await
        .expect("answers")
        .total;
    assert_eq!(total, 3, "nothing written when refused");
}

pub async fn simultaneous_filings_keep_both_rules(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let target = ReportTarget::User(user(&store, "spammer").await.id);
    let store = Arc::new(store);
    let mut tasks = Vec::new();
    for n in 0..6 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store
                .file_report(&new_report(anna.id, target, n), at(-3600), 10)
                .await
        }));
    }
    let mut filed = 0;
    for task in tasks {
        match task.await.expect("task").expect("no store failure") {
            Filing::Filed(_) => filed += 1,
            Filing::AlreadyOpen => {}
            Filing::TooMany { .. } => panic!("not at the limit"),
        }
    }
    assert_eq!(filed, 1, "one open report per reporter and target");

    let mut tasks = Vec::new();
    for n in 0..6 {
        let store = store.clone();
        let target = ReportTarget::Group(leffaseura_core::GroupId(100 + n));
        tasks.push(tokio::spawn(async move {
            store
                .file_report(&new_report(anna.id, target, n), at(-3600), 4)
                .await
        }));
    }
    let mut filed = 0;
    for task in tasks {
        if let Filing::Filed(_) = task.await.expect("task").expect("no store failure") {
            filed += 1;
        }
    }
    assert_eq!(filed, 3, "the limit of 4 counts the earlier one");
}

pub async fn reports_are_listed_newest_first_by_status_type_and_reporter(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let bob = user(&store, "bob").await;
    let carl = user(&store, "carl").await;
    let club = group(&store, carl.id, "Club").await;
    let a1 = filed(&store, &new_report(anna.id, ReportTarget::User(carl.id), 0)).await;
    let a2 = filed(
        &store,
        &new_report(
            anna.id,
            ReportTarget::Group(leffaseura_core::GroupId(club)),
            1,
        ),
    )
    .await;
    let b1 = filed(&store, &new_report(bob.id, ReportTarget::User(carl.id), 2)).await;
    let ids = |page: leffaseura_core::domain::paging::Paged<Report>| {
        (
            page.total,
            page.items.iter().map(|r| r.id).collect::<Vec<_>>(),
        )
    };
    let all = store
        .list_reports(&ReportFilter::default(), window(2, 0))
        .await
        .expect("answers");
    assert_eq!(ids(all), (3, vec![b1.id, a2.id]));
    let rest = store
        .list_reports(&ReportFilter::default(), window(2, 2))
        .await
        .expect("answers");
    assert_eq!(ids(rest), (3, vec![a1.id]));
    let mine = ReportFilter {
        reporter: Some(anna.id),
        ..ReportFilter::default()
    };
    assert_eq!(
        ids(store
            .list_reports(&mine, window(10, 0))
            .await
            .expect("answers")),
        (2, vec![a2.id, a1.id])
    );
    let users = ReportFilter {
        target_type: Some(ReportTargetType::User),
        ..ReportFilter::default()
    };
    assert_eq!(
        ids(store
            .list_reports(&users, window(10, 0))
            .await
            .expect("answers")),
        (2, vec![b1.id, a1.id])
    );
    store
        .resolve_reports(a2.id, &resolution(Resolution::GroupDeleted, 5), None)
        .await
        .expect("answers");
    let resolved = ReportFilter {
        status: Some(ReportStatus::Resolved),
        ..ReportFilter::default()
    };
    let page = store
        .list_reports(&resolved, window(10, 0))
        .await
        .expect("answers");
    assert_eq!(page.total, 1);
    let handled = page.items[0].resolution.clone().expect("resolved");
    assert_eq!(handled, resolution(Resolution::GroupDeleted, 5));
    let open = ReportFilter {
        status: Some(ReportStatus::Open),
        reporter: Some(anna.id),
        ..ReportFilter::default()
    };
    assert_eq!(
        ids(store
            .list_reports(&open, window(10, 0))
            .await
            .expect("answers")),
        (1, vec![a1.id])
    );
}

pub async fn resolving_closes_every_open_report_on_the_target_once(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let bob = user(&store, "bob").await;
    let carl = user(&store, "carl").await;
    let spammer = ReportTarget::User(carl.id);
    let other = ReportTarget::User(anna.id);
    let first = filed(&store, &new_report(anna.id, spammer, 0)).await;
    let second = filed(&store, &new_report(bob.id, spammer, 1)).await;
    let unrelated = filed(&store, &new_report(bob.id, other, 2)).await;
    let mut log = entry(ModerationAction::DismissReport, "report:1", 3);
    log.target = format!("report:{}", first.id);
    let done = store
        .resolve_reports(
            first.id,
            &resolution(Resolution::Dismissed, 3),
            Some(log.clone()),
        )
        .await
        .expect("answers");
    assert_eq!(done, 2);
    for id in [first.id, second.id] {
        let report = store
            .find_report(id)
            .await
            .expect("answers")
            .expect("answers");
        assert_eq!(
            report.resolution,
            Some(resolution(Resolution::Dismissed, 3))
        );
    }
    assert_eq!(
        store
            .find_report(unrelated.id)
            .await
            .expect("answers")
            .expect("answers")
            .status(),
        ReportStatus::Open
    );
    let logged = store
        .list_moderation_log(&ModerationFilter::default(), window(10, 0))
        .await
        .expect("answers");
    assert_eq!(logged.total, 1);
    assert_eq!(logged.items[0].action, ModerationAction::DismissReport);

    // Compare-and-set: a resolved report is not resolved again, and nothing is logged.
    for id in [first.id, second.id] {
        let again = store
            .resolve_reports(
                id,
                &resolution(Resolution::UserBanned, 4),
                Some(log.clone()),
            )
            .await;
        assert!(
            matches!(again, Err(StoreError::Conflict(Conflict::Stale))),
            "{again:?}"
        );
    }
    assert_eq!(
        store
            .list_moderation_log(&ModerationFilter::default(), window(10, 0))
            .await
            .expect("answers")
            .total,
        1
    );
    assert!(matches!(
        store
            .resolve_reports(ReportId(999), &resolution(Resolution::Dismissed, 4), None)
            .await,
        Err(StoreError::NotFound)
    ));
}

pub async fn reports_outlive_their_target_and_go_with_their_reporter(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let carl = user(&store, "carl").await;
    let mut new = new_report(anna.id, ReportTarget::User(carl.id), 0);
    new.target_user = Some(carl.id);
    let report = filed(&store, &new).await;
    let by_carl = filed(&store, &new_report(carl.id, ReportTarget::User(anna.id), 1)).await;
    store.delete_user(carl.id, None).await.expect("answers");
    let kept = store
        .find_report(report.id)
        .await
        .expect("answers")
        .expect("kept");
    assert_eq!(kept.target_user, None, "the answerable account is gone");
    assert_eq!(kept.target_label, new.target_label);
    assert_eq!(store.find_report(by_carl.id).await.expect("answers"), None);
}
