//! Fuzzes what `recognize --model FILE` does with a weights file's bytes: the safetensors
//! header, each weight's type and shape, the network's shape. A file that is not a square
//! network is an error; nothing may panic or allocate without bound.
#![no_main]

use chessbot::vision::classify::Classifier;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(classifier) = Classifier::from_bytes(data.to_vec()) {
        assert!(classifier.crop() > 0 && classifier.crop() % 8 == 0);
    }
});
