//! What a player answers when asked to move, and what it reported thinking.

/// What an engine last reported while choosing a move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Thought {
    /// The score in centipawns, from its side (mates near ±`MATE`).
    pub score: Option<i32>,
    /// The depth searched.
    pub depth: Option<u32>,
}

/// What an engine answered when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move, in the engine's notation, with what it last reported thinking.
    Move(String, Thought),
    /// A claim that the game is over: the result and the comment.
    Claim(String, String),
    /// It resigned.
    Resign,
    /// It refused a move it was told of (XBoard's `Illegal move`): its words.
    Refused(String),
    /// It ended, or closed its output: why.
    Crashed(String),
    /// It did not answer in time.
    Timeout,
}
