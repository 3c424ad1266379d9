//! The demo feed's places: Finnkino's real area list (as of 2024, in the feed's own
//! order) and its real theatres and auditorium names. Theatre ids of the capital region
//! are the feed's own (2021); the others are stand-ins in the same number space.

use leffaseura_core::domain::showtime::{Area, AreaId};

/// A theatre with its auditoriums.
#[derive(Debug, Clone, Copy)]
pub struct Theatre {
    pub id: i64,
    /// `Name, City`, as the feed writes it.
    pub name: &'static str,
    pub auditoriums: &'static [&'static str],
    /// Swedish subtitles too (bilingual municipalities).
    pub bilingual: bool,
}

const fn theatre(
    id: i64,
    name: &'static str,
    auditoriums: &'static [&'static str],
    bilingual: bool,
) -> Theatre {
    Theatre {
        id,
        name,
        auditoriums,
        bilingual,
    }
}

pub const KINOPALATSI_HKI: Theatre = theatre(
    1034,
    "Kinopalatsi, Helsinki",
    &[
        "sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6", "sali 7", "sali 8", "sali 9",
        "sali 10",
    ],
    true,
);
pub const TENNISPALATSI: Theatre = theatre(
    1038,
    "Tennispalatsi, Helsinki",
    &[
        "sali 2", "sali 3", "sali 4", "sali 5", "sali 6", "sali 7", "sali 8", "sali 9", "sali 10",
        "sali 11", "sali 12", "sali 13", "sali 14", "ISENSE",
    ],
    true,
);
pub const MAXIM: Theatre = theatre(1047, "Maxim, Helsinki", &["sali 1", "sali 2"], true);
pub const ITIS: Theatre = theatre(
    1058,
    "Itis, Helsinki",
    &[
        "sali 2", "sali 5", "sali 6", "sali 7", "sali 8", "sali 9", "IMAX", "LUXE 3", "LUXE 4",
    ],
    true,
);
pub const OMENA: Theatre = theatre(
    1056,
    "Omena, Espoo",
    &[
        "sali 2", "sali 3", "sali 4", "sali 6", "sali 7", "ISENSE", "Lounge",
    ],
    true,
);
pub const SELLO: Theatre = theatre(
    1050,
    "Sello, Espoo",
    &[
        "Sello 1", "Sello 2", "Sello 3", "Sello 4", "Sello 5", "VIP-sali",
    ],
    true,
);
pub const FLAMINGO: Theatre = theatre(
    1043,
    "Flamingo, Vantaa",
    &["sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6"],
    true,
);
pub const FANTASIA: Theatre = theatre(
    1061,
    "Fantasia, Jyväskylä",
    &["sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6"],
    false,
);
pub const SCALA: Theatre = theatre(
    1062,
    "Scala, Kuopio",
    &["sali 1", "sali 2", "sali 3", "sali 4", "sali 5"],
    false,
);
pub const KUVAPALATSI: Theatre = theatre(
    1063,
    "Kuvapalatsi, Lahti",
    &["sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6"],
    false,
);
pub const STRAND: Theatre = theatre(
    1064,
    "Strand, Lappeenranta",
    &["sali 1", "sali 2", "sali 3", "sali 4"],
    false,
);
pub const PLAZA: Theatre = theatre(
    1065,
    "Plaza, Oulu",
    &[
        "sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6", "sali 7",
    ],
    false,
);
pub const PROMENADI: Theatre = theatre(
    1066,
    "Promenadi, Pori",
    &["sali 1", "sali 2", "sali 3", "sali 4", "sali 5"],
    false,
);
pub const CINE_ATLAS: Theatre = theatre(
    1067,
    "Cine Atlas, Tampere",
    &[
        "sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6", "sali 7",
    ],
    false,
);
pub const PLEVNA: Theatre = theatre(
    1068,
    "Plevna, Tampere",
    &[
        "sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6", "sali 7", "sali 8", "sali 9",
        "sali 10",
    ],
    false,
);
pub const KINOPALATSI_TKU: Theatre = theatre(
    1069,
    "Kinopalatsi, Turku",
    &[
        "sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6", "sali 7", "sali 8",
    ],
    true,
);
pub const LUXE_MYLLY: Theatre = theatre(
    1070,
    "Luxe Mylly, Raisio",
    &["sali 1", "sali 2", "sali 3", "sali 4", "sali 5", "sali 6"],
    true,
);

