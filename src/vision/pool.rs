//! Bias, ReLU and 2×2 max-pooling in one pass over a channels-last tensor, for inference.
//!
//! After a convolution the network adds a bias, applies ReLU and (in the first three blocks)
//! keeps the largest of each 2×2 patch. As three candle operations that is three passes and
//! three fresh buffers, about a quarter of a 64-square forward pass; fused it is one read of
//! the convolution's output. The order does not matter: adding a constant and ReLU are both
//! monotone, so the largest of four values stays the largest. No gradient: training keeps the
//! separate operations (and batch norm).

use candle_core::{CpuStorage, CustomOp1, Layout, Result, Shape, Tensor, bail};

/// Returns `relu(x + bias)` for `x` = `[n, h, w, c]` (f32, bias of length `c`), max-pooled
/// 2×2 when `pool` (then `h` and `w` must be even).
pub fn bias_relu_pool(x: &Tensor, bias: &[f32], pool: bool) -> Result<Tensor> {
    x.contiguous()?
        .apply_op1_no_bwd(&BiasReluPool { bias, pool })
}

struct BiasReluPool<'a> {
    bias: &'a [f32],
    pool: bool,
}

impl CustomOp1 for BiasReluPool<'_> {
    fn name(&self) -> &'static str {
        "bias_relu_pool"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let CpuStorage::F32(data) = storage else {
            bail!("bias_relu_pool needs f32 data")
        };
        let Some((start, end)) = layout.contiguous_offsets() else {
            bail!("bias_relu_pool needs a contiguous input")
        };
        let data = &data[start..end];
        let (n, h, w, c) = layout.shape().dims4()?;
        let mut out = Vec::new();
        let (oh, ow) = bias_relu_pool_into(data, (n, h, w, c), self.bias, self.pool, &mut out)?;
        Ok((CpuStorage::F32(out), Shape::from((n, oh, ow, c))))
    }
}

/// [`bias_relu_pool`] on the values of a contiguous `[n, h, w, c]` tensor, written over `out`
/// (which keeps its allocation); returns the output's height and width.
pub(super) fn bias_relu_pool_into(
    data: &[f32],
    (n, h, w, c): (usize, usize, usize, usize),
    bias: &[f32],
    pool: bool,
    out: &mut Vec<f32>,
) -> Result<(usize, usize)> {
    if bias.len() != c {
        bail!("bias_relu_pool: {} biases for {c} channels", bias.len())
    }
    if data.len() != n * h * w * c {
        bail!(
            "bias_relu_pool: {} values for [{n}, {h}, {w}, {c}]",
            data.len()
        )
    }
    out.clear();
    if !pool {
        out.resize(data.len(), 0.0);
        for (o, px) in out
            .chunks_exact_mut(c.max(1))
            .zip(data.chunks_exact(c.max(1)))
        {
            for ((o, v), b) in o.iter_mut().zip(px).zip(bias) {
                *o = (v + b).max(0.0);
            }
        }
        return Ok((h, w));
    }
    if h % 2 != 0 || w % 2 != 0 {
        bail!("bias_relu_pool: odd size {h}×{w}")
    }
    let (oh, ow) = (h / 2, w / 2);
    out.resize(n * oh * ow * c, 0.0);
    // The loop is inlined into each arm with its channel count a constant (the network's
    // widths), so that it runs as vector instructions.
    match c {
        16 => pool_into(data, (h, w, 16), bias, out),
        32 => pool_into(data, (h, w, 32), bias, out),
        48 => pool_into(data, (h, w, 48), bias, out),
        _ => pool_into(data, (h, w, c), bias, out),
    }
    Ok((oh, ow))
}

/// [`bias_relu_pool_into`]'s pooling loop over `data` = `[n, h, w, c]` into `out` =
/// `[n, h / 2, w / 2, c]`.
#[inline(always)]
fn pool_into(data: &[f32], (h, w, c): (usize, usize, usize), bias: &[f32], out: &mut [f32]) {
    // `f32::max` handles NaN, which costs more than the comparison; a convolution of
    // finite weights and crops gives none.
    let max = |a: f32, b: f32| if a > b { a } else { b };
    if out.is_empty() {
        return;
    }
    let bias = &bias[..c];
    let mut pixels = out.chunks_exact_mut(c.max(1));
    for image in data.chunks_exact((h * w * c).max(1)) {
        for rows in image.chunks_exact(2 * w * c) {
            let (top, bottom) = rows.split_at(w * c);
            for (a, b) in top.chunks_exact(2 * c).zip(bottom.chunks_exact(2 * c)) {
                let Some(px) = pixels.next() else { return };
                let (a0, a1) = a.split_at(c);
                let (b0, b1) = b.split_at(c);
                for (k, o) in px.iter_mut().enumerate() {
                    let m = max(max(a0[k], a1[k]), max(b0[k], b1[k]));
                    *o = max(m + bias[k], 0.0);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::Device;

    fn reference(x: &Tensor, bias: &[f32], pool: bool) -> Tensor {
        let b = Tensor::from_slice(bias, bias.len(), &Device::Cpu).unwrap();
        let y = x.broadcast_add(&b).unwrap().relu().unwrap();
        if pool {
            let (n, h, w, c) = y.dims4().unwrap();
            y.reshape((n * h / 2, 2, w / 2, 2 * c))
                .and_then(|t| t.max(1))
                .and_then(|t| t.reshape((n, h / 2, w / 2, 2, c)))
                .and_then(|t| t.max(3))
                .unwrap()
        } else {
            y
        }
    }

    #[test]
    fn matches_bias_relu_and_pooling_done_apart() {
        let (n, h, w, c) = (3, 6, 4, 5);
        let values: Vec<f32> = (0..n * h * w * c)
            .map(|i| (i as f32 * 0.731).sin() * 2.0)
            .collect();
        let x = Tensor::from_vec(values, (n, h, w, c), &Device::Cpu).unwrap();
        let bias = [0.5, -0.25, 0.0, 1.0, -2.0];
        for pool in [false, true] {
            let ours = bias_relu_pool(&x, &bias, pool).unwrap();
            let theirs = reference(&x, &bias, pool);
            assert_eq!(ours.dims(), theirs.dims());
            let a = ours.flatten_all().unwrap().to_vec1::<f32>().unwrap();
            let b = theirs.flatten_all().unwrap().to_vec1::<f32>().unwrap();
            assert_eq!(a, b, "pool {pool}");
        }
    }

    #[test]
    fn rejects_wrong_bias_and_odd_sizes() {
        let x = Tensor::zeros((1, 3, 3, 2), candle_core::DType::F32, &Device::Cpu).unwrap();
        assert!(bias_relu_pool(&x, &[0.0], false).is_err());
        assert!(bias_relu_pool(&x, &[0.0, 0.0], true).is_err());
        assert!(bias_relu_pool(&x, &[0.0, 0.0], false).is_ok());
    }
}
