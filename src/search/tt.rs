//! The transposition table: a fixed-size hash of search results keyed by Zobrist key,
//! sized in megabytes, with depth-and-age replacement and a `hashfull` estimate.
//!
//! All search threads share one table without locks. Each 16-byte entry is two 64-bit words,
//! the packed data and the key XORed with that data, read and written with relaxed atomics
//! (plain loads and stores on x86-64 and AArch64). When two threads write one entry at once, a
//! reader may see one thread's key word with the other's data word; the XOR then no longer
//! gives the key, and the entry reads as another position's rather than as wrong data.

use super::score::{Depth, Score};
use shakmaty::{Move, Role, Square};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means relative to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score (a PV node).
    Exact,
    /// The true score is at least this (a fail high).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
}

/// A move packed into 16 bits: from (6), to (6), promotion role (3). 0 means no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct PackedMove(u16);

impl PackedMove {
    /// No move.
    pub const NONE: PackedMove = PackedMove(0);

    /// Packs a move (drops moves shakmaty cannot name by from/to).
    pub fn new(m: &Move) -> PackedMove {
        let Some(from) = m.from() else {
            return PackedMove::NONE;
        };
        let to = m.to();
        let promo = m.promotion().map_or(0, |r| r as u16);
        PackedMove(1 + (from as u16 | (to as u16) << 6 | promo << 12))
    }

    /// Whether this is [`PackedMove::NONE`].
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The origin, target and promotion role of the packed move, `None` for
    /// [`PackedMove::NONE`] (or bits that name no square pair and role).
    pub fn parts(self) -> Option<(Square, Square, Option<Role>)> {
        let bits = self.0.checked_sub(1)?;
        let from = Square::new(u32::from(bits & 63));
        let to = Square::new(u32::from(bits >> 6 & 63));
        let promotion = match bits >> 12 {
            0 => None,
            r => Some(Role::try_from(r as u8).ok()?),
        };
        Some((from, to, promotion))
    }

    /// Whether `m` is the move packed here.
    pub fn matches(self, m: &Move) -> bool {
        !self.is_none() && PackedMove::new(m) == self
    }
}

/// One probed entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtHit {
    /// The best (or refuting) move found, possibly none.
    pub mv: PackedMove,
    /// The stored score, already adjusted to the probing ply.
    pub score: Score,
    /// The static evaluation of the position.
    pub eval: i32,
    /// The depth the score was searched to.
    pub depth: Depth,
    /// What the score bounds.
    pub bound: Bound,
}

impl TtHit {
    /// The stored score when its bound settles a search of the window `alpha..beta`: exact,
    /// a lower bound at or above `beta`, or an upper bound at or below `alpha`.
    pub fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        let s = self.score.0;
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        settles.then_some(s)
    }
}

/// One entry, unpacked from its [`Slot`].
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: PackedMove,
    score: i16,
    eval: i16,
    depth: i8,
    /// Bits 0-1: bound (0 empty, 1 exact, 2 lower, 3 upper); bits 2-7: generation.
    flags: u8,
}

impl Entry {
    /// Everything but the key in one word: move, score, eval, depth, flags from the low bits.
    fn data(&self) -> u64 {
        u64::from(self.mv.0)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.flags) << 56
    }

    fn from_words(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: PackedMove(data as u16),
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8 as i8,
            flags: (data >> 56) as u8,
        }
    }
}

/// The stored form of an entry: the key XOR the data, and the data (all zero: empty).
#[derive(Debug, Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.key_xor_data.load(Ordering::Relaxed) ^ data;
        Entry::from_words(key, data)
    }

    fn save(&self, e: &Entry) {
        let data = e.data();
        self.key_xor_data.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

/// The transposition table, shared by all search threads (see the module docs).
#[derive(Debug)]
pub struct TranspositionTable {
    entries: Vec<Slot>,
    generation: u8,
}

impl TranspositionTable {
    /// A table using about `mb` megabytes (at least one entry).
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1);
        let table = TranspositionTable {
            entries: std::iter::repeat_with(Slot::default).take(count).collect(),
            generation: 0,
        };
        // Write every entry now: the allocator may hand out zeroed memory whose pages are only
        // mapped when first written, which would then happen during the first search, on its
        // clock. Atomic stores are not folded into that lazy zeroing.
        for slot in &table.entries {
            slot.data.store(0, Ordering::Relaxed);
        }
        table
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries (never: it always has at least one).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for slot in &mut self.entries {
            *slot = Slot::default();
        }
        self.generation = 0;
    }

    /// Marks the start of a new search, so that old entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// Asks the processor to start loading `key`'s entry into the cache, so that a
    /// [`TranspositionTable::probe`] a little later does not wait for memory (the table is far
    /// larger than the caches: without this, that wait is a large share of the search's time).
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Slot = &self.entries[self.index(key)];
            // SAFETY: a prefetch is a hint to the cache that reads nothing into the program and
            // cannot fault; the pointer is to a live entry anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(slot.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up; mate scores are converted to be relative to `ply`.
    pub fn probe(&self, key: u64, ply: Depth) -> Option<TtHit> {
        let e = self.entries[self.index(key)].load();
        if e.key != key || e.flags & 3 == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(TtHit {
            mv: e.mv,
            score: score_from_tt(i32::from(e.score), ply),
            eval: i32::from(e.eval),
            depth: Depth::from(e.depth),
            bound,
        })
    }

    /// Stores a result. Replaces entries from older searches, for other positions, or
    /// searched less deeply; keeps the old move when the new result has none.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: Depth,
        mv: PackedMove,
        score: Score,
        eval: i32,
        depth: Depth,
        bound: Bound,
    ) {
        let generation = self.generation;
        let idx = self.index(key);
        let slot = &self.entries[idx];
        let e = slot.load();
        let same = e.key == key;
        let old_gen = e.flags >> 2;
        if same
            && bound != Bound::Exact
            && depth + 3 < Depth::from(e.depth)
            && old_gen == generation
        {
            return;
        }
        if !same && old_gen == generation && e.flags & 3 != 0 && depth < Depth::from(e.depth) - 2 {
            return;
        }
        let mv = if mv.is_none() && same { e.mv } else { mv };
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        slot.save(&Entry {
            key,
            mv,
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(-30_000, 30_000) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound_bits | generation << 2,
        });
    }

    /// Fill of the table in per mille, counting entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .map(Slot::load)
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: Score, ply: Depth) -> i32 {
    if score.0 >= Score::MATE_BOUND {
        score.0 + ply
    } else if score.0 <= -Score::MATE_BOUND {
        score.0 - ply
    } else {
        score.0
    }
}

