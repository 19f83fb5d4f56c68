//! Network weights: the file format, loading, and the output layer.
//!
//! File layout (little endian): the magic `CBNN`, a `u32` format version (1), a `u32` hidden
//! width, then `i16` feature weights (`INPUTS × HIDDEN`, input-major), `i16` feature biases
//! (`HIDDEN`), `i16` output weights (`2 × HIDDEN`, side to move first) and one `i32` output bias.

use super::{Accumulator, HIDDEN, INPUTS, QA, QB, SCALE};
use shakmaty::Color;

/// The first four bytes of a network file.
pub const MAGIC: &[u8; 4] = b"CBNN";
/// The file format version this build reads and writes.
pub const VERSION: u32 = 1;

/// The byte length of a network file.
pub const FILE_LEN: usize = 12 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// Why a network file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with `CBNN`.
    #[error("not a chessbot network file (bad magic)")]
    BadMagic,
    /// The file is of another format version.
    #[error("network format version {0} (this build reads version {VERSION})")]
    BadVersion(u32),
    /// The file's hidden width differs from this build's.
    #[error("network has {0} hidden neurons (this build uses {HIDDEN})")]
    BadWidth(u32),
    /// The file is shorter or longer than the layout requires.
    #[error("network file is {0} bytes (expected {FILE_LEN})")]
    BadLength(usize),
    /// Weights too large for the integer arithmetic of evaluation (checked by
    /// [`Network::from_bytes`]); no trained network has them.
    #[error("network weights out of range: {0}")]
    OutOfRange(&'static str),
}

/// The most pieces a position holds: how many feature rows one accumulator sums.
const MAX_ACTIVE: usize = 32;

/// Quantised network weights.
#[derive(Clone)]
pub struct Network {
    /// Feature transformer rows, one per input.
    pub(super) feature_weights: Box<[[i16; HIDDEN]]>,
    /// Feature transformer bias (the empty board's accumulator).
    pub(super) feature_bias: [i16; HIDDEN],
    /// Output weights: `[0]` reads the side to move's accumulator, `[1]` the other side's.
    output_weights: [[i16; HIDDEN]; 2],
    /// Output bias, scaled by `QA * QB`.
    output_bias: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &HIDDEN)
            .finish_non_exhaustive()
    }
}

impl Network {
    /// Builds a network from quantised weights laid out as in the file.
    ///
    /// `feature_weights` has `INPUTS * HIDDEN` entries, `output_weights` `2 * HIDDEN`.
    pub fn from_parts(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: i32,
    ) -> Network {
        assert_eq!(feature_weights.len(), INPUTS * HIDDEN);
        assert_eq!(feature_bias.len(), HIDDEN);
        assert_eq!(output_weights.len(), 2 * HIDDEN);
        let mut rows = vec![[0i16; HIDDEN]; INPUTS].into_boxed_slice();
        for (row, chunk) in rows.iter_mut().zip(feature_weights.chunks_exact(HIDDEN)) {
            row.copy_from_slice(chunk);
        }
        let mut bias = [0i16; HIDDEN];
        bias.copy_from_slice(feature_bias);
        let mut out = [[0i16; HIDDEN]; 2];
        out[0].copy_from_slice(&output_weights[..HIDDEN]);
        out[1].copy_from_slice(&output_weights[HIDDEN..]);
        Network {
            feature_weights: rows,
            feature_bias: bias,
            output_weights: out,
            output_bias,
        }
    }

    /// The quantised weights laid out as [`Network::from_parts`] takes them: feature rows,
    /// feature bias, output weights, output bias.
    pub fn to_parts(&self) -> (Vec<i16>, Vec<i16>, Vec<i16>, i32) {
        (
            self.feature_weights.iter().flatten().copied().collect(),
            self.feature_bias.to_vec(),
            self.output_weights.iter().flatten().copied().collect(),
            self.output_bias,
        )
    }

