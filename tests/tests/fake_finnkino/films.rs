//! The fake's films and which of them the demo catalog has.

/// A film of the fake's schedules: (event id, title, original title, year, minutes,
/// rating, genres).
pub type Film = (
    i64,
    &'static str,
    &'static str,
    i32,
    u32,
    &'static str,
    &'static str,
);

/// The 40 events: 26 from the demo catalog, 13 no catalog has, and one whose title is a
/// demo film's but whose year is decades off (a low-confidence match).
#[rustfmt::skip]
pub const FILMS: &[Film] = &[
    (307001, "Dune", "Dune", 2021, 155, "12", "Sci-fi, Seikkailu"),
    (307002, "Dune: Part Two", "Dune: Part Two", 2024, 167, "12", "Sci-fi, Seikkailu"),
    (307003, "Barbie", "Barbie", 2023, 114, "7", "Komedia, Fantasia"),
    (307004, "Oppenheimer", "Oppenheimer", 2023, 181, "12", "Draama, Historia"),
    (307005, "Wicked", "Wicked", 2024, 160, "7", "Musikaali, Fantasia"),
    (307006, "Deadpool & Wolverine", "Deadpool & Wolverine", 2024, 128, "16", "Toiminta, Komedia"),
    (307007, "Inside Out 2 (dub)", "Inside Out 2", 2024, 97, "S", "Animaatio, Perhe-elokuva"),
    (307008, "Spider-Man: Across the Spider-Verse", "Spider-Man: Across the Spider-Verse", 2023, 140, "7", "Animaatio, Toiminta"),
    (307009, "Everything Everywhere All at Once", "Everything Everywhere All at Once", 2022, 140, "12", "Komedia, Sci-fi"),
    (307010, "Killers of the Flower Moon", "Killers of the Flower Moon", 2023, 206, "16", "Rikos, Draama"),
    (307011, "Poika ja haikara", "君たちはどう生きるか", 2023, 124, "7", "Animaatio, Fantasia"),
    (307012, "Poor Things", "Poor Things", 2023, 141, "16", "Komedia, Draama"),
    (307013, "Godzilla Minus One", "ゴジラ-1.0", 2023, 125, "12", "Toiminta, Sci-fi"),
    (307014, "Super Mario Bros. -elokuva", "The Super Mario Bros. Movie", 2023, 92, "7", "Animaatio, Perhe-elokuva"),
    (307015, "Sisu", "Sisu", 2022, 91, "16", "Toiminta, Sota, Kotimainen"),
    (307016, "Druk", "Druk", 2020, 117, "12", "Komedia, Draama"),
    (307017, "Top Gun: Maverick", "Top Gun: Maverick", 2022, 131, "12", "Toiminta, Draama"),
    (307018, "Länsirintamalta ei mitään uutta", "Im Westen nichts Neues", 2022, 148, "16", "Sota, Draama"),
    (307019, "Spider-Man: No Way Home", "Spider-Man: No Way Home", 2021, 148, "12", "Toiminta, Seikkailu"),
    (307020, "Avengers: Endgame", "Avengers: Endgame", 2019, 181, "12", "Toiminta, Sci-fi"),
    (307021, "Joker", "Joker", 2019, 122, "16", "Rikos, Draama"),
    (307022, "Parasite", "기생충", 2019, 133, "16", "Draama, Jännitys"),
    (307023, "1917", "1917", 2019, 119, "16", "Sota, Draama"),
    (307024, "Interstellar", "Interstellar", 2014, 169, "12", "Sci-fi, Draama"),
    (307025, "Inception", "Inception", 2010, 148, "12", "Sci-fi, Toiminta"),
    (307026, "The Matrix", "The Matrix", 1999, 136, "16", "Sci-fi, Toiminta"),
    (307027, "Lumiukon kesä", "Lumiukon kesä", 2026, 96, "7", "Draama, Kotimainen"),
    (307028, "Pohjoisen valot", "Pohjoisen valot", 2026, 104, "12", "Draama, Kotimainen"),
    (307029, "Sammakkoprinssi ja suuri sade", "Sammakkoprinssi ja suuri sade", 2026, 82, "S", "Animaatio, Perhe-elokuva, Kotimainen"),
    (307030, "Hiljaiset vedet", "Still Waters of Kymi", 2026, 116, "12", "Draama, Jännitys"),
    (307031, "Yön kulkijat", "Night Walkers of Vaasa", 2026, 102, "16", "Kauhu"),
    (307032, "Kesäkuun kolmas", "The Third of June", 2025, 99, "7", "Komedia, Romantiikka"),
    (307033, "Rautatieasema", "Station Hours", 2025, 111, "12", "Draama"),
    (307034, "Avaruuden reuna", "Edge of the Quiet Space", 2026, 131, "12", "Sci-fi, Seikkailu"),
    (307035, "Metsän kuningas", "Metsän kuningas", 2026, 93, "7", "Dokumentti, Kotimainen"),
    (307036, "Lakeuden laulu", "Lakeuden laulu", 2026, 107, "12", "Musiikki, Kotimainen"),
    (307037, "Majakanvartijan tytär", "The Lighthouse Keeper's Granddaughter", 2025, 109, "16", "Draama"),
    (307038, "Kettu ja Kuu", "The Fox and the Moon of Lapland", 2026, 88, "S", "Animaatio"),
    (307039, "Kaupungin valot 2026", "Kaupungin valot 2026", 2026, 120, "Luok_vap", "Event cinema"),
    (307040, "Dyyni (1984)", "Dune", 1984, 137, "12", "Sci-fi"),
];

/// Event ids whose films the demo catalog has, with its ids.
pub const MATCHES: &[(i64, i64)] = &[
    (307001, 438631),
    (307002, 693134),
    (307003, 346698),
    (307004, 872585),
    (307011, 508883),
    (307013, 940721),
    (307022, 496243),
];