/// Every demo theatre, in a fixed order (show ids are built from the position).
pub const THEATRES: &[Theatre] = &[
    KINOPALATSI_HKI,
    TENNISPALATSI,
    MAXIM,
    ITIS,
    OMENA,
    SELLO,
    FLAMINGO,
    FANTASIA,
    SCALA,
    KUVAPALATSI,
    STRAND,
    PLAZA,
    PROMENADI,
    CINE_ATLAS,
    PLEVNA,
    KINOPALATSI_TKU,
    LUXE_MYLLY,
];

const CAPITAL: &[Theatre] = &[
    KINOPALATSI_HKI,
    TENNISPALATSI,
    MAXIM,
    ITIS,
    OMENA,
    SELLO,
    FLAMINGO,
];

/// The areas in the feed's order, each with its theatres (the placeholder has none).
pub const AREAS: &[(i64, &str, &[Theatre])] = &[
    (1029, "Valitse alue/teatteri", &[]),
    (1014, "Pääkaupunkiseutu", CAPITAL),
    (1012, "Espoo", &[OMENA, SELLO]),
    (1039, "Espoo: OMENA", &[OMENA]),
    (1038, "Espoo: SELLO", &[SELLO]),
    (
        1002,
        "Helsinki",
        &[KINOPALATSI_HKI, TENNISPALATSI, MAXIM, ITIS],
    ),
    (1045, "Helsinki: ITIS", &[ITIS]),
    (1031, "Helsinki: KINOPALATSI", &[KINOPALATSI_HKI]),
    (1032, "Helsinki: MAXIM", &[MAXIM]),
    (1033, "Helsinki: TENNISPALATSI", &[TENNISPALATSI]),
    (1013, "Vantaa: FLAMINGO", &[FLAMINGO]),
    (1015, "Jyväskylä: FANTASIA", &[FANTASIA]),
    (1016, "Kuopio: SCALA", &[SCALA]),
    (1017, "Lahti: KUVAPALATSI", &[KUVAPALATSI]),
    (1041, "Lappeenranta: STRAND", &[STRAND]),
    (1018, "Oulu: PLAZA", &[PLAZA]),
    (1019, "Pori: PROMENADI", &[PROMENADI]),
    (1021, "Tampere", &[CINE_ATLAS, PLEVNA]),
    (1034, "Tampere: CINE ATLAS", &[CINE_ATLAS]),
    (1035, "Tampere: PLEVNA", &[PLEVNA]),
    (1047, "Turku ja Raisio", &[KINOPALATSI_TKU, LUXE_MYLLY]),
    (1022, "Turku: KINOPALATSI", &[KINOPALATSI_TKU]),
    (1046, "Raisio: LUXE MYLLY", &[LUXE_MYLLY]),
];

pub fn areas() -> Vec<Area> {
    AREAS
        .iter()
        .map(|(id, name, _)| Area {
            id: AreaId(*id),
            name: (*name).to_owned(),
        })
        .collect()
}

/// The theatres of an area; empty for the placeholder and unknown areas.
pub fn theatres_of(area: AreaId) -> &'static [Theatre] {
    AREAS
        .iter()
        .find(|(id, _, _)| *id == area.0)
        .map_or(&[], |(_, _, theatres)| theatres)
}

/// A theatre's position in [`THEATRES`].
pub fn theatre_index(theatre: &Theatre) -> usize {
    THEATRES
        .iter()
        .position(|t| t.id == theatre.id)
        .unwrap_or(0)
}
