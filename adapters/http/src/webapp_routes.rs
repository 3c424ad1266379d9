//! The webapp's routes (webapp/src/app/routes.tsx), so that a path that is no page of the
//! webapp answers HTTP 404 — with the same index.html, whose not-found page the browser
//! then shows — instead of a 200 that crawlers and link checkers take for a page.
//! A test below reads routes.tsx and fails when the two lists drift apart.

/// Every route pattern of the webapp; `:name` matches one non-empty path segment.
const APP_ROUTES: &[&str] = &[
    "/",
    "/homepage",
    "/login",
    "/signup",
    "/settings",
    "/profile",
    "/profile/:userId",
    "/favorites/:userId",
    "/watchlist",
    "/watchlist/:userId",
    "/browse",
    "/groups",
    "/groups/create",
    "/groups/:id",
    "/movie/:id",
    "/schedule",
    "/search",
    "/reviews",
    "/about",
    "/faq",
    "/contact",
    "/terms",
];

/// Is `path` (without query) one of the webapp's pages? Matched as the webapp's router
/// matches (webapp/src/lib/router.tsx): trailing slashes ignored, letters in any case.
pub fn is_app_route(path: &str) -> bool {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    APP_ROUTES.iter().any(|route| {
        let pattern: Vec<&str> = route.split('/').filter(|s| !s.is_empty()).collect();
        pattern.len() == segments.len()
            && pattern
                .iter()
                .zip(&segments)
                .all(|(want, got)| want.starts_with(':') || want.eq_ignore_ascii_case(got))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_told_from_other_paths() {
        for path in [
            "/",
            "/groups",
            "/groups/",
            "/groups/42",
            "/groups/create",
            "/movie/603",
            "/profile",
            "/profile/jane.doe",
            "/watchlist/7",
            "/schedule",
            "/Browse/",
            "/MOVIE/603//",
        ] {
            assert!(is_app_route(path), "{path} is a page");
        }
        for path in [
            "/nope",
            "/movies/42",
            "/groups/42/extra",
            "/movie",
            "/wp-login.php",
            "/admin",
        ] {
            assert!(!is_app_route(path), "{path} is no page");
        }
    }

    #[test]
    fn the_list_matches_the_webapp_routes() {
        let source = include_str!("../../../webapp/src/app/routes.tsx");
        let mut in_webapp: Vec<&str> = source
            .split("path: '")
            .skip(1)
            .filter_map(|rest| rest.split('\'').next())
            .filter(|path| *path != "*")
            .collect();
        // Pages loaded on demand: `...page(['/profile', '/profile/:userId'], …)`.
        for rest in source.split("page([").skip(1) {
            let list = rest.split(']').next().unwrap_or_default();
            in_webapp.extend(
                list.split(',')
                    .map(|path| path.trim().trim_matches('\''))
                    .filter(|path| !path.is_empty()),
            );
        }
        in_webapp.sort_unstable();
        let mut here = APP_ROUTES.to_vec();
        here.sort_unstable();
        assert_eq!(
            here, in_webapp,
            "APP_ROUTES must list exactly the routes of webapp/src/app/routes.tsx"
        );
    }
}
