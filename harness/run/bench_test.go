package run_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/utter"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// BenchmarkLoopBaseline measures the whole loop on the example API as the
// demo runs it: each case directly and through a ReAct agent with the
// offline baseline model, classified and recorded. It reports cases per
// second.
//
//	go test ./harness/run -run '^$' -bench LoopBaseline -benchtime 3x
func BenchmarkLoopBaseline(b *testing.B) {
	api := exampleAPI(b)
	url := startExample(b, 0)
	cat := newCatalog(b, api, url, server.DefaultAdminToken, toolrt.AllowAllMutations())
	ctx := context.Background()
	cs, _, err := cases.Generate(ctx, api, cases.Options{PerTool: 5, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	tmpl, err := utter.NewTemplates(utter.TemplateOptions{Seed: 1, PerCase: 1})
	if err != nil {
		b.Fatal(err)
	}
	if cs, _, err = utter.Annotate(ctx, catalog.Describe(api), cs, tmpl); err != nil {
		b.Fatal(err)
	}
	chat, info, err := models.New(ctx, "baseline")
	if err != nil {
		b.Fatal(err)
	}
	sim := retrieve.SimilarTools(cat.Catalog)
	b.ResetTimer()
	total := 0
	for i := 0; i < b.N; i++ {
		sum, err := run.Run(ctx, cs, run.Options{
			Dir: filepath.Join(b.TempDir(), "run"), Catalog: cat, Model: chat, ModelInfo: info,
			Similar: sim, Parallel: 2,
		})
		if err != nil {
			b.Fatal(err)
		}
		total += sum.Ran
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "cases/s")
}
