//! Aura: how the community received a user's reviews.

use serde::Serialize;

/// Likes received minus dislikes received, over all of a user's reviews.
pub fn aura(likes_received: i64, dislikes_received: i64) -> i64 {
    likes_received - dislikes_received
}

/// The interpretation shown beside the number (PRODUCT-SPEC §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum AuraLabel {
    Positive,
    #[serde(rename = "Mostly Positive")]
    MostlyPositive,
    Neutral,
    Mixed,
    Controversial,
}

impl AuraLabel {
    pub fn of(aura: i64) -> Self {
        match aura {
            11.. => Self::Positive,
            1..=10 => Self::MostlyPositive,
            0 => Self::Neutral,
            -9..=-1 => Self::Mixed,
            _ => Self::Controversial,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Positive => "Positive",
            Self::MostlyPositive => "Mostly Positive",
            Self::Neutral => "Neutral",
            Self::Mixed => "Mixed",
            Self::Controversial => "Controversial",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_spec_boundaries() {
        let cases = [
            (1000, AuraLabel::Positive),
            (11, AuraLabel::Positive),
            (10, AuraLabel::MostlyPositive),
            (1, AuraLabel::MostlyPositive),
            (0, AuraLabel::Neutral),
            (-1, AuraLabel::Mixed),
            (-9, AuraLabel::Mixed),
            (-10, AuraLabel::Controversial),
            (-500, AuraLabel::Controversial),
        ];
        for (value, label) in cases {
            assert_eq!(AuraLabel::of(value), label, "aura {value}");
        }
    }

    #[test]
    fn aura_is_likes_minus_dislikes() {
        assert_eq!(aura(5, 2), 3);
        assert_eq!(aura(0, 4), -4);
        assert_eq!(AuraLabel::of(aura(1, 0)).as_str(), "Mostly Positive");
    }
}
