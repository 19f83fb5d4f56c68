//! The UCI protocol: typed messages ([`protocol`]), our engine as a UCI engine ([`server`],
//! `chessbot uci`) and external UCI engines as child processes ([`client`]).

pub mod client;
pub mod protocol;
pub mod server;
