//! How generated puzzles are written: text, JSON or SVG pages, and their certificates.

use super::super::certstats::CertStats;
use super::options::OutputFormat;
use crate::cli::Fail;
use crate::cli::manifest::Manifest;
use gridsat_sat::Budget;
use gridsat_sat::solver::RefuteError;
use gridsat_sudoku::{
    generate::Generated,
    io::{SheetPuzzle, Written, sheet_document, sheet_pages},
    model::Alphabet,
    report::{CertificateError, Claim, certify, generated_json},
};
use std::io::Write;

/// How generated puzzles are written.
/// Results reach it in order, on one thread (the batch runner's sink).
pub struct Writer<'a> {
    pub seed: u64,
    pub alphabet: Option<&'a Alphabet>,
    pub format: OutputFormat,
    pub json: bool,
    pub with_solution: bool,
    /// The certificate folder's manifest (`--certify`).
    pub manifest: Option<Manifest>,
    pub budget: Budget,
    pub certs: CertStats,
    /// The puzzles made so far, for SVG pages (written when all are made).
    pub sheet: Vec<(String, Generated)>,
}

impl Writer<'_> {
    /// Writes puzzle number `k`.
    pub fn write(&mut self, out: &mut impl Write, g: &Generated, k: u64) -> Result<(), Fail> {
        let givens = g.puzzle.num_givens();
        if self.json {
            writeln!(out, "{}", generated_json(k, self.seed, g, self.alphabet))?;
            return self.certify(g, k);
        }
        let note = format!("{givens} givens, {}", g.rating.level);
        let format = match self.format {
            OutputFormat::Text(f) => f,
            OutputFormat::Svg => {
                let caption = format!("puzzle {k} · {note}");
                self.sheet.push((caption, g.clone()));
                return self.certify(g, k);
            }
        };
        let written = Written {
            index: k,
            note: &note,
            puzzle: &g.puzzle,
            rules: &g.rules,
            alphabet: self.alphabet,
            solution: self.with_solution.then_some(&g.solution),
        };
        write!(out, "{}", format.write(&written))?;
        self.certify(g, k)
    }

    /// Writes the certificate of puzzle `k` (`--certify`): unique by construction, the
    /// proof comes from the certificate's own case split.
    fn certify(&mut self, g: &Generated, k: u64) -> Result<(), Fail> {
        let Some(manifest) = &mut self.manifest else {
            return Ok(());
        };
        let claim = Claim::unique(&g.puzzle, &g.rules, self.alphabet, &g.solution);
        let c = certify(manifest.dir(), k as usize, &claim, &self.budget).map_err(|e| match e {
            CertificateError::Variant => Fail::usage(format!("--certify: {e}")),
            CertificateError::Proof(RefuteError::Stopped) => {
                Fail::stopped(format!("puzzle {k}: certificate: {e}"))
            }
            e => Fail::failure(format!("puzzle {k}: certificate: {e}")),
        })?;
        manifest.add(&c.manifest)?;
        self.certs.add(&c);
        Ok(())
    }

    /// Writes the SVG pages of the puzzles made: one document on stdout, or one file per
    /// page into `dir` (`page-1.svg` …).
    pub fn write_sheets(&self, dir: Option<&std::path::Path>) -> Result<(), Fail> {
        let made = &self.sheet;
        let items: Vec<SheetPuzzle> = made
            .iter()
            .map(|(caption, g)| SheetPuzzle {
                puzzle: &g.puzzle,
                rules: &g.rules,
                caption,
                solution: Some(&g.solution),
            })
            .collect();
        let bad = |e: gridsat_sudoku::io::SvgError| Fail::failure(e.to_string());
        let Some(dir) = dir else {
            let doc = sheet_document(&items, self.alphabet, self.with_solution).map_err(bad)?;
            std::io::stdout().lock().write_all(doc.as_bytes())?;
            return Ok(());
        };
        let pages = sheet_pages(&items, self.alphabet, self.with_solution).map_err(bad)?;
        std::fs::create_dir_all(dir)
            .map_err(|e| Fail::usage(format!("{}: cannot create: {e}", dir.display())))?;
        for (i, page) in pages.iter().enumerate() {
            let path = dir.join(format!("page-{}.svg", i + 1));
            std::fs::write(&path, page)
                .map_err(|e| Fail::usage(format!("{}: cannot write: {e}", path.display())))?;
        }
        eprintln!(
            "gridsat: wrote {} pages into {}",
            pages.len(),
            dir.display()
        );
        Ok(())
    }
}
