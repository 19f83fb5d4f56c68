//! 3×3 patch extraction ("im2col") for channels-last images, as a differentiable candle op.
//!
//! [`unfold3x3`] turns `[n, h, w, c]` into `[n·h·w, 9·c]`: one row per output pixel holding its
//! 3×3 neighbourhood (zero outside the image), kernel position major and channel minor. A 3×3
//! convolution is then one matrix product with the kernel, which candle's gemm does fast.
//! Candle's own CPU `conv2d` gathers these columns one scalar at a time per image, and its
//! backward pass runs transposed convolutions; here both directions copy whole channel rows.

use candle_core::{CpuStorage, CustomOp1, Layout, Result, Shape, Tensor, bail};
use rayon::prelude::*;

/// Unfolds `x` = `[n, h, w, c]` (f32) into `[n·h·w, 9·c]`; see the module docs.
pub fn unfold3x3(x: &Tensor) -> Result<Tensor> {
    x.contiguous()?.apply_op1(Unfold)
}

/// The input's contiguous f32 data.
fn contiguous_f32<'a>(storage: &'a CpuStorage, layout: &Layout, op: &str) -> Result<&'a [f32]> {
    let CpuStorage::F32(data) = storage else {
        bail!("{op} needs f32 data")
    };
    let Some((start, end)) = layout.contiguous_offsets() else {
        bail!("{op} needs a contiguous input")
    };
    Ok(&data[start..end])
}

/// Source pixel of kernel offset `d` (0..3) at output coordinate `i` in a line of `len`.
fn source(i: usize, d: usize, len: usize) -> Option<usize> {
    (i + d).checked_sub(1).filter(|&s| s < len)
}

/// Calls `tap(column, pixel)` for every in-image 3×3 tap of an `h × w` image with `c` channels:
/// `column` is the tap's offset in the image's unfolded rows, `pixel` the offset of the pixel
/// it reads, both in values from the image's start.
fn for_each_tap(h: usize, w: usize, c: usize, mut tap: impl FnMut(usize, usize)) {
    for y in 0..h {
        for x in 0..w {
            let row = (y * w + x) * 9 * c;
            for dy in 0..3 {
                let Some(sy) = source(y, dy, h) else { continue };
                for dx in 0..3 {
                    let Some(sx) = source(x, dx, w) else { continue };
                    tap(row + (dy * 3 + dx) * c, (sy * w + sx) * c);
                }
            }
        }
    }
}

/// Appends the 3×3 columns of one `h`×`w`×`c` image to `out` (see [`write_columns`]).
fn append_columns(image: &[f32], h: usize, w: usize, c: usize, out: &mut Vec<f32>) {
    let start = out.len();
    out.resize(start + h * w * 9 * c, 0.0);
    write_columns(image, h, w, c, &mut out[start..]);
}

/// Writes the 3×3 columns of one `h`×`w`×`c` image into `out` (`h·w·9·c` values, every one
/// written: taps outside the image get zeros), pixel by pixel. The square network's channel
/// counts get their own copy of the loop, where each copy has a length the compiler knows: a
/// copy of 9 or 48 values through `memmove` costs more than the move itself.
pub(super) fn write_columns(image: &[f32], h: usize, w: usize, c: usize, out: &mut [f32]) {
    // The loop is inlined into each arm with its channel count a constant.
    match c {
        3 => write_columns_inline(image, h, w, 3, out),
        16 => write_columns_inline(image, h, w, 16, out),
        32 => write_columns_inline(image, h, w, 32, out),
        48 => write_columns_inline(image, h, w, 48, out),
        _ => write_columns_inline(image, h, w, c, out),
    }
}

/// [`write_columns`]' loop: a pixel's three taps of one kernel row read three neighbouring
/// pixels of one image row, one copy of up to `3·c` values.
#[inline(always)]
fn write_columns_inline(image: &[f32], h: usize, w: usize, c: usize, out: &mut [f32]) {
    let mut rows = out.chunks_exact_mut(3 * c);
    for y in 0..h {
        for x in 0..w {
            for dy in 0..3 {
                let Some(row) = rows.next() else { return };
                let Some(sy) = source(y, dy, h) else {
                    row.fill(0.0);
                    continue;
                };
                let line = &image[sy * w * c..(sy + 1) * w * c];
                if x > 0 && x + 1 < w {
                    row.copy_from_slice(&line[(x - 1) * c..(x + 2) * c]);
                    continue;
                }
                let (lo, hi) = (x.saturating_sub(1), (x + 2).min(w));
                let (left, rest) = row.split_at_mut(if x == 0 { c } else { 0 });
                left.fill(0.0);
                let (middle, right) = rest.split_at_mut((hi - lo) * c);
                middle.copy_from_slice(&line[lo * c..hi * c]);
                right.fill(0.0);
            }
        }
    }
}

struct Unfold;

