//! Fitting the evaluation to data: `vorpal datagen` plays games and writes their positions with
//! the results, `vorpal tune` fits a variant's values and weights to them, and `vorpal
//! train-network` fits FIDE chess's evaluation network to positions a stronger engine scored.

pub mod data;
pub mod datagen;
pub mod network_training;
pub mod texel;
