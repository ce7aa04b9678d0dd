// Package oneshot tunes the garbage collector of a command that runs one
// job and exits, such as `agentready gen`, for the work that follows
// parsing a spec.
//
// While a spec is parsed the heap is the parser's model, and the default
// pace (GOGC=100) keeps its peak at what libopenapi alone takes. Once the
// model is released, what stays live is the IR, a few times smaller, and
// the collector at its default pace runs a cycle every time that small
// heap doubles: on Stripe's spec, 17% of gen's CPU went to marking. A
// higher percentage from that point on lets the heap grow further between
// cycles, while its peak stays under the parser's.
//
// It is not set in the libraries: a program that embeds them shares its
// process and its collector.
package oneshot

import (
	"os"
	"runtime/debug"
)

// GCPercentAfterLoad is the GOGC percentage AfterLoad sets. Measured on
// gen over Stripe and Kubernetes (gen/bench_test.go): 200 cut CPU seconds
// by about a tenth with peak memory within 1.3 times the parser's alone;
// 400 gave no more and let Stripe's peak reach 1.65 times it.
const GCPercentAfterLoad = 200

// AfterLoad sets the collector's pace for the rest of a one-shot command,
// unless the user chose one with GOGC. Call it once the parser's model is
// garbage (gen.Options.Loaded).
func AfterLoad() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	debug.SetGCPercent(GCPercentAfterLoad)
}
