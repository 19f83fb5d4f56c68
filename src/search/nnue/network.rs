//! Network weights: the file format, loading, and the output layer.
//!
//! File layout (little endian): the magic `CBNN`, a `u32` format version (2), a `u32` hidden
//! width, a `u32` count of output buckets, then `i16` feature weights (`INPUTS × HIDDEN`,
//! input-major), `i16` feature biases (`HIDDEN`), per bucket the `i16` output weights
//! (`2 × HIDDEN`, side to move first), and one `i32` output bias per bucket. Version 1 files
//! (no bucket count, one output) are still read.
//!
//! The output layer has one set of weights per bucket of material on the board
//! ([`output_bucket`]): an endgame's accumulator values mean something else than the
//! middlegame's, and a separate output lets each phase weigh them its own way.

use super::{Accumulator, HIDDEN, INPUTS, QA, QB, SCALE};
use shakmaty::Color;

/// The first four bytes of a network file.
pub const MAGIC: &[u8; 4] = b"CBNN";
/// The file format version this build writes (it also reads version 1).
pub const VERSION: u32 = 2;
/// The most output buckets a network file may have.
pub const MAX_BUCKETS: usize = 16;

/// The byte length of a network file of this version with `buckets` output buckets.
pub const fn file_len(version: u32, buckets: usize) -> usize {
    let header = if version == 1 { 12 } else { 16 };
    header + 2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets
}

/// Which of `buckets` output buckets evaluates a position with `pieces` pieces (kings
/// included): the range from 2 to 32 pieces cut into equal parts, the fewest pieces first.
pub fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let above_kings = pieces.saturating_sub(2).min(30) as usize;
    (above_kings * buckets / 31).min(buckets.saturating_sub(1))
}

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
    /// The file's count of output buckets is 0 or above [`MAX_BUCKETS`].
    #[error("network has {0} output buckets (1 to {MAX_BUCKETS} are read)")]
    BadBuckets(u32),
    /// The file is shorter or longer than the layout requires.
    #[error("network file is {found} bytes (expected {expected})")]
    BadLength {
        /// The file's length.
        found: usize,
        /// The length its header implies.
        expected: usize,
    },
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
    /// Output weights per bucket: `[0]` reads the side to move's accumulator, `[1]` the
    /// other side's.
    output_weights: Box<[[[i16; HIDDEN]; 2]]>,
    /// Output bias per bucket, scaled by `QA * QB`.
    output_bias: Box<[i32]>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &HIDDEN)
            .field("buckets", &self.buckets())
            .finish_non_exhaustive()
    }
}

impl Network {
    /// Builds a network from quantised weights laid out as in the file, with as many output
    /// buckets as `output_bias` has entries.
    ///
    /// `feature_weights` has `INPUTS * HIDDEN` entries, `output_weights` `2 * HIDDEN` per
    /// bucket.
    pub fn from_parts(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: &[i32],
    ) -> Network {
        let buckets = output_bias.len();
        assert!((1..=MAX_BUCKETS).contains(&buckets));
        assert_eq!(feature_weights.len(), INPUTS * HIDDEN);
        assert_eq!(feature_bias.len(), HIDDEN);
        assert_eq!(output_weights.len(), buckets * 2 * HIDDEN);
        let mut rows = vec![[0i16; HIDDEN]; INPUTS].into_boxed_slice();
        for (row, chunk) in rows.iter_mut().zip(feature_weights.chunks_exact(HIDDEN)) {
            row.copy_from_slice(chunk);
        }
        let mut bias = [0i16; HIDDEN];
        bias.copy_from_slice(feature_bias);
        let mut out = vec![[[0i16; HIDDEN]; 2]; buckets].into_boxed_slice();
        for (halves, chunk) in out.iter_mut().zip(output_weights.chunks_exact(2 * HIDDEN)) {
            halves[0].copy_from_slice(&chunk[..HIDDEN]);
            halves[1].copy_from_slice(&chunk[HIDDEN..]);
        }
        Network {
            feature_weights: rows,
            feature_bias: bias,
            output_weights: out,
            output_bias: output_bias.into(),
        }
    }

