//! The square classifier network: a small CNN from one square crop to 13 class scores.
//!
//! Input: `[N, 3, crop, crop]` RGB in `[-0.5, 0.5]` (training uses [`CROP`] = 32; a saved
//! model's side and widths follow from its weights, [`shape_of`], so models of other sides load too).
//! Four 3×3 convolutions
//! (batch-normalised while training, folded into the convolutions for inference) with ReLU and
//! 2×2 max-pooling after the first three, a fully connected layer to an [`EMBED`]-wide embedding
//! (used to compare squares within one image) and a linear layer to the [`CLASSES`] logits.

use crate::vision::classes::CLASSES;
use crate::vision::inference::{self, BN_EPS, EMBED, POOLED_BLOCKS, shape_of};
use crate::vision::pool::bias_relu_pool;
use crate::vision::unfold::unfold3x3;
use candle_core::{Module, ModuleT, Result, Tensor};
use candle_nn::{BatchNorm, Conv2d, Conv2dConfig, Linear, VarBuilder};
use std::collections::HashMap;

/// Side of the square crop a newly trained network reads, in pixels: larger crops take longer
/// to train and to read, for no better readings of unseen sets.
pub const CROP: usize = 32;
/// Channels of the four convolutions of a newly trained network (a saved network's follow
/// from its weights, [`shape_of`]).
pub const CHANNELS: [usize; 4] = [16, 32, 48, 64];

struct Block {
    conv: Conv2d,
    bn: Option<BatchNorm>,
    /// The folded convolution's bias as plain numbers, for the fused inference pass
    /// ([`crate::vision::pool`]); `None` while training.
    inference_bias: Option<Vec<f32>>,
}

impl Block {
    fn new(cin: usize, cout: usize, vb: VarBuilder) -> Result<Self> {
        let cfg = Conv2dConfig {
            padding: 1,
            ..Default::default()
        };
        let conv = candle_nn::conv2d_no_bias(cin, cout, 3, cfg, vb.pp("conv"))?;
        let bn = candle_nn::batch_norm(cout, BN_EPS, vb.pp("bn"))?;
        Ok(Block {
            conv,
            bn: Some(bn),
            inference_bias: None,
        })
    }

    /// The block on channels-last `x`, max-pooled 2×2 when `pool`.
    fn forward_t(&self, x: &Tensor, train: bool, pool: bool) -> Result<Tensor> {
        if let (Some(bias), false) = (&self.inference_bias, train) {
            let x = conv3x3(x, self.conv.weight(), None)?;
            return bias_relu_pool(&x, bias, pool);
        }
        let x = conv3x3(x, self.conv.weight(), self.conv.bias())?;
        let x = match &self.bn {
            // Candle's batch norm wants the channels in dimension 1.
            Some(bn) => bn
                .forward_t(&x.permute((0, 3, 1, 2))?, train)?
                .permute((0, 2, 3, 1))?,
            None => x,
        };
        let x = x.relu()?;
        if pool { max_pool2(&x) } else { Ok(x) }
    }

    fn fused(&self) -> Result<Block> {
        let conv = match &self.bn {
            Some(bn) => self.conv.absorb_bn(bn)?,
            None => self.conv.clone(),
        };
        let bias = match conv.bias() {
            Some(b) => b.to_vec1::<f32>()?,
            None => vec![0.0; conv.weight().dim(0)?],
        };
        Ok(Block {
            conv,
            bn: None,
            inference_bias: Some(bias),
        })
    }
}

/// A 3×3 convolution with padding 1 and stride 1 on channels-last `x` = `[n, h, w, cin]`, as
/// one unfold and one matrix product; `w` is `[cout, cin, 3, 3]` as in `Conv2d`.
///
/// Candle's CPU `conv2d` took about 80% of a 64-square forward pass (see [`crate::vision::unfold`]);
/// here all squares go through one matrix product.
fn conv3x3(x: &Tensor, w: &Tensor, bias: Option<&Tensor>) -> Result<Tensor> {
    let (n, h, wd, _) = x.dims4()?;
    let cout = w.dim(0)?;
    let out = unfold3x3(x)?.matmul(&kernel_matrix(w)?)?;
    let out = match bias {
        Some(b) => out.broadcast_add(b)?,
        None => out,
    };
    out.reshape((n, h, wd, cout))
}

