//! The square network's inference pass on plain buffers.
//!
//! Training needs candle's tensors (gradients, batch norm); reading a screenshot does not. Here
//! the fused network ([`crate::training::vision::model::SquareNet::fused`]) runs as its four convolutions
//! (unfold, one matrix product, bias, ReLU, pooling), its embedding and its head, on buffers a
//! thread keeps from one pass to the next. It does what the tensor pass does, in the same
//! arithmetic order (the same gemm calls on the same layouts), so the results are the same to
//! the bit; it skips the tensor pass's copies: the kernels' layout made once instead of every
//! pass, output buffers reused instead of allocated zeroed, the input turned channels-last by
//! one loop instead of a strided copy.
//!
//! A network is loaded straight from its safetensors bytes ([`Network::from_safetensors`]),
//! the batch norms folded in plain loops, without building the training network first.

use super::pool::bias_relu_pool_into;
use super::unfold::write_columns;
use candle_core::{Result, bail};
use half::slice::{HalfBitsSliceExt, HalfFloatSliceExt};
use std::cell::RefCell;

/// Width of the embedding before the last layer.
pub const EMBED: usize = 64;
/// The first blocks, which max-pool their output 2×2 (the last does not).
pub const POOLED_BLOCKS: usize = 3;
/// The batch norms' epsilon (added to the running variance).
pub const BN_EPS: f64 = 1e-5;

/// One convolution block: a 3×3 kernel as a `[9·cin, cout]` matrix (kernel position major,
/// channel minor: the layout of [`write_columns`]), its bias, and whether it pools.
pub(crate) struct Convolution {
    pub(crate) cin: usize,
    pub(crate) cout: usize,
    pub(crate) kernel: Vec<f32>,
    pub(crate) bias: Vec<f32>,
    pub(crate) pool: bool,
}

/// A fully connected layer: `weight` is `[outputs, inputs]` row-major, as candle's `Linear`.
pub(crate) struct Dense {
    pub(crate) inputs: usize,
    pub(crate) outputs: usize,
    pub(crate) weight: Vec<f32>,
    pub(crate) bias: Vec<f32>,
}

/// The fused square network, ready to read crops (see the module docs).
pub struct Network {
    pub(crate) crop: usize,
    pub(crate) convolutions: Vec<Convolution>,
    pub(crate) embed: Dense,
    pub(crate) head: Dense,
}

/// Buffers one thread reuses across passes: unfolded columns, a convolution's output, the
/// activations between blocks.
#[derive(Default)]
struct Scratch {
    columns: Vec<f32>,
    product: Vec<f32>,
    activations: Vec<f32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// `dst = lhs · rhs` for `lhs` = `[m, k]` row-major and `rhs` = `[k, n]` given by its row and
/// column strides, into row-major `dst` = `[m, n]`: the call candle's CPU `matmul` makes, on
/// one thread (splitting a product over threads leaves each element's sum as it is).
#[allow(clippy::too_many_arguments)]
fn matmul(
    lhs: &[f32],
    (m, k): (usize, usize),
    rhs: &[f32],
    (rhs_rs, rhs_cs): (usize, usize),
    n: usize,
    dst: &mut [f32],
) -> Result<()> {
    let rhs_extent = if k == 0 || n == 0 {
        0
    } else {
        (k - 1) * rhs_rs + (n - 1) * rhs_cs + 1
    };
    if lhs.len() < m * k || rhs.len() < rhs_extent || dst.len() < m * n {
        bail!("matmul: [{m}, {k}] by [{k}, {n}] does not fit the buffers")
    }
    if m == 0 || n == 0 {
        return Ok(());
    }
    // One thread per product: `Classifier` runs whole passes side by side instead; split
    // inside, products this small cost more in handing out work than they save.
    let parallelism = gemm::Parallelism::None;
    // SAFETY: the checks above keep every element gemm reads or writes inside the slices:
    // lhs rows of k at stride k, rhs elements at most `rhs_extent - 1` from its start, dst rows
    // of n at stride n; `dst` is borrowed mutably and does not overlap the inputs.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            dst.as_mut_ptr(),
            1,
            n as isize,
            false,
            lhs.as_ptr(),
            1,
            k as isize,
            rhs.as_ptr(),
            rhs_cs as isize,
            rhs_rs as isize,
            0.0,
            1.0,
            false,
            false,
            false,
            parallelism,
        );
    }
    Ok(())
}

