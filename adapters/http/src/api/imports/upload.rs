//! Reading an upload into Letterboxd tables: a ZIP (Letterboxd's export as downloaded) or
//! CSV files. What is refused is refused here, before anything is stored: not CSV, broken
//! UTF-8, unknown columns, and ZIPs that are too big. A ZIP is inflated entry by entry
//! through a reader capped at what is left of [`ZIP_MAX_UNCOMPRESSED`], so a ZIP bomb
//! costs at most that much memory and time, whatever its headers claim.

use std::io::{Cursor, Read};

use leffaseura_core::domain::import::{
    LetterboxdFile, RawTable, UPLOAD_MAX_BYTES, ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED,
};
use leffaseura_core::{Error, ErrorCode};

/// One file of the multipart body.
pub struct Uploaded {
    pub name: Option<String>,
    pub bytes: Vec<u8>,
}

fn not_csv(name: &str) -> Error {
    Error::invalid(
        "files",
        ErrorCode::ImportNotCsv,
        format!(
            "{name} is not a CSV file or a ZIP: upload the ZIP Letterboxd sent you, or its \
             ratings.csv, reviews.csv, watchlist.csv or diary.csv. Nothing was imported."
        ),
    )
}

fn too_large(what: &str) -> Error {
    Error::too_large(
        ErrorCode::ImportTooLarge,
        format!("{what} Nothing was imported."),
    )
}

/// The tables of every uploaded file; files a Letterboxd ZIP holds beside the four we
/// read (profile.csv, comments.csv, …) are skipped unread.
///
/// # Errors
/// `Invalid` `import_not_csv`, `import_bad_encoding`, `import_wrong_columns`; `TooLarge`
/// `import_too_large`.
pub fn read_uploads(files: Vec<Uploaded>) -> Result<Vec<RawTable>, Error> {
    let total: usize = files.iter().map(|f| f.bytes.len()).sum();
    if total > UPLOAD_MAX_BYTES {
        return Err(too_large("The upload is larger than 10 MB."));
    }
    let mut tables = Vec::new();
    for file in files {
        let name = file.name.clone().unwrap_or_else(|| "The file".to_owned());
        if file.bytes.starts_with(b"PK\x03\x04") || file.bytes.starts_with(b"PK\x05\x06") {
            tables.extend(read_zip(&name, file.bytes)?);
        } else {
            let kind = file
                .name
                .as_deref()
                .and_then(|n| LetterboxdFile::from_name(n, false));
            tables.push(read_csv(&name, kind, &file.bytes)?);
        }
    }
    Ok(tables)
}

fn read_zip(name: &str, bytes: Vec<u8>) -> Result<Vec<RawTable>, Error> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| not_csv(name))?;
    if archive.len() > ZIP_MAX_ENTRIES {
        return Err(too_large(&format!(
            "The ZIP holds {} files; a Letterboxd export has at most {ZIP_MAX_ENTRIES}.",
            archive.len()
        )));
    }
    let mut budget = ZIP_MAX_UNCOMPRESSED;
    let mut tables = Vec::new();
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(|_| not_csv(name))?;
        if entry.is_dir() {
            continue;
        }
        let entry_name = entry.name().to_owned();
        let Some(kind) = LetterboxdFile::from_name(&entry_name, true) else {
            continue;
        };
        let mut inflated = Vec::new();
        (&mut entry)
            .take(budget + 1)
            .read_to_end(&mut inflated)
            .map_err(|_| not_csv(&entry_name))?;
        let size = inflated.len() as u64;
        if size > budget {
            return Err(too_large(
                "The ZIP unpacks to more than 20 MB; a Letterboxd export is far smaller.",
            ));
        }
        budget -= size;
        tables.push(read_csv(&entry_name, Some(kind), &inflated)?);
    }
    Ok(tables)
}

/// The Letterboxd file whose columns the header has (the one with most columns wins:
/// reviews.csv has every column of diary.csv and more).
fn detect(header: &[String]) -> Option<LetterboxdFile> {
    let trimmed: Vec<&str> = header
        .iter()
        .map(|h| h.trim().trim_start_matches('\u{feff}'))
        .collect();
    LetterboxdFile::ALL
        .into_iter()
        .filter(|file| file.columns().iter().all(|c| trimmed.contains(c)))
        .max_by_key(|file| file.columns().len())
}