/// A 3×3 kernel `w` = `[cout, cin, 3, 3]` as the `[9·cin, cout]` matrix that multiplies
/// unfolded patches (kernel position major, channel minor, as [`unfold3x3`] lays them out).
fn kernel_matrix(w: &Tensor) -> Result<Tensor> {
    let (cout, cin, _, _) = w.dims4()?;
    w.permute((2, 3, 1, 0))?.reshape((9 * cin, cout))
}

/// 2×2 max-pooling on channels-last `[n, h, w, c]` (even `h` and `w`).
pub(crate) fn max_pool2(x: &Tensor) -> Result<Tensor> {
    let (n, h, w, c) = x.dims4()?;
    x.reshape((n * h / 2, 2, w / 2, 2 * c))?
        .max(1)?
        .reshape((n, h / 2, w / 2, 2, c))?
        .max(3)
}

/// The network. Build it from a `VarBuilder` (fresh for training, or over saved weights).
pub struct SquareNet {
    crop: usize,
    blocks: Vec<Block>,
    embed: Linear,
    head: Linear,
}

impl SquareNet {
    /// Creates the layers under `vb` (names `b0..b3`, `embed`, `head`) for `crop`-sided
    /// input (a multiple of 8), with the convolution widths [`CHANNELS`].
    pub fn new(vb: VarBuilder, crop: usize) -> Result<Self> {
        Self::with_channels(vb, crop, &CHANNELS)
    }

    /// [`SquareNet::new`] with other widths of the four convolutions (see [`shape_of`]).
    pub fn with_channels(vb: VarBuilder, crop: usize, channels: &[usize; 4]) -> Result<Self> {
        if crop == 0 || !crop.is_multiple_of(8) {
            candle_core::bail!("crop side {crop} is not a positive multiple of 8");
        }
        let mut blocks = Vec::new();
        let mut cin = 3;
        for (i, &c) in channels.iter().enumerate() {
            blocks.push(Block::new(cin, c, vb.pp(format!("b{i}")))?);
            cin = c;
        }
        let spatial = crop / 8;
        let embed = candle_nn::linear(cin * spatial * spatial, EMBED, vb.pp("embed"))?;
        let head = candle_nn::linear(EMBED, CLASSES, vb.pp("head"))?;
        Ok(SquareNet {
            crop,
            blocks,
            embed,
            head,
        })
    }

    /// Side of the square crops this network reads.
    pub fn crop(&self) -> usize {
        self.crop
    }

    /// Logits `[N, CLASSES]` and embeddings `[N, EMBED]` for `x` = `[N, 3, crop, crop]`.
    /// `train` normalises with batch statistics (and updates the running ones).
    pub fn forward_t(&self, x: &Tensor, train: bool) -> Result<(Tensor, Tensor)> {
        // Channels-last inside (see `conv3x3`), channels-first at both ends.
        let mut x = x.permute((0, 2, 3, 1))?.contiguous()?;
        for (i, b) in self.blocks.iter().enumerate() {
            x = b.forward_t(&x, train, i < POOLED_BLOCKS)?;
        }
        let x = x.permute((0, 3, 1, 2))?.flatten_from(1)?;
        let e = self.embed.forward(&x)?.relu()?;
        let logits = self.head.forward(&e)?;
        Ok((logits, e))
    }

    /// The fused network ([`SquareNet::fused`]) as plain buffers for the inference pass of
    /// [`crate::vision::inference`]; an error for a network not fused.
    pub fn inference(&self) -> Result<inference::Network> {
        let mut convolutions = Vec::with_capacity(self.blocks.len());
        for (i, b) in self.blocks.iter().enumerate() {
            let Some(bias) = &b.inference_bias else {
                candle_core::bail!("the inference pass needs a fused network")
            };
            let (cout, cin, _, _) = b.conv.weight().dims4()?;
            let kernel = kernel_matrix(b.conv.weight())?
                .flatten_all()?
                .to_vec1::<f32>()?;
            convolutions.push(inference::Convolution {
                cin,
                cout,
                kernel,
                bias: bias.clone(),
                pool: i < POOLED_BLOCKS,
            });
        }
        let dense = |l: &Linear| -> Result<inference::Dense> {
            let (outputs, inputs) = l.weight().dims2()?;
            let bias = match l.bias() {
                Some(b) => b.to_vec1::<f32>()?,
                None => vec![0.0; outputs],
            };
            Ok(inference::Dense {
                inputs,
                outputs,
                weight: l.weight().flatten_all()?.to_vec1::<f32>()?,
                bias,
            })
        };
        Ok(inference::Network {
            crop: self.crop,
            convolutions,
            embed: dense(&self.embed)?,
            head: dense(&self.head)?,
        })
    }

