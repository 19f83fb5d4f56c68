//! The first layer's product on sparse inputs, as a candle custom op with its gradient.
//!
//! A position activates about 30 of the 768 inputs of a view, so each row of the product is
//! the sum of 30 weight rows. candle has no sparse product: the dense one-hot product does
//! about 25 times the arithmetic, and gathering the rows first materialises a
//! batch × pieces × hidden tensor. This op sums the rows in place and scatters the gradient
//! back into them.

use super::data::MAX_PIECES;
use candle_core::{CpuStorage, CustomOp1, Layout, Result, Shape, Tensor, bail};
use rayon::prelude::*;
use std::sync::Arc;

/// Positions whose gradients one task sums: a constant, so that the order of the floating
/// point sums (and the trained network) does not depend on the number of threads.
const GRADIENT_CHUNK: usize = 512;

/// The active inputs of one view for a batch of positions: `MAX_PIECES` slots a position, the
/// first `counts[i]` of position `i` used.
#[derive(Debug, Clone)]
pub struct SparseInputs {
    features: Arc<Vec<u16>>,
    counts: Arc<Vec<u8>>,
}

impl SparseInputs {
    /// Collects the inputs: each item is one position's active input indices.
    pub fn new<'a>(positions: impl IntoIterator<Item = &'a [u16]>) -> SparseInputs {
        let mut features = Vec::new();
        let mut counts = Vec::new();
        for active in positions {
            let n = active.len().min(MAX_PIECES);
            let start = features.len();
            features.extend_from_slice(&active[..n]);
            features.resize(start + MAX_PIECES, 0);
            counts.push(n as u8);
        }
        SparseInputs {
            features: Arc::new(features),
            counts: Arc::new(counts),
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    fn active(&self, i: usize) -> &[u16] {
        &self.features[i * MAX_PIECES..][..usize::from(self.counts[i])]
    }

    /// `inputs × weights` for the one-hot inputs: a `len × hidden` tensor from an
    /// `inputs × hidden` weight matrix, differentiable in the weights.
    pub fn product(&self, weights: &Tensor) -> Result<Tensor> {
        weights.apply_op1(self.clone())
    }
}

impl CustomOp1 for SparseInputs {
    fn name(&self) -> &'static str {
        "sparse-inputs-product"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let (rows, hidden) = layout.shape().dims2()?;
        let CpuStorage::F32(all) = storage else {
            bail!("sparse product: f32 weights expected")
        };
        let Some((start, end)) = layout.contiguous_offsets() else {
            bail!("sparse product: contiguous weights expected")
        };
        let weights = &all[start..end];
        if self.features.iter().any(|&f| usize::from(f) >= rows) {
            bail!("sparse product: an input index is past the {rows} weight rows")
        }
        let mut out = vec![0f32; self.len() * hidden];
        out.par_chunks_mut(hidden).enumerate().for_each(|(i, row)| {
            for &f in self.active(i) {
                let w = &weights[usize::from(f) * hidden..][..hidden];
                for (o, w) in row.iter_mut().zip(w) {
                    *o += w;
                }
            }
        });
        Ok((CpuStorage::F32(out), Shape::from((self.len(), hidden))))
    }

    fn bwd(&self, arg: &Tensor, _res: &Tensor, grad_res: &Tensor) -> Result<Option<Tensor>> {
        let (rows, hidden) = arg.dims2()?;
        let grad = grad_res.contiguous()?.flatten_all()?.to_vec1::<f32>()?;
        let positions: Vec<usize> = (0..self.len()).collect();
        let parts: Vec<Vec<f32>> = positions
            .par_chunks(GRADIENT_CHUNK)
            .map(|chunk| {
                let mut part = vec![0f32; rows * hidden];
                for &i in chunk {
                    let g = &grad[i * hidden..][..hidden];
                    for &f in self.active(i) {
                        let row = &mut part[usize::from(f) * hidden..][..hidden];
                        for (r, g) in row.iter_mut().zip(g) {
                            *r += g;
                        }
                    }
                }
                part
            })
            .collect();
        let mut total = vec![0f32; rows * hidden];
        for part in &parts {
            for (t, p) in total.iter_mut().zip(part) {
                *t += p;
            }
        }
        Ok(Some(Tensor::from_vec(total, (rows, hidden), arg.device())?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{Device, Var};

    /// The op and its gradient agree with the dense one-hot product on a random case.
    #[test]
    fn matches_the_dense_product() {
        let device = Device::Cpu;
        let (rows, hidden) = (40, 7);
        let active: Vec<Vec<u16>> = (0..1100u16)
            .map(|i| (0..(i % 9)).map(|k| (i * 7 + k * 13) % 40).collect())
            .collect();
        let values: Vec<f32> = (0..rows * hidden)
            .map(|i| ((i * 37 % 101) as f32 - 50.0) / 50.0)
            .collect();
        let w = Var::from_vec(values, (rows, hidden), &device).unwrap();
        let mut dense = vec![0f32; active.len() * rows];
        for (i, a) in active.iter().enumerate() {
            for &f in a {
                dense[i * rows + usize::from(f)] += 1.0;
            }
        }
        let dense = Tensor::from_vec(dense, (active.len(), rows), &device).unwrap();
        let sparse = SparseInputs::new(active.iter().map(|a| a.as_slice()));
        let weight_of_outputs: Vec<f32> = (0..hidden).map(|j| j as f32 - 3.0).collect();
        let weight_of_outputs = Tensor::from_vec(weight_of_outputs, (hidden, 1), &device).unwrap();
        let run = |out: Tensor| {
            let loss = out.matmul(&weight_of_outputs).unwrap().sqr().unwrap();
            let loss = loss.sum_all().unwrap();
            let grad = loss.backward().unwrap().get(&w).unwrap().clone();
            (out, grad)
        };
        let (a, ga) = run(sparse.product(w.as_tensor()).unwrap());
        let (b, gb) = run(dense.matmul(w.as_tensor()).unwrap());
        let largest = |x: Tensor| x.abs().unwrap().max_all().unwrap().to_scalar::<f32>();
        let max_diff = |x: &Tensor, y: &Tensor| largest((x - y).unwrap()).unwrap();
        assert!(max_diff(&a, &b) < 1e-4);
        let scale = largest(gb.clone()).unwrap();
        assert!(scale > 1.0);
        assert!(max_diff(&ga, &gb) < scale * 1e-5);
    }

    /// An input index past the weight rows is an error, not a read out of bounds.
    #[test]
    fn refuses_an_index_past_the_rows() {
        let w = Tensor::zeros((4, 3), candle_core::DType::F32, &Device::Cpu).unwrap();
        let sparse = SparseInputs::new([[1u16, 4].as_slice()]);
        assert!(sparse.product(&w).is_err());
    }
}