impl Dense {
    /// `x · weightᵀ + bias` for `x` = `[n, inputs]`.
    fn forward(&self, x: &[f32], n: usize) -> Result<Vec<f32>> {
        let mut out = vec![0.0; n * self.outputs];
        // weightᵀ is `[inputs, outputs]` with row stride 1 and column stride `inputs`.
        matmul(
            x,
            (n, self.inputs),
            &self.weight,
            (1, self.inputs),
            self.outputs,
            &mut out,
        )?;
        for row in out.chunks_exact_mut(self.outputs.max(1)) {
            for (v, b) in row.iter_mut().zip(&self.bias) {
                *v += b;
            }
        }
        Ok(out)
    }
}

/// The weights of a safetensors file, each as `f32` values with its dimensions.
pub(crate) struct Weights<'a>(safetensors::SafeTensors<'a>);

impl<'a> Weights<'a> {
    /// The weights in safetensors `bytes`.
    pub(crate) fn deserialize(bytes: &'a [u8]) -> Result<Self> {
        match safetensors::SafeTensors::deserialize(bytes) {
            Ok(w) => Ok(Weights(w)),
            Err(e) => bail!("not a safetensors file: {e}"),
        }
    }

    /// The dimensions of `name`, if the file holds it.
    pub(crate) fn dims(&self, name: &str) -> Option<Vec<usize>> {
        self.0.tensor(name).ok().map(|t| t.shape().to_vec())
    }

    /// The values of `name`, which must have `dims`.
    pub(crate) fn values(&self, name: &str, dims: &[usize]) -> Result<Vec<f32>> {
        let Ok(view) = self.0.tensor(name) else {
            bail!("the weights have no {name}")
        };
        if view.shape() != dims {
            bail!("{name} is {:?}, expected {dims:?}", view.shape())
        }
        let bytes = view.data();
        // Half-precision values converted a slice at a time (the crate's vector code), read in
        // place where the bytes are aligned (safetensors aligns its data) and the host is
        // little-endian as the file is.
        let halves = |to_f32: fn(&[u16], &mut [f32])| {
            let mut out = vec![0.0; bytes.len() / 2];
            match bytemuck::try_cast_slice::<u8, u16>(bytes) {
                Ok(bits) if cfg!(target_endian = "little") => to_f32(bits, &mut out),
                _ => {
                    let bits: Vec<u16> = bytes
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]]))
                        .collect();
                    to_f32(&bits, &mut out);
                }
            }
            out
        };
        let values: Vec<f32> = match view.dtype() {
            safetensors::Dtype::F16 => halves(|bits, out| {
                bits.reinterpret_cast::<half::f16>()
                    .convert_to_f32_slice(out)
            }),
            safetensors::Dtype::BF16 => halves(|bits, out| {
                bits.reinterpret_cast::<half::bf16>()
                    .convert_to_f32_slice(out)
            }),
            safetensors::Dtype::F32 => bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
            other => bail!("{name} holds {other:?} values, not floating point"),
        };
        if values.len() != dims.iter().product::<usize>() {
            bail!("{name} holds {} values for {dims:?}", values.len())
        }
        Ok(values)
    }

    /// A fully connected layer `prefix.weight` = `[outputs, inputs]`, `prefix.bias`.
    fn dense(&self, prefix: &str, inputs: usize, outputs: usize) -> Result<Dense> {
        Ok(Dense {
            inputs,
            outputs,
            weight: self.values(&format!("{prefix}.weight"), &[outputs, inputs])?,
            bias: self.values(&format!("{prefix}.bias"), &[outputs])?,
        })
    }
}

