package example_test

import (
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/internal/modtest"
)

// BenchmarkValidGitHub judges the example value of every argument of
// GitHub's operations, the call the harness makes most (cases, classify,
// fuzz); BenchmarkBuildGitHub synthesizes them, which validates each
// candidate value.
func BenchmarkValidGitHub(b *testing.B) {
	api := loadGitHub(b)
	type pair struct {
		s *ir.Schema
		v any
	}
	var pairs []pair
	for _, op := range api.Operations {
		args := example.Build(api, op, example.All)
		for _, a := range toolschema.Args(api, op) {
			if v, ok := args[a.Name]; ok {
				pairs = append(pairs, pair{a.Schema, v})
			}
		}
	}
	b.ReportMetric(float64(len(pairs)), "values/op")
	b.ResetTimer()
	for b.Loop() {
		for _, p := range pairs {
			if !example.Valid(api, p.s, p.v) {
				b.Fatalf("an example value fails its own schema: %v", p.v)
			}
		}
	}
}

func BenchmarkBuildGitHub(b *testing.B) {
	api := loadGitHub(b)
	for b.Loop() {
		for _, op := range api.Operations {
			example.Build(api, op, example.Typical)
		}
	}
}

func loadGitHub(b *testing.B) *ir.API {
	api, _, err := gen.Load(gen.Options{Spec: filepath.Join(modtest.SharedSpecs(b), "real", "github.json")})
	if err != nil {
		b.Fatal(err)
	}
	return api
}