    /// The quantised weights laid out as [`Network::from_parts`] takes them: feature rows,
    /// feature bias, output weights, output biases.
    pub fn to_parts(&self) -> (Vec<i16>, Vec<i16>, Vec<i16>, Vec<i32>) {
        (
            self.feature_weights.iter().flatten().copied().collect(),
            self.feature_bias.to_vec(),
            self.output_weights
                .iter()
                .flatten()
                .flatten()
                .copied()
                .collect(),
            self.output_bias.to_vec(),
        )
    }

    /// How many output buckets the network has ([`output_bucket`]).
    pub fn buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// Parses a network file (version 2, or version 1 with its one output).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < 12 || &bytes[..4] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = word(4);
        if version != 1 && version != VERSION {
            return Err(NetworkError::BadVersion(version));
        }
        if word(8) != HIDDEN as u32 {
            return Err(NetworkError::BadWidth(word(8)));
        }
        let (header, buckets) = match version {
            1 => (12, 1),
            _ if bytes.len() < 16 => {
                return Err(NetworkError::BadLength {
                    found: bytes.len(),
                    expected: 16,
                });
            }
            _ => (16, word(12)),
        };
        if buckets == 0 || buckets as usize > MAX_BUCKETS {
            return Err(NetworkError::BadBuckets(buckets));
        }
        let buckets = buckets as usize;
        let expected = file_len(version, buckets);
        if bytes.len() != expected {
            return Err(NetworkError::BadLength {
                found: bytes.len(),
                expected,
            });
        }
        let biases_at = expected - 4 * buckets;
        let values: Vec<i16> = bytes[header..biases_at]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        let output_bias: Vec<i32> = bytes[biases_at..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let (ft, rest) = values.split_at(INPUTS * HIDDEN);
        let (bias, out) = rest.split_at(HIDDEN);
        let net = Network::from_parts(ft, bias, out, &output_bias);
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

    /// Serialises the network in the file format [`Network::from_bytes`] reads (version 2).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(file_len(VERSION, self.buckets()));
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.buckets() as u32).to_le_bytes());
        let rows = self.feature_weights.iter().flatten();
        let all = rows
            .chain(&self.feature_bias)
            .chain(self.output_weights.iter().flatten().flatten());
        for v in all {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        for b in &self.output_bias {
            bytes.extend_from_slice(&b.to_le_bytes());
        }
        bytes
    }

    /// The evaluation in centipawns from `turn`'s point of view of a position with `pieces`
    /// pieces on the board (which picks the output bucket).
    pub fn evaluate(&self, acc: &Accumulator, turn: Color, pieces: u32) -> i32 {
        let bucket = output_bucket(pieces, self.buckets());
        let weights = &self.output_weights[bucket];
        // One view's sum stays within i32 (256 · 255² · 127 < 2³¹); both together may not.
        let sum = i64::from(screlu_dot(acc.view(turn), &weights[0]))
            + i64::from(screlu_dot(acc.view(!turn), &weights[1]));
        // `sum` is scaled by QA * QA * QB: one QA goes here, the rest with the bias.
        let out = sum / i64::from(QA) + i64::from(self.output_bias[bucket]);
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

    fn tiny_with(buckets: usize) -> Network {
        let ft: Vec<i16> = (0..INPUTS * HIDDEN).map(|i| (i % 7) as i16 - 3).collect();
        let bias: Vec<i16> = (0..HIDDEN).map(|i| (i % 5) as i16).collect();
        let out: Vec<i16> = (0..buckets * 2 * HIDDEN)
            .map(|i| (i % 11) as i16 - 5)
            .collect();
        let out_bias: Vec<i32> = (0..buckets as i32).map(|b| -123 + 50 * b).collect();
        Network::from_parts(&ft, &bias, &out, &out_bias)
    }

    fn tiny() -> Network {
        tiny_with(8)
    }

    #[test]
    fn file_round_trip() {
        for buckets in [1, 8] {
            let net = tiny_with(buckets);
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), file_len(VERSION, buckets));
            let back = Network::from_bytes(&bytes).unwrap();
            assert_eq!(back.buckets(), buckets);
            assert_eq!(back.to_bytes(), bytes);
        }
    }

    /// A version 1 file is the version 2 file of one bucket without the bucket count.
    #[test]
    fn version_one_files_are_read_as_one_bucket() {
        let net = tiny_with(1);
        let v2 = net.to_bytes();
        let mut v1 = Vec::new();
        v1.extend_from_slice(MAGIC);
        v1.extend_from_slice(&1u32.to_le_bytes());
        v1.extend_from_slice(&v2[8..12]);
        v1.extend_from_slice(&v2[16..]);
        assert_eq!(v1.len(), file_len(1, 1));
        let back = Network::from_bytes(&v1).unwrap();
        assert_eq!(back.to_bytes(), v2);
    }

    #[test]
    fn buckets_cover_the_piece_counts_in_order() {
        assert_eq!(output_bucket(32, 1), 0);
        assert_eq!(output_bucket(2, 8), 0);
        assert_eq!(output_bucket(32, 8), 7);
        let mut last = 0;
        for pieces in 0..=40 {
            let b = output_bucket(pieces, 8);
            assert!(b >= last && b < 8, "{pieces}: {b}");
            last = b;
        }
        // Each of 8 buckets takes three to five of the 31 piece counts from 2 to 32.
        for b in 0..8 {
            let n = (2..=32).filter(|&p| output_bucket(p, 8) == b).count();
            assert!((3..=5).contains(&n), "bucket {b}: {n}");
        }
    }

    #[test]
    fn the_bucket_of_the_piece_count_evaluates() {
        let (ft, bias, out, _) = tiny().to_parts();
        // Output biases only: each bucket's evaluation is its own bias.
        let zeros = vec![0i16; out.len()];
        let biases: Vec<i32> = (0..8).map(|b| b * QA * QB).collect();
        let net = Network::from_parts(&ft, &bias, &zeros, &biases);
        let acc = Accumulator::new(&net, &shakmaty::Board::default());
        assert_eq!(net.evaluate(&acc, Color::White, 32), 7 * SCALE);
        assert_eq!(net.evaluate(&acc, Color::White, 2), 0);
        assert_eq!(net.evaluate(&acc, Color::Black, 10), SCALE * 2);
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
            NetworkError::BadLength {
                found: bytes.len() - 1,
                expected: bytes.len()
            }
        );
        let mut none = bytes.clone();
        none[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&none).unwrap_err(),
            NetworkError::BadBuckets(0)
        );
        let mut many = bytes.clone();
        many[12..16].copy_from_slice(&17u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&many).unwrap_err(),
            NetworkError::BadBuckets(17)
        );
        assert!(matches!(
            Network::from_bytes(&bytes[..14]),
            Err(NetworkError::BadLength { .. })
        ));
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
        out[5 * 2 * HIDDEN + 7] = 128;
        let bytes = Network::from_parts(&ft, &bias, &out, &out_bias).to_bytes();
        assert!(matches!(
            Network::from_bytes(&bytes),
            Err(NetworkError::OutOfRange(_))
        ));
        // 32 pieces whose rows all push one neuron the same way past 16 bits.
        let (mut ft, bias, out, out_bias) = tiny().to_parts();
        for row in 0..32 {
            ft[row * HIDDEN + 3] = 1100;
        }
        let bytes = Network::from_parts(&ft, &bias, &out, &out_bias).to_bytes();
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
