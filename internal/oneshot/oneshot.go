// Package oneshot tunes the garbage collector of a command that runs one
// job and exits, such as `agentready gen`, for the work that follows
// parsing a spec.
//
// While a spec is parsed the heap is the parser's model, and the default
// pace (GOGC=100) keeps its peak at what libopenapi alone takes. Once the
// model is released, what stays live is the IR, a few times smaller, and
// the collector at its default pace runs a cycle every time that small
// heap doubles: on Stripe's spec, 17% of gen's CPU went to marking. From
// that point on, a soft memory limit at the parser's peak lets the heap
// grow up to what the process already held before a collection (see
// pace).
//
// It is not set in the libraries: a program that embeds them shares its
// process and its collector.
package oneshot

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// GCPercentAfterLoad is the GOGC percentage AfterLoad sets when the
// parser mapped less than minMemoryLimit. Measured on gen over Stripe and
// Kubernetes (gen/bench_test.go): 200 cut CPU seconds by about a tenth
// with peak memory within 1.3 times the parser's alone; 400 gave no more
// and let Stripe's peak reach 1.65 times it.
const GCPercentAfterLoad = 200

// minMemoryLimit is the least limit AfterLoad sets: under it, a small
// spec's parser leaves so little mapped that the tokenizer's ranks (about
// 19 MB live: go test ./gen/tokens -bench Load/ranks -benchmem)
// alone would keep the collector running without pause.
const minMemoryLimit = 256 << 20

// AfterLoad sets the collector's pace for the rest of a one-shot command,
// unless the user chose one with GOGC or GOMEMLIMIT. Call it once the
// parser's model is garbage (gen.Options.Loaded), or once any heap the
// command held is garbage and what follows needs a fraction of it
// (`cases`, once its cases are made, for writing and judging utterances).
//
// It sets a soft memory limit at what the process has mapped so far, the
// parser's peak, and the collector's percentage that goes with it (pace).
func AfterLoad() {
	_, gogc := os.LookupEnv("GOGC")
	_, limit := os.LookupEnv("GOMEMLIMIT")
	if gogc || limit {
		return
	}
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	memLimit, percent := pace(sample[0].Value.Uint64())
	debug.SetMemoryLimit(memLimit)
	debug.SetGCPercent(percent)
}

// pace returns the soft memory limit and GOGC percentage for the work
// after parsing, given the memory the parser left mapped.
//
// Where the parser mapped at least minMemoryLimit, the limit is that
// memory and it alone paces the collector (percent -1, GOGC=off): the
// process already held that much, so the heap may fill it again before a
// collection without raising the peak. Marking a live heap that grows
// with the generated code (Microsoft Graph beta's ends at 1.1 GB) every
// time it doubles took 4.9 CPU seconds there in 9 cycles; paced by the
// limit alone, 3.0 in 3 (GODEBUG=gctrace=1, after loading). Under it, the
// limit is minMemoryLimit, above the parser's peak, and filling it would
// raise the peak (Kubernetes: 220 -> 280 MB): the collector runs at
// GCPercentAfterLoad.
func pace(mapped uint64) (limit int64, percent int) {
	if mapped >= minMemoryLimit {
		return int64(mapped), -1
	}
	return minMemoryLimit, GCPercentAfterLoad
}

// Saved records the collector's pace and memory limit as they are now and
// returns a function that puts them back. A command that calls AfterLoad
// defers it, so that a process which runs the command and goes on (a
// test, `demo`, a program embedding the CLI) keeps its own pace.
func Saved() (restore func()) {
	percent := debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	limit := debug.SetMemoryLimit(-1) // a negative limit only reads it
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
