//! The LIMIT/OFFSET clause of a review page (and a leaderboard).

/// `LIMIT n` with the limit written into the statement, and `OFFSET $k` only past the first
/// page. Postgres plans a statement with parameters again on every run while its generic
/// plan looks costlier than a custom one, and a LIMIT or OFFSET parameter always does (it
/// is guessed at a tenth of the table): 0.4 ms of its CPU on a 20-review page. With the
/// limit (bounded by each list's maximum) and a zero offset in the text, a first page is
/// planned once per connection when its other parameters allow a generic plan; a deeper
/// offset stays a parameter, one statement for all of them.
pub(crate) struct Window {
    pub(crate) clause: String,
    /// Bind it as parameter `$k` (the `next_param` given), after the ones before it.
    pub(crate) offset: Option<i64>,
}

impl Window {
    pub(crate) fn new(limit: i64, offset: i64, next_param: usize) -> Window {
        if offset > 0 {
            Window {
                clause: format!("LIMIT {limit} OFFSET ${next_param}"),
                offset: Some(offset),
            }
        } else {
            Window {
                clause: format!("LIMIT {limit}"),
                offset: None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Window;

    #[test]
    fn a_first_page_has_no_parameter_and_a_deeper_one_its_offset() {
        let first = Window::new(20, 0, 3);
        assert_eq!((first.clause.as_str(), first.offset), ("LIMIT 20", None));
        let deeper = Window::new(20, 40, 3);
        assert_eq!(
            (deeper.clause.as_str(), deeper.offset),
            ("LIMIT 20 OFFSET $3", Some(40))
        );
    }
}
