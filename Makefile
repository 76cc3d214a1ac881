# OpenBench's build: `make EXE=PATH` builds Vorpal (cargo, release profile) and copies the binary
# to PATH. EVALFILE is accepted and ignored: Vorpal's networks are named in engine.ini and the
# built-in ones are compiled into the binary.
EXE ?= vorpal
EVALFILE ?=
CARGO ?= cargo

.PHONY: all
all:
	$(CARGO) build --release --locked
	cp target/release/vorpal$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)
