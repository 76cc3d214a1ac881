//! Vorpal: a chess-variant engine for stacked boards (Alice Chess and its family, LMA) and
//! FIDE chess, with bitboard move generation over up to four layers of up to 128 cells.

#![deny(missing_docs)]

pub mod arena;
pub mod cli;
pub mod config;
pub mod engine;
pub mod eval;
pub mod geometry;
pub mod gui;
pub mod input;
pub mod movegen;
pub mod notation;
pub mod output;
pub mod perft;
pub mod pieces;
pub mod position;
pub mod protocol;
pub mod random;
pub mod referee;
pub mod rules;
pub mod search;
pub mod tune;
pub mod variant;