fn score_from_tt(stored: i32, ply: Depth) -> Score {
    Score(if stored >= Score::MATE_BOUND {
        stored - ply
    } else if stored <= -Score::MATE_BOUND {
        stored + ply
    } else {
        stored
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn a_hit_settles_only_the_windows_its_bound_allows() {
        let hit = |score, bound| TtHit {
            mv: PackedMove::NONE,
            score: Score(score),
            eval: 0,
            depth: 5,
            bound,
        };
        assert_eq!(hit(30, Bound::Exact).cutoff(-10, 10), Some(30));
        assert_eq!(hit(30, Bound::Lower).cutoff(-10, 10), Some(30));
        assert_eq!(hit(5, Bound::Lower).cutoff(-10, 10), None);
        assert_eq!(hit(-30, Bound::Upper).cutoff(-10, 10), Some(-30));
        assert_eq!(hit(-5, Bound::Upper).cutoff(-10, 10), None);
    }

    #[test]
    fn store_and_probe_round_trip_with_mate_adjustment() {
        let mut tt = TranspositionTable::new(1);
        let m = Chess::default().legal_moves()[0];
        let packed = PackedMove::new(&m);
        assert!(packed.matches(&m));
        assert_eq!(packed.parts(), Some((m.from().unwrap(), m.to(), None)));
        assert_eq!(PackedMove::NONE.parts(), None);
        tt.store(42, 3, packed, Score::mate_in(7), 15, 5, Bound::Exact);
        let hit = tt.probe(42, 1).unwrap();
        assert_eq!(hit.mv, packed);
        assert_eq!(hit.score, Score::mate_in(5));
        assert_eq!((hit.eval, hit.depth, hit.bound), (15, 5, Bound::Exact));
        assert!(tt.probe(43, 1).is_none());
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(42, 1).is_none());
    }

    #[test]
    fn negative_fields_survive_packing_and_a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, PackedMove::NONE, Score(-1234), -567, -1, Bound::Upper);
        let hit = tt.probe(7, 0).unwrap();
        assert_eq!((hit.score, hit.eval, hit.depth), (Score(-1234), -567, -1));
        assert_eq!(hit.bound, Bound::Upper);
        // Another position's data under this key word, as a race between two writers leaves it.
        let slot = &tt.entries[tt.index(7)];
        let other = Entry {
            key: 7,
            depth: 9,
            flags: 1,
            ..Entry::default()
        };
        slot.data.store(other.data(), Ordering::Relaxed);
        assert!(tt.probe(7, 0).is_none());
    }

    #[test]
    fn threads_share_the_table() {
        let tt = TranspositionTable::new(1);
        let key = |t: u64, i: u64| (t << 32 | i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        std::thread::scope(|s| {
            for t in 0..4 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..1000 {
                        let score = Score((t * 1000 + i) as i32);
                        tt.store(key(t, i), 0, PackedMove::NONE, score, 0, 5, Bound::Exact);
                    }
                });
            }
        });
        // Every entry reads back as its own writer's data or not at all (a collision replaced
        // it); the few thousand keys fill a small share of the table, so most are there.
        let mut hits = 0;
        for t in 0..4 {
            for i in 0..1000 {
                if let Some(hit) = tt.probe(key(t, i), 0) {
                    assert_eq!(hit.score, Score((t * 1000 + i) as i32));
                    hits += 1;
                }
            }
        }
        assert!(hits > 3000, "{hits}");
    }

    #[test]
    fn size_follows_megabytes() {
        assert_eq!(
            TranspositionTable::new(2).len(),
            2 * TranspositionTable::new(1).len()
        );
        assert_eq!(ENTRY_BYTES, 16);
    }
}