    /// The same network with batch norm folded into the convolutions (inference only).
    pub fn fused(&self) -> Result<SquareNet> {
        Ok(SquareNet {
            crop: self.crop,
            blocks: self
                .blocks
                .iter()
                .map(Block::fused)
                .collect::<Result<_>>()?,
            embed: self.embed.clone(),
            head: self.head.clone(),
        })
    }
}

/// [`shape_of`] for weights loaded as tensors.
pub fn shape_of_tensors(weights: &HashMap<String, Tensor>) -> Option<(usize, [usize; 4])> {
    shape_of(|name| weights.get(name).map(|t| t.dims().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::inference::Network;
    use candle_core::{DType, Device, Tensor};
    use candle_nn::{VarBuilder, VarMap};

    #[test]
    fn crop_side_and_widths_follow_from_the_weights() {
        let zeros = |dims: &[usize]| Tensor::zeros(dims, candle_core::DType::F32, &Device::Cpu);
        let weights = |channels: [usize; 4], embed: (usize, usize)| {
            let mut w = HashMap::new();
            let mut cin = 3;
            for (i, c) in channels.into_iter().enumerate() {
                w.insert(format!("b{i}.conv.weight"), zeros(&[c, cin, 3, 3]).unwrap());
                cin = c;
            }
            w.insert(
                "embed.weight".to_string(),
                zeros(&[embed.0, embed.1]).unwrap(),
            );
            w
        };
        assert_eq!(
            shape_of_tensors(&weights(CHANNELS, (EMBED, 64 * 4 * 4))),
            Some((32, CHANNELS))
        );
        assert_eq!(
            shape_of_tensors(&weights(CHANNELS, (EMBED, 64 * 6 * 6))),
            Some((48, CHANNELS))
        );
        let wide = [32, 64, 96, 128];
        assert_eq!(
            shape_of_tensors(&weights(wide, (EMBED, 128 * 16))),
            Some((32, wide))
        );
        // The embedding must read the last convolution and be EMBED wide.
        assert_eq!(shape_of_tensors(&weights(wide, (EMBED, 64 * 16))), None);
        assert_eq!(shape_of_tensors(&weights(CHANNELS, (32, 64 * 16))), None);
        assert_eq!(shape_of_tensors(&weights(CHANNELS, (EMBED, 100))), None);
        assert_eq!(shape_of_tensors(&weights(CHANNELS, (EMBED, 0))), None);
        let mut broken = weights(CHANNELS, (EMBED, 64 * 16));
        broken.insert("b2.conv.weight".into(), zeros(&[48, 16, 3, 3]).unwrap());
        assert_eq!(shape_of_tensors(&broken), None);
        assert_eq!(shape_of_tensors(&HashMap::new()), None);
        let vb = VarBuilder::zeros(candle_core::DType::F32, &Device::Cpu);
        assert!(SquareNet::new(vb.clone(), 44).is_err());
        assert_eq!(SquareNet::new(vb, 40).unwrap().crop(), 40);
    }

    #[test]
    fn unfolded_convolution_matches_candles() {
        let dev = Device::Cpu;
        let values = |n: usize, seed: f32| -> Vec<f32> {
            (0..n).map(|i| (i as f32 * 0.37 + seed).sin()).collect()
        };
        let x = Tensor::from_vec(values(2 * 3 * 7 * 5, 0.1), (2, 3, 7, 5), &dev).unwrap();
        let w = Tensor::from_vec(values(4 * 3 * 9, 1.3), (4, 3, 3, 3), &dev).unwrap();
        let b = Tensor::from_vec(vec![0.5f32, -0.25, 0.0, 1.0], 4, &dev).unwrap();
        let ours = conv3x3(&x.permute((0, 2, 3, 1)).unwrap(), &w, Some(&b))
            .unwrap()
            .permute((0, 3, 1, 2))
            .unwrap();
        let conv = Conv2d::new(
            w,
            Some(b),
            Conv2dConfig {
                padding: 1,
                ..Default::default()
            },
        );
        let theirs = conv.forward(&x).unwrap();
        assert_eq!(ours.dims(), theirs.dims());
        let diff = (ours - theirs)
            .unwrap()
            .abs()
            .unwrap()
            .flatten_all()
            .unwrap()
            .max(0)
            .unwrap()
            .to_scalar::<f32>()
            .unwrap();
        assert!(diff < 1e-4, "largest difference {diff}");
    }

    fn random_net(crop: usize) -> SquareNet {
        let map = VarMap::new();
        let vb = VarBuilder::from_varmap(&map, DType::F32, &Device::Cpu);
        SquareNet::new(vb, crop).unwrap()
    }

    #[test]
    fn the_buffer_pass_gives_the_tensor_pass_to_the_bit() {
        for (crop, n) in [(32, 1), (32, 5), (32, 16), (16, 3)] {
            let net = random_net(crop).fused().unwrap();
            let values: Vec<f32> = (0..n * 3 * crop * crop)
                .map(|i| (i as f32 * 0.613).sin() * 0.5)
                .collect();
            let x = Tensor::from_slice(&values, (n, 3, crop, crop), &Device::Cpu).unwrap();
            let (logits, embeddings) = net.forward_t(&x, false).unwrap();
            let (ours_logits, ours_embeddings) =
                net.inference().unwrap().forward(&values, n).unwrap();
            assert_eq!(ours_logits.len(), n * CLASSES);
            assert_eq!(ours_embeddings.len(), n * EMBED);
            let flat = |t: Tensor| t.flatten_all().unwrap().to_vec1::<f32>().unwrap();
            assert_eq!(ours_logits, flat(logits), "logits, crop {crop}, n {n}");
            assert_eq!(
                ours_embeddings,
                flat(embeddings),
                "embeddings, crop {crop}, n {n}"
            );
        }
    }

    /// Every value of a loaded network, as bits, in a fixed order.
    fn bits(net: &Network) -> Vec<u32> {
        let mut out = vec![net.crop as u32];
        for c in &net.convolutions {
            out.extend([c.cin as u32, c.cout as u32, u32::from(c.pool)]);
            out.extend(c.kernel.iter().chain(&c.bias).map(|v| v.to_bits()));
        }
        for d in [&net.embed, &net.head] {
            out.extend([d.inputs as u32, d.outputs as u32]);
            out.extend(d.weight.iter().chain(&d.bias).map(|v| v.to_bits()));
        }
        out
    }

    #[test]
    fn the_committed_networks_load_as_the_fused_training_network() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/vision");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            // The square networks; `glyphs` is the label reader's.
            if path.extension().is_none_or(|e| e != "safetensors")
                || path.file_stem().is_some_and(|s| s == "glyphs")
            {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let tensors = candle_core::safetensors::load_buffer(&bytes, &Device::Cpu).unwrap();
            let (crop, channels) = shape_of_tensors(&tensors).unwrap();
            let vb = VarBuilder::from_tensors(tensors, DType::F32, &Device::Cpu);
            let trained = SquareNet::with_channels(vb, crop, &channels).unwrap();
            let via_tensors = trained.fused().unwrap().inference().unwrap();
            let direct = Network::from_safetensors(&bytes).unwrap();
            assert!(bits(&direct) == bits(&via_tensors), "{}", path.display());
            seen += 1;
        }
        assert!(seen >= 2, "only {seen} networks in assets/vision");
    }

    #[test]
    fn only_a_fused_network_has_a_buffer_pass() {
        assert!(random_net(32).inference().is_err());
    }

    #[test]
    fn too_few_values_are_an_error() {
        let net = random_net(32).fused().unwrap().inference().unwrap();
        assert!(net.forward(&[0.0; 100], 1).is_err());
        let (logits, embeddings) = net.forward(&[], 0).unwrap();
        assert!(logits.is_empty() && embeddings.is_empty());
    }
}
