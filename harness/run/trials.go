package run

import (
	"strconv"

	"github.com/agentready/agentready/harness/cases"
)

// trial is one run of a case: its n-th of Options.Repeat, from 1, or 0
// when every case runs once.
type trial struct {
	c *cases.Case
	n int
}

// id names the trial: the case's ID, with "#n" after it for a repeated
// case's n-th trial. It is the trial's replay scope and the seed of its
// fresh values, so that no two trials make the same objects.
func (t trial) id() string { return trialID(t.c.ID, t.n) }

// trialID is trial.id of case id's n-th trial.
func trialID(id string, n int) string {
	if n == 0 {
		return id
	}
	return id + "#" + strconv.Itoa(n)
}

// trials expands each phase's cases into their trials not done yet, a
// case's trials one after the other.
func (o Options) trials(phases [][]*cases.Case, done map[string]bool) [][]trial {
	out := make([][]trial, len(phases))
	for i, phase := range phases {
		for _, c := range phase {
			for n := range o.Repeat {
				t := trial{c: c}
				if o.Repeat > 1 {
					t.n = n + 1
				}
				if !done[t.id()] {
					out[i] = append(out[i], t)
				}
			}
		}
	}
	return out
}

// repeatOf is how run.json records a repeat count: 0 (left out) for once.
func repeatOf(n int) int {
	if n <= 1 {
		return 0
	}
	return n
}

// ID names the record's trial: its case's ID, with "#n" after it for the
// n-th trial of a repeated case. Records of one run differ in it.
func (r *Record) ID() string { return trialID(r.Case, r.Trial) }
