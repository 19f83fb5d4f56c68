//! Training and benchmark code: what makes and measures the shipped networks, apart from what ships.

pub mod vision;
