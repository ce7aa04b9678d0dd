package lint

import (
	"context"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/diag"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
)

// File loads the spec at path, lowers it with opts (the selection and
// naming of `gen`) and lints it, locating each finding in the spec's own
// tree (libopenapi's nodes) before the parser's model is released. It
// returns the API, the findings and the loader's and lowerer's warnings.
//
// When ctx is cancelled File returns ctx's error at once; the parser,
// which cannot be stopped, finishes its document in the background and
// releases it.
func File(ctx context.Context, path string, lo lower.Options, opts Options) (*ir.API, []Finding, diag.List, error) {
	type result struct {
		api      *ir.API
		findings []Finding
		warnings diag.List
		err      error
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	done := make(chan result, 1)
	go func() {
		var r result
		r.api, r.findings, r.warnings, r.err = file(ctx, path, lo, opts)
		done <- r
	}()
	select {
	case r := <-done:
		return r.api, r.findings, r.warnings, r.err
	case <-ctx.Done():
		return nil, nil, nil, ctx.Err()
	}
}

func file(ctx context.Context, path string, lo lower.Options, opts Options) (*ir.API, []Finding, diag.List, error) {
	doc, err := load.File(path, opts.Overlays...)
	if err != nil {
		return nil, nil, nil, err
	}
	defer doc.Close()
	if err := ctx.Err(); err != nil {
		return nil, nil, doc.Warnings, err
	}
	api, diags := lower.Lower(doc, lo)
	warnings := append(doc.Warnings, diags...)
	warnings.Sort()
	var loc *Locator
	switch {
	case doc.V3 != nil && doc.V3.Index != nil:
		loc = NewLocator(path, doc.V3.Index.GetRootNode())
	case doc.V2 != nil && doc.V2.GoLow() != nil && doc.V2.GoLow().Index != nil:
		loc = NewLocator(path, doc.V2.GoLow().Index.GetRootNode())
	}
	fs, err := Lint(ctx, catalog.Describe(api), loc, opts)
	if err != nil {
		return nil, nil, warnings, err
	}
	return api, fs, warnings, nil
}
