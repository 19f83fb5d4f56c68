//! Training the evaluation network ([`crate::search::nnue`]): [`generate`] makes scored
//! positions by engine self-play, [`data`] reads them, and [`train`] fits a network to them
//! with candle (its first layer through [`sparse`], on the active inputs alone) and
//! writes it in the format the engine loads.

pub mod data;
pub mod generate;
pub mod sparse;
pub mod train;