impl Network {
    /// The network saved by `chessbot vision train` in safetensors `bytes`, its batch norms
    /// folded into the convolutions: the same numbers, to the bit, as loading it as the
    /// training network ([`crate::training::vision::model::SquareNet`]), fusing it and taking its buffers, in
    /// a fraction of the time (no tensors, one conversion per weight).
    pub fn from_safetensors(bytes: &[u8]) -> Result<Self> {
        let weights = Weights::deserialize(bytes)?;
        let Some((crop, channels)) = shape_of(|name| weights.dims(name)) else {
            bail!("the weights are not a square classifier of a known shape")
        };
        let mut convolutions = Vec::with_capacity(channels.len());
        let mut cin = 3;
        for (i, &cout) in channels.iter().enumerate() {
            let part = |name: &str| weights.values(&format!("b{i}.bn.{name}"), &[cout]);
            let (gamma, beta) = (part("weight")?, part("bias")?);
            let (mean, var) = (part("running_mean")?, part("running_var")?);
            let w = weights.values(&format!("b{i}.conv.weight"), &[cout, cin, 3, 3])?;
            // Candle's `Conv2d::absorb_bn`, one operation at a time in its order and precision:
            // scale = gamma / sqrt(var + eps); weight * scale; bias = beta - scale * mean.
            let eps = BN_EPS as f32;
            let scale: Vec<f32> = gamma
                .iter()
                .zip(&var)
                .map(|(g, v)| g / (v + eps).sqrt())
                .collect();
            let bias = (0..cout).map(|o| beta[o] - scale[o] * mean[o]).collect();
            // `[cout, cin, 3, 3]` as the `[9·cin, cout]` matrix of `write_columns`' layout.
            // A transpose, a few output channels at a time so that their rows stay in cache.
            let mut kernel = vec![0.0; 9 * cin * cout];
            for block in (0..cout).step_by(16) {
                let outputs = block..(block + 16).min(cout);
                for k in 0..9 {
                    for c in 0..cin {
                        let row = &mut kernel[(k * cin + c) * cout..][..cout];
                        for o in outputs.clone() {
                            row[o] = w[(o * cin + c) * 9 + k] * scale[o];
                        }
                    }
                }
            }
            convolutions.push(Convolution {
                cin,
                cout,
                kernel,
                bias,
                pool: i < POOLED_BLOCKS,
            });
            cin = cout;
        }
        let spatial = crop / 8;
        Ok(Network {
            crop,
            convolutions,
            embed: weights.dense("embed", cin * spatial * spatial, EMBED)?,
            head: weights.dense("head", EMBED, super::classes::CLASSES)?,
        })
    }

    /// Side of the square crops this network reads.
    pub fn crop(&self) -> usize {
        self.crop
    }