fn read_csv(name: &str, kind: Option<LetterboxdFile>, bytes: &[u8]) -> Result<RawTable, Error> {
    // Text files have no NUL bytes; images, PDFs and spreadsheets do, early on.
    if bytes.iter().take(8192).any(|b| *b == 0) {
        return Err(not_csv(name));
    }
    let text = std::str::from_utf8(bytes).map_err(|err| {
        Error::invalid(
            "files",
            ErrorCode::ImportBadEncoding,
            format!(
                "{name} is not valid UTF-8 text (at byte {}). Letterboxd exports are UTF-8; \
                 upload the file as Letterboxd sent it. Nothing was imported.",
                err.valid_up_to()
            ),
        )
    })?;
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|_| not_csv(name))?
        .iter()
        .map(str::to_owned)
        .collect();
    let file = match kind.or_else(|| detect(&header)) {
        Some(file) => file,
        None => {
            return Err(Error::invalid(
                "files",
                ErrorCode::ImportWrongColumns,
                format!(
                    "{name} does not have the columns of Letterboxd's ratings.csv, \
                     reviews.csv, watchlist.csv or diary.csv. Nothing was imported."
                ),
            ))
        }
    };
    let mut records = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|_| not_csv(name))?;
        records.push(record.iter().map(str::to_owned).collect());
    }
    Ok(RawTable {
        file,
        header,
        records,
    })
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn upload(name: &str, bytes: &[u8]) -> Uploaded {
        Uploaded {
            name: Some(name.to_owned()),
            bytes: bytes.to_vec(),
        }
    }

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in entries {
            zip.start_file(*name, options).expect("entry");
            zip.write_all(bytes).expect("write");
        }
        zip.finish().expect("finish").into_inner()
    }

    const WATCHLIST: &[u8] =
        b"Date,Name,Year,Letterboxd URI\n2024-01-01,Fight Club,1999,https://boxd.it/1\n";

    #[test]
    fn a_csv_is_known_by_its_name_or_else_by_its_columns() {
        let tables = read_uploads(vec![upload("mine.csv", WATCHLIST)]).expect("read");
        assert_eq!(tables[0].file, LetterboxdFile::Watchlist);
        assert_eq!(tables[0].records.len(), 1);
        let err = read_uploads(vec![upload("x.csv", b"a,b\n1,2\n")]).expect_err("columns");
        assert_eq!(err.code(), "import_wrong_columns");
    }

    #[test]
    fn binary_and_broken_text_are_refused() {
        let err =
            read_uploads(vec![upload("ratings.csv", b"\x89PNG\r\n\x1a\n\0\0")]).expect_err("png");
        assert_eq!(err.code(), "import_not_csv");
        let err = read_uploads(vec![upload("ratings.csv", b"Date,Name\n\xff\xfe,x\n")])
            .expect_err("latin");
        assert_eq!(err.code(), "import_bad_encoding");
    }

    #[test]
    fn a_zip_is_read_at_the_top_level_only() {
        let zip = zip_of(&[
            ("watchlist.csv", WATCHLIST),
            ("deleted/watchlist.csv", WATCHLIST),
            ("profile.csv", b"whatever"),
        ]);
        let tables = read_uploads(vec![upload("letterboxd.zip", &zip)]).expect("read");
        assert_eq!(tables.len(), 1);
    }

    #[test]
    fn a_zip_bomb_is_refused_without_inflating_past_the_limit() {
        let zeros = vec![b'a'; usize::try_from(ZIP_MAX_UNCOMPRESSED).expect("fits") + 10];
        let zip = zip_of(&[("ratings.csv", &zeros)]);
        assert!(zip.len() < 100_000, "compresses well: {}", zip.len());
        let err = read_uploads(vec![upload("bomb.zip", &zip)]).expect_err("bomb");
        assert_eq!(err.code(), "import_too_large");
        let many: Vec<(String, &[u8])> = (0..=ZIP_MAX_ENTRIES)
            .map(|i| (format!("f{i}.txt"), &b"x"[..]))
            .collect();
        let refs: Vec<(&str, &[u8])> = many.iter().map(|(n, b)| (n.as_str(), *b)).collect();
        let err = read_uploads(vec![upload("many.zip", &zip_of(&refs))]).expect_err("entries");
        assert_eq!(err.code(), "import_too_large");
    }
}
