# Builds chessbot as OpenBench's workers do: `make EXE=<name>` in this folder leaves the binary
# at ./<name>, and the last line of `<name> bench` is `<nodes> nodes <nps> nps`.
#
#   EXE       where to put the binary (default: chessbot)
#   PROFILE   the cargo profile (default: release; the test of this file builds the profile
#             `cargo test` built already)
#   FEATURES  cargo features to build with (default: none)
#
# OpenBench also passes CC (or CXX) naming its compiler, which is cargo for us, and EVALFILE for
# engines whose network is a separate file. Our network is part of the binary, and build.rs
# compiles its C file with the system's compiler, so neither reaches cargo.

EXE ?= chessbot
PROFILE ?= release
FEATURES ?=

unexport CC CXX EVALFILE

# cargo writes the dev profile's output to target/debug, every other profile's under its name.
PROFILE_DIR := $(if $(filter dev test,$(PROFILE)),debug,$(PROFILE))
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: all
all:
	cargo build --profile $(PROFILE) --bin chessbot $(if $(FEATURES),--features "$(FEATURES)")
	cp $(TARGET_DIR)/$(PROFILE_DIR)/chessbot $(EXE)