    /// Logits (`[n, CLASSES]`) and embeddings (`[n, EMBED]`), row-major, for `n` crops laid out
    /// as `[n, 3, crop, crop]`.
    pub fn forward(&self, crops: &[f32], n: usize) -> Result<(Vec<f32>, Vec<f32>)> {
        let side = self.crop;
        let plane = side * side;
        if crops.len() < n * 3 * plane {
            bail!(
                "{} values are fewer than {n} crops of {side} px",
                crops.len()
            )
        }
        SCRATCH.with_borrow_mut(|s| {
            // Channels-last: a pixel's three values side by side.
            s.activations.clear();
            for image in crops[..n * 3 * plane].chunks_exact(3 * plane) {
                for p in 0..plane {
                    s.activations
                        .extend([image[p], image[plane + p], image[2 * plane + p]]);
                }
            }
            let (mut h, mut w) = (side, side);
            for conv in &self.convolutions {
                let image_len = h * w * conv.cin;
                let m = n * h * w;
                // Grown, never shrunk (see the product below): every value is written.
                if s.columns.len() < m * 9 * conv.cin {
                    s.columns.resize(m * 9 * conv.cin, 0.0);
                }
                for (image, columns) in s
                    .activations
                    .chunks_exact(image_len)
                    .zip(s.columns.chunks_exact_mut(h * w * 9 * conv.cin))
                {
                    write_columns(image, h, w, conv.cin, columns);
                }
                // Grown, never shrunk: the blocks' products differ in size, and a buffer
                // grown back would be zeroed again on every pass.
                if s.product.len() < m * conv.cout {
                    s.product.resize(m * conv.cout, 0.0);
                }
                matmul(
                    &s.columns[..m * 9 * conv.cin],
                    (m, 9 * conv.cin),
                    &conv.kernel,
                    (conv.cout, 1),
                    conv.cout,
                    &mut s.product[..m * conv.cout],
                )?;
                (h, w) = bias_relu_pool_into(
                    &s.product[..m * conv.cout],
                    (n, h, w, conv.cout),
                    &conv.bias,
                    conv.pool,
                    &mut s.activations,
                )?;
            }
            // The embedding reads each crop channel by channel (the tensor pass's layout).
            let c = self.convolutions.last().map_or(3, |conv| conv.cout);
            let cells = h * w;
            let mut flat = Vec::with_capacity(n * cells * c);
            for image in s.activations.chunks_exact(cells * c) {
                for ch in 0..c {
                    flat.extend((0..cells).map(|p| image[p * c + ch]));
                }
            }
            if flat.len() != n * self.embed.inputs {
                bail!(
                    "the embedding reads {} values, the convolutions give {}",
                    self.embed.inputs,
                    cells * c
                )
            }
            let mut embeddings = self.embed.forward(&flat, n)?;
            for v in &mut embeddings {
                *v = v.max(0.0);
            }
            let logits = self.head.forward(&embeddings, n)?;
            Ok((logits, embeddings))
        })
    }
}

/// The crop side and convolution widths of saved weights, given the dimensions of each named
/// weight (`dims`): the widths are the first dimensions of `b0..b3.conv.weight`, and the
/// embedding layer reads the last convolution's channels over `(crop / 8)²` cells into
/// [`EMBED`] outputs. `None` when the weights lack such layers or their shapes do not fit
/// together.
pub fn shape_of(dims: impl Fn(&str) -> Option<Vec<usize>>) -> Option<(usize, [usize; 4])> {
    let mut channels = [0; 4];
    let mut cin = 3;
    for (i, c) in channels.iter_mut().enumerate() {
        let [cout, inputs, kh, kw] = dims(&format!("b{i}.conv.weight"))?[..] else {
            return None;
        };
        if inputs != cin || (kh, kw) != (3, 3) || cout == 0 {
            return None;
        }
        *c = cout;
        cin = cout;
    }
    let [outputs, inputs] = dims("embed.weight")?[..] else {
        return None;
    };
    let cells = inputs / cin;
    let spatial = (cells as f64).sqrt().round() as usize;
    (outputs == EMBED && spatial > 0 && spatial * spatial * cin == inputs)
        .then_some((spatial * 8, channels))
}

#[cfg(test)]
mod tests {
    use super::Network;
    use candle_core::{DType, Device, Tensor};

    #[test]
    fn broken_weights_are_an_error() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/vision");
        let bytes = std::fs::read(dir.join("model.safetensors")).unwrap();
        for cut in [0, 7, 8, 100, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                Network::from_safetensors(&bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        assert!(Network::from_safetensors(b"not weights at all").is_err());
        // A well-formed file without the network's layers.
        let tensors = std::collections::HashMap::from([(
            "x".to_string(),
            Tensor::zeros(4, DType::F32, &Device::Cpu).unwrap(),
        )]);
        let path = std::env::temp_dir().join(format!("chessbot-weights-{}", std::process::id()));
        candle_core::safetensors::save(&tensors, &path).unwrap();
        let other = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(Network::from_safetensors(&other).is_err());
    }
}
