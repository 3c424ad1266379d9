//! How a show is presented: 2D or 3D, on an ordinary screen or in an IMAX auditorium.
//!
//! The feed's `PresentationMethod` says only 2D or 3D (and may be empty; then
//! `PresentationMethodAndLanguage` starts with it). IMAX is an auditorium, named so in
//! `TheatreAuditorium`.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PresentationMethod {
    TwoD,
    ThreeD,
    Imax,
    Imax3D,
}

impl PresentationMethod {
    /// `2D`, `3D`, `IMAX` or `IMAX 3D`: the API's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::TwoD => "2D",
            Self::ThreeD => "3D",
            Self::Imax => "IMAX",
            Self::Imax3D => "IMAX 3D",
        }
    }

    /// From the feed's `PresentationMethod`, `PresentationMethodAndLanguage` and
    /// `TheatreAuditorium` (any may be empty). Unknown methods read as 2D, the norm.
    pub fn from_feed(method: &str, method_and_language: &str, auditorium: &str) -> Self {
        let method = match method.trim() {
            "" => method_and_language.split(',').next().unwrap_or("").trim(),
            given => given,
        };
        let three_d = method.to_ascii_uppercase().contains("3D");
        let imax = auditorium
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| word.eq_ignore_ascii_case("IMAX"));
        match (imax, three_d) {
            (true, true) => Self::Imax3D,
            (true, false) => Self::Imax,
            (false, true) => Self::ThreeD,
            (false, false) => Self::TwoD,
        }
    }

    pub fn is_3d(self) -> bool {
        matches!(self, Self::ThreeD | Self::Imax3D)
    }

    pub fn is_imax(self) -> bool {
        matches!(self, Self::Imax | Self::Imax3D)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PresentationMethod::*;

    #[test]
    fn method_and_auditorium_make_the_format() {
        let cases = [
            ("2D", "2D, suomi", "sali 11", TwoD),
            ("3D", "3D", "sali 4", ThreeD),
            ("2D", "2D", "IMAX", Imax),
            ("3D", "3D, englanti", "IMAX", Imax3D),
            ("", "3D, dubattu suomeksi", "sali 2", ThreeD),
            ("", "", "ISENSE", TwoD),
            ("", "", "", TwoD),
            ("2D", "2D", "Imax-sali", Imax),
        ];
        for (method, and_language, auditorium, expected) in cases {
            assert_eq!(
                PresentationMethod::from_feed(method, and_language, auditorium),
                expected,
                "{method:?} {and_language:?} {auditorium:?}"
            );
        }
        assert!(Imax3D.is_3d() && Imax3D.is_imax());
        assert!(!TwoD.is_3d() && !TwoD.is_imax());
        assert_eq!(Imax3D.as_str(), "IMAX 3D");
    }
}
