// Package perturb applies the 15 perturbations of the parameter-failure
// study (research.md, section 3) to what an agent reads, to measure how
// robust it is to each: six to the tool documentation (RD, RE, WD, WT,
// SD, CO), four to the user's request (RP_F, RP_L, CP, AN) and five to
// the tool's return (FK, AP, CK, UK, CF).
//
// Each perturbation is a small named function over plain data (a tool
// definition, an utterance and its arguments, a tool's answer), seeded so
// that the same seed gives the same perturbed input. Study runs a set of
// cases once as they are and once per perturbation through the same run
// machinery (harness/run), the direct leg, the ground truth, unperturbed
// every time, and writes what each perturbation did to perturb.json.
package perturb

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/cases"
)

// Source is the input of the agent a perturbation changes.
type Source string

// The three inputs of an agent.
const (
	ToolDoc    Source = "tool doc"
	Request    Source = "request"
	ToolReturn Source = "tool return"
)

// Perturbation is one of the study's perturbations. Exactly one of its
// functions is set, the one of its Source.
type Perturbation struct {
	// Code is the study's short name ("RD"); Name says it in words.
	Code, Name string
	Source     Source
	// About says what it does, for the report.
	About string

	doc     func(d *Doc, rng *rand.Rand, pool []Described) error
	request func(text string, args map[string]any, rng *rand.Rand) (string, []string)
	result  func(text string, rng *rand.Rand) string
}

// All returns the 15 perturbations in the study's order.
func All() []Perturbation {
	return []Perturbation{
		{Code: "RD", Name: "removed description", Source: ToolDoc, doc: RemoveDescriptions,
			About: "the descriptions of the required parameters are removed"},
		{Code: "RE", Name: "removed example", Source: ToolDoc, doc: RemoveExamples,
			About: "every usage example (the description's input example, schema examples) is removed"},
		{Code: "WD", Name: "wrong description", Source: ToolDoc, doc: WrongDescriptions,
			About: "each parameter's description is replaced with one of a parameter of another tool"},
		{Code: "WT", Name: "wrong type", Source: ToolDoc, doc: WrongTypes,
			About: "each parameter's type is changed to another type"},
		{Code: "SD", Name: "swapped description", Source: ToolDoc, doc: SwapDescriptions,
			About: "the descriptions of two parameters are swapped"},
		{Code: "CO", Name: "changed order", Source: ToolDoc, doc: ChangeOrder,
			About: "the parameters are listed in another order"},
		{Code: "RP_F", Name: "removed first parameter", Source: Request, request: RemoveFirstValue,
			About: "the first argument value said in the request is taken out of it"},
		{Code: "RP_L", Name: "removed last parameter", Source: Request, request: RemoveLastValue,
			About: "the last argument value said in the request is taken out of it"},
		{Code: "CP", Name: "complicated parameter", Source: Request, request: ComplicateValues,
			About: "argument values are said in a roundabout way (numbers in words, dates in long form, e-mail addresses spoken)"},
		{Code: "AN", Name: "added noise", Source: Request, request: AddNoise,
			About: "values like the request's own (another ID, number or date) are added after it"},
		{Code: "FK", Name: "fuzzed keys", Source: ToolReturn, result: FuzzKeys,
			About: "the keys of the tool's JSON answer are renamed Object_1, Object_2, ..."},
		{Code: "AP", Name: "applied prefix", Source: ToolReturn, result: PrefixIDs,
			About: "ID values in the tool's answer get the prefix ID_"},
		{Code: "CK", Name: "camelCase keys", Source: ToolReturn, result: CamelKeys,
			About: "the keys of the tool's answer are written in camelCase"},
		{Code: "UK", Name: "underscore keys", Source: ToolReturn, result: SnakeKeys,
			About: "the keys of the tool's answer are written in snake_case"},
		{Code: "CF", Name: "corrupted format", Source: ToolReturn, result: CorruptJSON,
			About: "the tool's JSON answer loses its last character and ends in ..."},
	}
}

// Codes returns the codes of all perturbations, in order.
func Codes() []string {
	var out []string
	for _, p := range All() {
		out = append(out, p.Code)
	}
	return out
}

// Select returns the perturbations of the given codes (any case), in the
// study's order; all of them when codes is empty. An unknown code is an
// error that lists the known ones.
func Select(codes []string) ([]Perturbation, error) {
	if len(codes) == 0 {
		return All(), nil
	}
	want := map[string]bool{}
	for _, c := range codes {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		known := false
		for _, p := range All() {
			known = known || p.Code == c
		}
		if !known {
			return nil, fmt.Errorf("no perturbation %q: use some of %s", c, strings.Join(Codes(), ", "))
		}
		want[c] = true
	}
	var out []Perturbation
	for _, p := range All() {
		if want[p.Code] {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no perturbation named: use some of %s", strings.Join(Codes(), ", "))
	}
	return out, nil
}

// rngFor returns the random source of one application of a perturbation:
// a PCG stream of the seed and a hash of the code and what it is applied
// to (a tool, a case), so that every application is the same on every
// run with the seed, whatever the order the cases run in.
func rngFor(seed int64, code, subject string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(code))
	h.Write([]byte{0})
	h.Write([]byte(subject))
	return rand.New(rand.NewPCG(uint64(seed), h.Sum64()))
}

// Hooks are a perturbation bound to a seed and a catalog, in the form
// harness/run takes: a rewrite of the tools shown (run.Options.Shown), of
// the utterance (Options.Request) or of the tool's answer
// (Options.Returned). The two it does not use are nil.
type Hooks struct {
	Shown    func(*schema.ToolInfo) (*schema.ToolInfo, error)
	Request  func(c *cases.Case, utterance string) (string, []string)
	Returned func(tool, text string) string
}

// Bind returns p's hooks for a run with seed; pool holds the parameter
// descriptions of every tool of the catalog (Pool), which WD draws on.
func (p Perturbation) Bind(seed int64, pool []Described) Hooks {
	var h Hooks
	switch {
	case p.doc != nil:
		h.Shown = func(info *schema.ToolInfo) (*schema.ToolInfo, error) {
			return applyDoc(info, func(d *Doc) error { return p.doc(d, rngFor(seed, p.Code, info.Name), pool) })
		}
	case p.request != nil:
		h.Request = func(c *cases.Case, text string) (string, []string) {
			return p.request(text, c.Args, rngFor(seed, p.Code, c.ID))
		}
	case p.result != nil:
		h.Returned = func(tool, text string) string {
			return p.result(text, rngFor(seed, p.Code, tool+"\x00"+text))
		}
	}
	return h
}
