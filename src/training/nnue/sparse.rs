//! The first layer on sparse inputs, as one candle custom op with its gradient.
//!
//! A position activates about 30 of the 768 inputs of a view, so each view's accumulator is
//! the sum of 30 weight rows. candle has no sparse product: the dense one-hot product does
//! about 25 times the arithmetic, and gathering the rows first materialises a
//! batch × pieces × hidden tensor. This op sums the rows in place, adds the bias, applies the
//! activation `clamp(x, 0, 1)²` and lays the views side by side, in one pass; its gradient
//! scatters back into the rows. Fusing the steps matters as much as the sparsity: on the CPU
//! each separate elementwise op over a batch × hidden tensor costs about as much as the sums.

use super::data::MAX_PIECES;
use candle_core::{CpuStorage, CustomOp2, Layout, Result, Shape, Tensor, bail};
use rayon::prelude::*;
use std::sync::Arc;

/// Positions whose gradients one task sums: a constant, so that the order of the floating
/// point sums (and the trained network) does not depend on the number of threads.
const GRADIENT_CHUNK: usize = 512;

/// The active inputs of a batch of positions, each seen from `views` sides: `MAX_PIECES`
/// slots a view, the first `counts[i]` of slot group `i` used.
#[derive(Debug, Clone)]
pub struct SparseInputs {
    views: usize,
    features: Arc<Vec<u16>>,
    counts: Arc<Vec<u8>>,
}

impl SparseInputs {
    /// Collects the inputs: each item is one position's views, each view its active input
    /// indices (at most [`MAX_PIECES`] are used).
    pub fn new<'a, P, V>(views: usize, positions: P) -> SparseInputs
    where
        P: IntoIterator<Item = V>,
        V: IntoIterator<Item = &'a [u16]>,
    {
        let mut features = Vec::new();
        let mut counts = Vec::new();
        for position in positions {
            let before = counts.len();
            for active in position {
                let n = active.len().min(MAX_PIECES);
                let start = features.len();
                features.extend_from_slice(&active[..n]);
                features.resize(start + MAX_PIECES, 0);
                counts.push(n as u8);
            }
            assert_eq!(
                counts.len() - before,
                views,
                "every position has {views} views"
            );
        }
        SparseInputs {
            views,
            features: Arc::new(features),
            counts: Arc::new(counts),
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.counts.len() / self.views.max(1)
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// Active inputs of view group `g` (position `g / views`, view `g % views`).
    fn active(&self, g: usize) -> &[u16] {
        &self.features[g * MAX_PIECES..][..usize::from(self.counts[g])]
    }

    /// The activated first layer, `clamp(inputs × weights + bias, 0, 1)²` for each view, the
    /// views side by side: a `len × (views · hidden)` tensor from `inputs × hidden` weights
    /// and a `hidden` bias, differentiable in both.
    pub fn layer(&self, weights: &Tensor, bias: &Tensor) -> Result<Tensor> {
        weights.apply_op2(bias, self.clone())
    }
}

/// The contiguous f32 data of a tensor argument.
fn contiguous<'a>(storage: &'a CpuStorage, layout: &Layout) -> Result<&'a [f32]> {
    let CpuStorage::F32(all) = storage else {
        bail!("sparse layer: f32 tensors expected")
    };
    let Some((start, end)) = layout.contiguous_offsets() else {
        bail!("sparse layer: contiguous tensors expected")
    };
    Ok(&all[start..end])
}

