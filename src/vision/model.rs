//! The square classifier network: a small CNN from one square crop to 13 class scores.
//!
//! Input: `[N, 3, CROP, CROP]` RGB in `[-0.5, 0.5]` ([`CROP`] = 32). Four 3×3 convolutions
//! (batch-normalised while training, folded into the convolutions for inference) with ReLU and
//! 2×2 max-pooling after the first three, a fully connected layer to an [`EMBED`]-wide embedding
//! (used to compare squares within one image) and a linear layer to the [`CLASSES`] logits.

use candle_core::{D, Module, ModuleT, Result, Tensor};
use candle_nn::{BatchNorm, Conv2d, Conv2dConfig, Linear, VarBuilder};

/// Side of the square crop fed to the network, in pixels.
pub const CROP: usize = 32;
/// Number of classes: empty + 12 pieces.
pub const CLASSES: usize = 13;
/// Width of the embedding before the last layer.
pub const EMBED: usize = 64;
/// Channels of the four convolutions.
const CHANNELS: [usize; 4] = [16, 32, 48, 64];

struct Block {
    conv: Conv2d,
    bn: Option<BatchNorm>,
}

impl Block {
    fn new(cin: usize, cout: usize, vb: VarBuilder) -> Result<Self> {
        let cfg = Conv2dConfig {
            padding: 1,
            ..Default::default()
        };
        let conv = candle_nn::conv2d_no_bias(cin, cout, 3, cfg, vb.pp("conv"))?;
        let bn = candle_nn::batch_norm(cout, 1e-5, vb.pp("bn"))?;
        Ok(Block { conv, bn: Some(bn) })
    }

    fn forward_t(&self, x: &Tensor, train: bool) -> Result<Tensor> {
        let x = self.conv.forward(x)?;
        let x = match &self.bn {
            Some(bn) => bn.forward_t(&x, train)?,
            None => x,
        };
        x.relu()
    }

    fn fused(&self) -> Result<Block> {
        match &self.bn {
            Some(bn) => Ok(Block {
                conv: self.conv.absorb_bn(bn)?,
                bn: None,
            }),
            None => Ok(Block {
                conv: self.conv.clone(),
                bn: None,
            }),
        }
    }
}

/// The network. Build it from a `VarBuilder` (fresh for training, or over saved weights).
pub struct SquareNet {
    blocks: Vec<Block>,
    embed: Linear,
    head: Linear,
}

impl SquareNet {
    /// Creates the layers under `vb` (names `b0..b3`, `embed`, `head`).
    pub fn new(vb: VarBuilder) -> Result<Self> {
        let mut blocks = Vec::new();
        let mut cin = 3;
        for (i, &c) in CHANNELS.iter().enumerate() {
            blocks.push(Block::new(cin, c, vb.pp(format!("b{i}")))?);
            cin = c;
        }
        let spatial = CROP / 8;
        let embed = candle_nn::linear(cin * spatial * spatial, EMBED, vb.pp("embed"))?;
        let head = candle_nn::linear(EMBED, CLASSES, vb.pp("head"))?;
        Ok(SquareNet {
            blocks,
            embed,
            head,
        })
    }

    /// Logits `[N, CLASSES]` and embeddings `[N, EMBED]` for `x` = `[N, 3, CROP, CROP]`.
    /// `train` normalises with batch statistics (and updates the running ones).
    pub fn forward_t(&self, x: &Tensor, train: bool) -> Result<(Tensor, Tensor)> {
        let mut x = x.clone();
        for (i, b) in self.blocks.iter().enumerate() {
            x = b.forward_t(&x, train)?;
            if i < 3 {
                x = x.max_pool2d(2)?;
            }
        }
        let x = x.flatten_from(1)?;
        let e = self.embed.forward(&x)?.relu()?;
        let logits = self.head.forward(&e)?;
        Ok((logits, e))
    }

    /// The same network with batch norm folded into the convolutions (inference only).
    pub fn fused(&self) -> Result<SquareNet> {
        Ok(SquareNet {
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

/// Softmax over the last dimension of `[N, CLASSES]` logits, as rows.
pub fn probabilities(logits: &Tensor) -> Result<Vec<Vec<f32>>> {
    candle_nn::ops::softmax(logits, D::Minus1)?.to_vec2::<f32>()
}