impl CustomOp1 for Unfold {
    fn name(&self) -> &'static str {
        "unfold3x3"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let data = contiguous_f32(storage, layout, self.name())?;
        let (n, h, w, c) = layout.shape().dims4()?;
        let image_len = h * w * c;
        let columns_len = h * w * 9 * c;
        // Each thread fills its own run of images, in order.
        let unfold_images = |images: &[f32]| {
            let mut out = Vec::with_capacity(images.len() / image_len.max(1) * columns_len);
            for image in images.chunks(image_len.max(1)) {
                append_columns(image, h, w, c, &mut out);
            }
            out
        };
        let threads = rayon::current_num_threads();
        let out = if threads > 1 && n > 1 && image_len > 0 {
            let per_thread = n.div_ceil(threads) * image_len;
            data.par_chunks(per_thread)
                .map(unfold_images)
                .collect::<Vec<_>>()
                .concat()
        } else {
            unfold_images(data)
        };
        Ok((CpuStorage::F32(out), Shape::from((n * h * w, 9 * c))))
    }

    fn bwd(&self, arg: &Tensor, _res: &Tensor, grad_res: &Tensor) -> Result<Option<Tensor>> {
        let (n, h, w, c) = arg.dims4()?;
        let fold = Fold { n, h, w, c };
        Ok(Some(grad_res.contiguous()?.apply_op1_no_bwd(&fold)?))
    }
}

/// The adjoint of [`Unfold`]: sums each row's nine channel chunks back onto their pixels.
struct Fold {
    n: usize,
    h: usize,
    w: usize,
    c: usize,
}

impl CustomOp1 for Fold {
    fn name(&self) -> &'static str {
        "fold3x3"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let data = contiguous_f32(storage, layout, self.name())?;
        let Fold { n, h, w, c } = *self;
        if data.len() != n * h * w * 9 * c {
            bail!("fold3x3: {} values for [{n}, {h}, {w}, {c}]", data.len())
        }
        let mut out = vec![0.0f32; n * h * w * c];
        if !out.is_empty() {
            out.par_chunks_mut(h * w * c)
                .zip(data.par_chunks(h * w * 9 * c))
                .for_each(|(image, columns)| {
                    for_each_tap(h, w, c, |col, px| {
                        for (o, v) in image[px..px + c].iter_mut().zip(&columns[col..col + c]) {
                            *o += v;
                        }
                    });
                });
        }
        Ok((CpuStorage::F32(out), Shape::from((n, h, w, c))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{Device, Var};

    fn values(n: usize, seed: f32) -> Vec<f32> {
        (0..n).map(|i| (i as f32 * 0.37 + seed).sin()).collect()
    }

    #[test]
    fn unfold_places_neighbours_and_zero_padding() {
        // One 2×3 single-channel image: 1 2 3 / 4 5 6.
        let x =
            Tensor::from_vec(vec![1f32, 2., 3., 4., 5., 6.], (1, 2, 3, 1), &Device::Cpu).unwrap();
        let cols = unfold3x3(&x).unwrap().to_vec2::<f32>().unwrap();
        assert_eq!(cols.len(), 6);
        assert_eq!(cols[0], vec![0., 0., 0., 0., 1., 2., 0., 4., 5.]);
        assert_eq!(cols[4], vec![1., 2., 3., 4., 5., 6., 0., 0., 0.]);
    }

    #[test]
    fn unfold_matches_tap_by_tap_gathering() {
        for (n, h, w, c) in [
            (2, 5, 4, 3),
            (1, 1, 1, 2),
            (3, 1, 4, 1),
            (1, 4, 1, 5),
            (1, 2, 2, 16),
            (2, 3, 5, 16),
            (1, 4, 3, 32),
            (2, 2, 3, 48),
            (1, 1, 2, 3),
        ] {
            let data = values(n * h * w * c, 0.7);
            let x = Tensor::from_vec(data.clone(), (n, h, w, c), &Device::Cpu).unwrap();
            let got: Vec<f32> = unfold3x3(&x)
                .unwrap()
                .flatten_all()
                .unwrap()
                .to_vec1()
                .unwrap();
            let mut want = vec![0.0f32; n * h * w * 9 * c];
            for k in 0..n {
                let (image, columns) = (k * h * w * c, k * h * w * 9 * c);
                for_each_tap(h, w, c, |col, px| {
                    want[columns + col..columns + col + c]
                        .copy_from_slice(&data[image + px..image + px + c]);
                });
            }
            assert_eq!(got, want, "shape {n}×{h}×{w}×{c}");
        }
    }

    #[test]
    fn gradient_is_the_adjoint() {
        // <unfold(x), g> = <x, fold(g)> for all x, g: check it through autograd.
        let dev = Device::Cpu;
        let x = Var::from_vec(values(2 * 4 * 5 * 3, 0.2), (2, 4, 5, 3), &dev).unwrap();
        let g = Tensor::from_vec(values(2 * 4 * 5 * 27, 1.1), (40, 27), &dev).unwrap();
        let inner = (unfold3x3(x.as_tensor()).unwrap() * &g)
            .unwrap()
            .sum_all()
            .unwrap();
        let grads = inner.backward().unwrap();
        let dx = grads.get(x.as_tensor()).unwrap();
        let lhs = inner.to_scalar::<f32>().unwrap();
        let rhs = (x.as_tensor() * dx)
            .unwrap()
            .sum_all()
            .unwrap()
            .to_scalar::<f32>()
            .unwrap();
        assert!((lhs - rhs).abs() < 1e-3, "{lhs} vs {rhs}");
    }
}