    /// Parses a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < 12 || &bytes[..4] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        if word(4) != VERSION {
            return Err(NetworkError::BadVersion(word(4)));
        }
        if word(8) != HIDDEN as u32 {
            return Err(NetworkError::BadWidth(word(8)));
        }
        if bytes.len() != FILE_LEN {
            return Err(NetworkError::BadLength(bytes.len()));
        }
        let values: Vec<i16> = bytes[12..FILE_LEN - 4]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        let (ft, rest) = values.split_at(INPUTS * HIDDEN);
        let (bias, out) = rest.split_at(HIDDEN);
        let net = Network::from_parts(ft, bias, out, word(FILE_LEN - 4) as i32);
        net.check_ranges()?;
        Ok(net)
    }

    /// Whether evaluation's integer arithmetic holds for these weights: output weights within
    /// ±127 (so `v · w` fits 16 bits in [`screlu_dot`]), each feature weight within a third
    /// of the 16-bit range (an incremental update adds one row and takes off two before the
    /// sum is stored) and, per hidden neuron, the bias plus its 32 largest feature weights
    /// within 16 bits (no position's accumulator overflows). Trained networks stay far inside.
    fn check_ranges(&self) -> Result<(), NetworkError> {
        if self
            .output_weights
            .iter()
            .flatten()
            .any(|w| w.unsigned_abs() > 127)
        {
            return Err(NetworkError::OutOfRange("an output weight beyond ±127"));
        }
        let third = (i16::MAX / 3).unsigned_abs();
        if self
            .feature_weights
            .iter()
            .flatten()
            .any(|w| w.unsigned_abs() > third)
        {
            return Err(NetworkError::OutOfRange("a feature weight beyond ±10922"));
        }
        for h in 0..HIDDEN {
            let mut column: Vec<u32> = self
                .feature_weights
                .iter()
                .map(|row| u32::from(row[h].unsigned_abs()))
                .collect();
            column.select_nth_unstable_by(MAX_ACTIVE - 1, |a, b| b.cmp(a));
            let worst = u32::from(self.feature_bias[h].unsigned_abs())
                + column[..MAX_ACTIVE].iter().sum::<u32>();
            if worst > i16::MAX as u32 {
                return Err(NetworkError::OutOfRange(
                    "a hidden neuron's bias and largest weights overflow 16 bits",
                ));
            }
        }
        Ok(())
    }

    /// Reads and parses the network file at `path`.
    pub fn read_file(path: &std::path::Path) -> Result<Network, super::NetworkFileError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| super::NetworkFileError::Io {
            path: name.clone(),
            source,
        })?;
        Network::from_bytes(&bytes)
            .map_err(|source| super::NetworkFileError::Format { path: name, source })
    }

    /// Serialises the network in the file format [`Network::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_LEN);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let rows = self.feature_weights.iter().flatten();
        let all = rows
            .chain(&self.feature_bias)
            .chain(self.output_weights.iter().flatten());
        for v in all {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// The evaluation in centipawns from `turn`'s point of view.
    pub fn evaluate(&self, acc: &Accumulator, turn: Color) -> i32 {
        // One view's sum stays within i32 (256 · 255² · 127 < 2³¹); both together may not.
        let sum = i64::from(screlu_dot(acc.view(turn), &self.output_weights[0]))
            + i64::from(screlu_dot(acc.view(!turn), &self.output_weights[1]));
        // `sum` is scaled by QA * QA * QB: one QA goes here, the rest with the bias.
        let out = sum / i64::from(QA) + i64::from(self.output_bias);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

// Training clips output weights below 128 / QB, so one view's dot product fits in i32.
const _: () = assert!(HIDDEN as i64 * (QA as i64 * QA as i64) * 127 <= i32::MAX as i64);

/// `Σ clamp(v, 0, QA)² · w`, written so that the multiply fits `i16` lanes (`v · w` ≤ 255 · 127)
/// before the widening multiply-add the compiler vectorises.
fn screlu_dot(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    values
        .iter()
        .zip(weights)
        .map(|(&v, &w)| {
            let v = v.clamp(0, QA as i16);
            i32::from(v.wrapping_mul(w)) * i32::from(v)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        let ft: Vec<i16> = (0..INPUTS * HIDDEN).map(|i| (i % 7) as i16 - 3).collect();
        let bias: Vec<i16> = (0..HIDDEN).map(|i| (i % 5) as i16).collect();
        let out: Vec<i16> = (0..2 * HIDDEN).map(|i| (i % 11) as i16 - 5).collect();
        Network::from_parts(&ft, &bias, &out, -123)
    }

    #[test]
    fn file_round_trip() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_LEN);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
    }

    #[test]
    fn bad_files_are_refused() {
        let bytes = tiny().to_bytes();
        assert_eq!(
            Network::from_bytes(b"nope").unwrap_err(),
            NetworkError::BadMagic
        );
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            NetworkError::BadLength(FILE_LEN - 1)
        );
        let mut other = bytes.clone();
        other[4] = 9;
        assert_eq!(
            Network::from_bytes(&other).unwrap_err(),
            NetworkError::BadVersion(9)
        );
        let mut wide = bytes;
        wide[8] = 1;
        assert!(matches!(
            Network::from_bytes(&wide),
            Err(NetworkError::BadWidth(_))
        ));
    }

    #[test]
    fn weights_that_would_overflow_are_refused() {
        let (ft, bias, mut out, out_bias) = tiny().to_parts();
        out[7] = 128;
        let bytes = Network::from_parts(&ft, &bias, &out, out_bias).to_bytes();
        assert!(matches!(
            Network::from_bytes(&bytes),
            Err(NetworkError::OutOfRange(_))
        ));
        // 32 pieces whose rows all push one neuron the same way past 16 bits.
        let (mut ft, bias, out, out_bias) = tiny().to_parts();
        for row in 0..32 {
            ft[row * HIDDEN + 3] = 1100;
        }
        let bytes = Network::from_parts(&ft, &bias, &out, out_bias).to_bytes();
        assert!(matches!(
            Network::from_bytes(&bytes),
            Err(NetworkError::OutOfRange(_))
        ));
        // The embedded network is well inside.
        assert!(super::super::DEFAULT_NETWORK.check_ranges().is_ok());
    }

    #[test]
    fn screlu_clips_both_ends() {
        let mut v = [0i16; HIDDEN];
        let w = [2i16; HIDDEN];
        v[0] = -50;
        v[1] = 10;
        v[2] = 1000;
        assert_eq!(screlu_dot(&v, &w), 10 * 10 * 2 + 255 * 255 * 2);
    }
}
