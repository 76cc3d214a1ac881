//! Fitting the evaluation to data: `vorpal datagen` plays games and writes their positions with
//! the results, `vorpal tune` fits a variant's values and weights to them.

pub mod datagen;
pub mod texel;
