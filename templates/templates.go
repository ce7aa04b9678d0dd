// Package templates holds the text of agentready's output that people and
// models read, as files embedded in the binary, so that wording is edited
// in one place, as text, and reviewed as such: the tool description layout
// (description.tmpl), the recommendations to tool builders per error class
// (recommendations/), the utterance phrasings and the prompts of the LLM
// writer and judge (utterances/), and the HTML report (report/).
//
// Templates use text/template. Each file is one template named after the
// file; Parse returns it ready to execute.
package templates

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"
	"text/template"
)

// FS holds the template files.
//
//go:embed *.tmpl recommendations/*.tmpl utterances/*.tmpl report/*
var FS embed.FS

// The folders of templates, for Dir.
const (
	Recommendations = "recommendations"
	Utterances      = "utterances"
	Report          = "report"
)

// Dir returns the files of one folder of FS, named as in the folder.
func Dir(name string) fs.FS {
	sub, err := fs.Sub(FS, name)
	if err != nil {
		panic(fmt.Sprintf("templates: %v", err)) // name is a constant of this package
	}
	return sub
}

// The template files.
const (
	// Description lays out a tool description (gen/describe); its data
	// is describe's descriptionData.
	Description = "description.tmpl"
	// AdaptDescription asks a model for a tool's description (harness/adapt);
	// its data is adapt.DescribeRequest.
	AdaptDescription = "adapt_describe.tmpl"
	// ConsistencyJudge asks a model whether two requests should give the
	// same result (harness/consistency).
	ConsistencyJudge = "consistency_judge.tmpl"
)

var cache sync.Map // name -> *template.Template

// Parse returns the template in file name, parsed once and shared: callers
// must not change it (Clone it first). It panics if the file is missing or
// does not parse, which a test of this package rules out for the files it
// ships.
func Parse(name string) *template.Template {
	if t, ok := cache.Load(name); ok {
		return t.(*template.Template)
	}
	t, err := template.New(name).Option("missingkey=error").ParseFS(FS, name)
	if err != nil {
		panic(fmt.Sprintf("templates: %v", err))
	}
	v, _ := cache.LoadOrStore(name, t)
	return v.(*template.Template)
}

// Text returns the raw text of the template file name.
func Text(name string) (string, error) {
	b, err := FS.ReadFile(name)
	return string(b), err
}