impl CustomOp2 for SparseInputs {
    fn name(&self) -> &'static str {
        "sparse-inputs-layer"
    }

    fn cpu_fwd(
        &self,
        ws: &CpuStorage,
        wl: &Layout,
        bs: &CpuStorage,
        bl: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let (rows, hidden) = wl.shape().dims2()?;
        if bl.shape().dims1()? != hidden {
            bail!("sparse layer: the bias does not have {hidden} values")
        }
        let weights = contiguous(ws, wl)?;
        let bias = contiguous(bs, bl)?;
        if self.features.iter().any(|&f| usize::from(f) >= rows) {
            bail!("sparse layer: an input index is past the {rows} weight rows")
        }
        let mut out = vec![0f32; self.counts.len() * hidden];
        out.par_chunks_mut(hidden).enumerate().for_each(|(g, row)| {
            row.copy_from_slice(bias);
            for &f in self.active(g) {
                let w = &weights[usize::from(f) * hidden..][..hidden];
                for (o, w) in row.iter_mut().zip(w) {
                    *o += w;
                }
            }
            for o in row.iter_mut() {
                *o = o.clamp(0.0, 1.0).powi(2);
            }
        });
        Ok((
            CpuStorage::F32(out),
            Shape::from((self.len(), self.views * hidden)),
        ))
    }

    fn bwd(
        &self,
        weights: &Tensor,
        _bias: &Tensor,
        res: &Tensor,
        grad_res: &Tensor,
    ) -> Result<(Option<Tensor>, Option<Tensor>)> {
        let (rows, hidden) = weights.dims2()?;
        let res = res.contiguous()?.flatten_all()?.to_vec1::<f32>()?;
        let grad = grad_res.contiguous()?.flatten_all()?.to_vec1::<f32>()?;
        // The activation's derivative from its output: 2x = 2·sqrt(y) inside (0, 1), 0 where
        // the clamp holds.
        let grad_acc: Vec<f32> = res
            .par_iter()
            .zip(&grad)
            .map(|(&y, &g)| {
                if y > 0.0 && y < 1.0 {
                    2.0 * y.sqrt() * g
                } else {
                    0.0
                }
            })
            .collect();
        let groups: Vec<usize> = (0..self.counts.len()).collect();
        let parts: Vec<(Vec<f32>, Vec<f32>)> = groups
            .par_chunks(GRADIENT_CHUNK)
            .map(|chunk| {
                let mut w_part = vec![0f32; rows * hidden];
                let mut b_part = vec![0f32; hidden];
                for &g in chunk {
                    let ga = &grad_acc[g * hidden..][..hidden];
                    for (b, d) in b_part.iter_mut().zip(ga) {
                        *b += d;
                    }
                    for &f in self.active(g) {
                        let row = &mut w_part[usize::from(f) * hidden..][..hidden];
                        for (r, d) in row.iter_mut().zip(ga) {
                            *r += d;
                        }
                    }
                }
                (w_part, b_part)
            })
            .collect();
        let mut w_total = vec![0f32; rows * hidden];
        let mut b_total = vec![0f32; hidden];
        for (w_part, b_part) in &parts {
            for (t, p) in w_total.iter_mut().zip(w_part) {
                *t += p;
            }
            for (t, p) in b_total.iter_mut().zip(b_part) {
                *t += p;
            }
        }
        let device = weights.device();
        Ok((
            Some(Tensor::from_vec(w_total, (rows, hidden), device)?),
            Some(Tensor::from_vec(b_total, hidden, device)?),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{D, Device, Var};

    /// The op and its gradients agree with the dense formula (one-hot matrix product, bias,
    /// clamp, square, views concatenated) on a random case.
    #[test]
    fn matches_the_dense_layer() {
        let device = Device::Cpu;
        let (rows, hidden) = (40, 7);
        let view = |i: u16, v: u16| -> Vec<u16> {
            (0..((i + v) % 9))
                .map(|k| (i * 7 + k * 13 + v) % 40)
                .collect()
        };
        let positions: Vec<[Vec<u16>; 2]> =
            (0..1100u16).map(|i| [view(i, 0), view(i, 5)]).collect();
        // Values off any simple grid, so that no accumulator lands on a clamp's edge, where
        // the two sums' rounding could fall either side.
        let spread = |i: usize, k: f64| ((i as f64 * k).fract() - 0.5) as f32;
        let values: Vec<f32> = (0..rows * hidden)
            .map(|i| spread(i, 0.618_034) * 0.9)
            .collect();
        let w = Var::from_vec(values, (rows, hidden), &device).unwrap();
        let b_values: Vec<f32> = (0..hidden).map(|j| spread(j, 0.414_214) + 0.3).collect();
        let b = Var::from_vec(b_values, hidden, &device).unwrap();
        let one_hot = |v: usize| {
            let mut dense = vec![0f32; positions.len() * rows];
            for (i, p) in positions.iter().enumerate() {
                for &f in &p[v] {
                    dense[i * rows + usize::from(f)] += 1.0;
                }
            }
            Tensor::from_vec(dense, (positions.len(), rows), &device).unwrap()
        };
        let dense_view = |v: usize| {
            one_hot(v)
                .matmul(w.as_tensor())
                .unwrap()
                .broadcast_add(b.as_tensor())
                .unwrap()
                .clamp(0f32, 1f32)
                .unwrap()
                .sqr()
                .unwrap()
        };
        let dense = Tensor::cat(&[dense_view(0), dense_view(1)], D::Minus1).unwrap();
        let sparse = SparseInputs::new(2, positions.iter().map(|p| p.iter().map(Vec::as_slice)));
        let sparse = sparse.layer(w.as_tensor(), b.as_tensor()).unwrap();
        let out_weights: Vec<f32> = (0..2 * hidden).map(|j| j as f32 - 6.0).collect();
        let out_weights = Tensor::from_vec(out_weights, (2 * hidden, 1), &device).unwrap();
        let grads = |out: &Tensor| {
            let loss = out.matmul(&out_weights).unwrap().sqr().unwrap();
            let grads = loss.sum_all().unwrap().backward().unwrap();
            (
                grads.get(&w).unwrap().clone(),
                grads.get(&b).unwrap().clone(),
            )
        };
        let largest = |x: Tensor| x.abs().unwrap().max_all().unwrap().to_scalar::<f32>();
        let max_diff = |x: &Tensor, y: &Tensor| largest((x - y).unwrap()).unwrap();
        assert!(largest(dense.clone()).unwrap() > 0.5);
        assert!(max_diff(&sparse, &dense) < 1e-5);
        let ((gw, gb), (dw, db)) = (grads(&sparse), grads(&dense));
        for (ours, theirs) in [(gw, dw), (gb, db)] {
            let scale = largest(theirs.clone()).unwrap();
            assert!(scale > 1.0);
            assert!(max_diff(&ours, &theirs) < scale * 1e-5);
        }
    }

    /// An input index past the weight rows is an error, not a read out of bounds.
    #[test]
    fn refuses_an_index_past_the_rows() {
        let w = Tensor::zeros((4, 3), candle_core::DType::F32, &Device::Cpu).unwrap();
        let b = Tensor::zeros(3, candle_core::DType::F32, &Device::Cpu).unwrap();
        let sparse = SparseInputs::new(1, [[[1u16, 4].as_slice()]]);
        assert!(sparse.layer(&w, &b).is_err());
    }
}
