//! Image input: decodes screenshot bytes with the size checked from the header first, so that
//! a 30000×30000 file is refused before any pixel memory is taken.
//!
//! ```
//! use chessbot::vision::input::{decode, InputError};
//! assert!(matches!(decode(b"hello"), Err(InputError::NotAnImage)));
//! ```

use image::{ImageReader, Limits, RgbImage};
use std::io::Cursor;
use thiserror::Error;

/// The largest width or height accepted, in pixels (8K screens are 7680 wide).
pub const MAX_SIDE: u32 = 16_384;
/// The most pixels accepted in one image (a 8K×8K screenshot is ~64 M).
pub const MAX_PIXELS: u64 = 70_000_000;

/// Why bytes could not become a screenshot.
#[derive(Debug, Error)]
pub enum InputError {
    /// Nothing to read.
    #[error("empty input (0 bytes)")]
    Empty,
    /// The bytes are no image format we read (PNG, JPEG, WebP, BMP, GIF).
    #[error("not an image (expected PNG, JPEG, WebP, BMP or GIF)")]
    NotAnImage,
    /// A width or height of zero.
    #[error("the image is {width}x{height} pixels: nothing to look at")]
    ZeroSize {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
    },
    /// The header announces an image over [`MAX_SIDE`] or [`MAX_PIXELS`].
    #[error(
        "the image is {width}x{height} pixels, over the limit of {MAX_SIDE} pixels a side and {MAX_PIXELS} pixels in all"
    )]
    TooLarge {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
    },
    /// The header was read but the pixel data is broken or cut short.
    #[error("corrupt or truncated {format} image: {message}")]
    Corrupt {
        /// The format the header names.
        format: String,
        /// The decoder's message.
        message: String,
    },
}

/// Decodes an image file's bytes to RGB, checking its size from the header before decoding.
pub fn decode(bytes: &[u8]) -> Result<RgbImage, InputError> {
    if bytes.is_empty() {
        return Err(InputError::Empty);
    }
    // A PNG's size is in its header: check it first, so that a 0x0 PNG (which the decoder
    // refuses as malformed) is named as such.
    if bytes.len() >= 24 && bytes.starts_with(b"\x89PNG\r\n\x1a\n") && &bytes[12..16] == b"IHDR" {
        let word =
            |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        check_size(word(16), word(20))?;
    }
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| InputError::NotAnImage)?;
    let Some(format) = reader.format() else {
        return Err(InputError::NotAnImage);
    };
    let format_name = format!("{format:?}").to_uppercase();
    let corrupt = |e: image::ImageError| InputError::Corrupt {
        format: format_name.clone(),
        message: e.to_string(),
    };
    let (width, height) = reader.into_dimensions().map_err(corrupt)?;
    check_size(width, height)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PIXELS * 8);
    reader.limits(limits);
    let img = reader.decode().map_err(corrupt)?;
    check_size(img.width(), img.height())?;
    Ok(img.into_rgb8())
}

fn check_size(width: u32, height: u32) -> Result<(), InputError> {
    if width == 0 || height == 0 {
        return Err(InputError::ZeroSize { width, height });
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(InputError::TooLarge { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, Rgb, codecs::png::PngEncoder};

    fn png(img: &RgbImage) -> Vec<u8> {
        let mut out = Vec::new();
        PngEncoder::new(&mut out)
            .write_image(
                img,
                img.width(),
                img.height(),
                image::ExtendedColorType::Rgb8,
            )
            .unwrap();
        out
    }

    /// A PNG announcing `w × h` (signature, IHDR, an empty IDAT), with no pixel data.
    pub(crate) fn png_header(w: u32, h: u32) -> Vec<u8> {
        let mut v = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
        v.extend_from_slice(&13u32.to_be_bytes());
        v.extend_from_slice(&ihdr);
        v.extend_from_slice(&crc32(&ihdr).to_be_bytes());
        v.extend_from_slice(&0u32.to_be_bytes());
        v.extend_from_slice(b"IDAT");
        v.extend_from_slice(&crc32(b"IDAT").to_be_bytes());
        v
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn decodes_and_refuses_bad_input() {
        let img = RgbImage::from_pixel(20, 10, Rgb([1, 2, 3]));
        let bytes = png(&img);
        assert_eq!(decode(&bytes).unwrap(), img);
        assert!(matches!(decode(&[]), Err(InputError::Empty)));
        assert!(matches!(
            decode(b"not an image at all"),
            Err(InputError::NotAnImage)
        ));
        assert!(matches!(
            decode(&bytes[..bytes.len() / 2]),
            Err(InputError::Corrupt { .. })
        ));
        let huge = decode(&png_header(30_000, 30_000));
        assert!(
            matches!(
                huge,
                Err(InputError::TooLarge {
                    width: 30_000,
                    height: 30_000
                })
            ),
            "{huge:?}"
        );
        assert!(matches!(
            decode(&png_header(0, 0)),
            Err(InputError::ZeroSize { .. }) | Err(InputError::Corrupt { .. })
        ));
    }
}
