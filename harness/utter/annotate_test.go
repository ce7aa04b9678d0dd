package utter

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

var (
	flagsOnce sync.Once
	flagsAPI  *ir.API
	flagsErr  error
)

// flagsSpec is a small API in the manner of LaunchDarkly: flags owned by
// a project and an environment, a JSON Patch body, objects and lists of
// objects in a create body, flags with a default.
func flagsSpec(t *testing.T) *ir.API {
	t.Helper()
	flagsOnce.Do(func() { flagsAPI, _, flagsErr = gen.Load(gen.Options{Spec: "testdata/flags.yaml"}) })
	if flagsErr != nil {
		t.Fatal(flagsErr)
	}
	return flagsAPI
}

// flagCases are cases of every tool of the flags API, with nested
// values.
func flagCases() []cases.Case {
	return []cases.Case{
		{ID: "getFlag/required/00", Tool: "getFlag", Args: map[string]any{"projectKey": "mobile-app", "flagKey": "dark-mode"}},
		{ID: "deleteFlag/required/00", Tool: "deleteFlag", Args: map[string]any{"projectKey": "mobile-app", "flagKey": "dark-mode"}},
		{ID: "copyFeatureFlag/required/00", Tool: "copyFeatureFlag", Args: map[string]any{"projectKey": "mobile-app", "flagKey": "dark-mode"}},
		{ID: "patchFlag/required/00", Tool: "patchFlag", Args: map[string]any{"projectKey": "mobile-app", "flagKey": "dark-mode",
			"body": []any{map[string]any{"op": "replace", "path": "/on", "value": map[string]any{}}}}},
		{ID: "listFlags/all/00", Tool: "listFlags", Args: map[string]any{"projectKey": "mobile-app", "environmentKey": "production",
			"include_archived": true, "summary": false, "show_all": false, "limit": 20.0}},
		{ID: "createFlag/all/00", Tool: "createFlag", Args: map[string]any{"projectKey": "mobile-app", "environmentKey": "production",
			"key": "dark-mode", "temporary": true, "on": false,
			"tags":       []any{map[string]any{"name": "Lucas Martin", "color": "be2b48", "slug": "lucas-martin"}, map[string]any{"name": "ops"}},
			"variations": []any{map[string]any{"name": "On", "value": true, "weight": 2e1}, map[string]any{"name": "Off", "value": map[string]any{}}},
			"config":     map[string]any{"apiKey": "k-123", "hostURL": "https://api.example.com"}, "custom_fields": map[string]any{}}},
		{ID: "updateGroup/all/00", Tool: "updateGroup", Args: map[string]any{"id": 36.0, "name": "Elena Petrova", "shared": true,
			"is_pool": false, "parameters": map[string]any{}, "weight": 1.5}},
	}
}

var goSyntax = regexp.MustCompile(`map\[|\[\]interface|&\{|<nil>|\de[+-]\d`)

// Every phrasing of every intent says every value, owners included,
// without Go syntax.
func TestEveryPhrasingSaysEveryValue(t *testing.T) {
	api := flagsSpec(t)
	tm, err := NewTemplates(TemplateOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	described := catalog.Describe(api)
	j := judge.New(described)
	for _, c := range flagCases() {
		op := api.Operation(c.Tool)
		for _, name := range tm.variants[shapeOf(api, op).intent] {
			u, err := tm.phrase(described, op, &c, caseRNG(1, c.ID), name, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			if v := j.Check(&c, &u); !v.OK() {
				t.Errorf("%s %s: %q: %s", c.ID, name, u.Text, v)
			}
			if goSyntax.MatchString(u.Text) {
				t.Errorf("%s %s: Go syntax in %q", c.ID, name, u.Text)
			}
			// Flags are said in words, and the words recorded.
			for _, flag := range []string{"include_archived", "summary", "show_all", "temporary", "on", "shared", "is_pool"} {
				if _, ok := c.Args[flag]; ok && !strings.Contains(strings.ToLower(u.Text), strings.ToLower(u.Forms[flag])) || ok && u.Forms[flag] == "" {
					t.Errorf("%s %s: %q records %q for %s", c.ID, name, u.Text, u.Forms[flag], flag)
				}
			}
			if strings.Contains(u.Text, "set to false") || strings.Contains(u.Text, "set to true") {
				t.Errorf("%s %s: a flag said as a setting: %q", c.ID, name, u.Text)
			}
		}
	}
}

func TestValuesReadAsPeopleWriteThem(t *testing.T) {
	api := flagsSpec(t)
	tm, err := NewTemplates(TemplateOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	described := catalog.Describe(api)
	for _, c := range flagCases() {
		us, err := tm.Utter(ctx, described, &c)
		if err != nil {
			t.Fatal(err)
		}
		texts[c.Tool] = us[0].Text
	}
	for tool, want := range map[string][]string{
		"getFlag": {"flag dark-mode", "project mobile-app"},
		// The outermost owner is said by its name alone one time in
		// three, as people write it ("flag dark-mode in mobile-app").
		"copyFeatureFlag": {"flag dark-mode", " mobile-app"},
		// A list of objects with names reads as the names with the rest
		// in brackets; an object without one as its fields; a number as
		// written.
		"createFlag": {"Lucas Martin (color be2b48, slug lucas-martin) and ops", "api key k-123 and host url https://api.example.com",
			"environment production in project mobile-app", "`[", `"weight":20`},
		// A JSON Patch is JSON.
		"patchFlag": {"`[{\"op\":\"replace\",\"path\":\"/on\",\"value\":{}}]`"},
		// Flags by their meaning.
		"listFlags":   {"archived", "summary", "show"},
		"updateGroup": {"group 36", "shared on", "mark it as not pool", "the parameters", "1.5"},
	} {
		for _, w := range want {
			if !strings.Contains(texts[tool], w) {
				t.Errorf("%s: %q lacks %q", tool, texts[tool], w)
			}
		}
	}
}

// badWriter writes an utterance that says nothing of the case's values.
type badWriter struct{ *Templates }

func (b badWriter) Utter(context.Context, *catalog.Bound, *cases.Case) ([]cases.Utterance, error) {
	return []cases.Utterance{{Text: "Show me the flag.", Generator: "template:get/1"}}, nil
}

// onlyBad is a generator that cannot rewrite.
type onlyBad struct{}

func (onlyBad) Utter(context.Context, *catalog.Bound, *cases.Case) ([]cases.Utterance, error) {
	return []cases.Utterance{{Text: "Show me the flag.", Generator: "test"}}, nil
}

func TestAnnotateRewritesOrDrops(t *testing.T) {
	api := flagsSpec(t)
	tm, err := NewTemplates(TemplateOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	described := catalog.Describe(api)
	j := judge.New(described)
	cs := flagCases()[:2]

	// Good phrasings pass as they are.
	kept, st, err := Annotate(ctx, described, append([]cases.Case(nil), cs...), tm)
	if err != nil {
		t.Fatal(err)
	}
	if st != (Stats{Cases: 2, Passed: 2, Utterances: 4, Levels: [6]int{5: 4}}) || len(kept) != 2 {
		t.Errorf("good phrasings: %+v, %d kept", st, len(kept))
	}

	// A failing utterance is written again.
	kept, st, err = Annotate(ctx, described, append([]cases.Case(nil), cs...), badWriter{tm})
	if err != nil {
		t.Fatal(err)
	}
	if st.Cases != 2 || st.Rewritten != 2 || st.Passed != 0 || st.Dropped != 0 || len(kept) != 2 {
		t.Fatalf("rewritten: %+v, %d kept", st, len(kept))
	}
	for _, c := range kept {
		for _, u := range c.Utterances {
			if u.Text == "Show me the flag." || !j.Check(&c, &u).OK() {
				t.Errorf("%s kept %q", c.ID, u.Text)
			}
		}
	}

	// A generator that cannot rewrite loses the utterance, and the case.
	kept, st, err = Annotate(ctx, described, append([]cases.Case(nil), cs...), onlyBad{})
	if err != nil {
		t.Fatal(err)
	}
	if st != (Stats{Cases: 2, Dropped: 2}) || len(kept) != 0 {
		t.Errorf("dropped: %+v, %d kept", st, len(kept))
	}
	if s := st.String(); s != "2 cases judged: 0 passed first time, 0 rewritten, 2 dropped" {
		t.Errorf("stats say %q", s)
	}
}

func TestRewriteAddsTheMissingValues(t *testing.T) {
	api := flagsSpec(t)
	tm, err := NewTemplates(TemplateOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	described := catalog.Describe(api)
	j := judge.New(described)
	for _, c := range flagCases() {
		failed := cases.Utterance{Text: "Please do it.", Generator: "template:get/1"}
		v := j.Check(&c, &failed)
		if v.OK() {
			t.Fatalf("%s: %q passes", c.ID, failed.Text)
		}
		u, ok, err := tm.Rewrite(ctx, described, &c, failed, v, 2)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", c.ID, ok, err)
		}
		if !strings.HasPrefix(u.Text, "Please do it. ") || !strings.Contains(u.Generator, "+added/") {
			t.Errorf("%s: %+v", c.ID, u)
		}
		if v := j.Check(&c, &u); !v.OK() {
			t.Errorf("%s: %q: %s", c.ID, u.Text, v)
		}
		if goSyntax.MatchString(u.Text) {
			t.Errorf("%s: Go syntax in %q", c.ID, u.Text)
		}
		// Another phrasing is a whole phrasing.
		u, ok, err = tm.Rewrite(ctx, described, &c, failed, v, 1)
		if err != nil || !ok || strings.HasPrefix(u.Text, "Please do it.") {
			t.Errorf("%s: attempt 1: %+v %v %v", c.ID, u, ok, err)
		}
		if _, ok, _ := tm.Rewrite(ctx, described, &c, failed, v, 3); ok {
			t.Errorf("%s: a third attempt", c.ID)
		}
	}
}

// The judge must be able to fail: every value of a passing utterance,
// cut out of it, is missed (unless it is its schema's default).
func TestJudgeMissesACutValue(t *testing.T) {
	api, cs := annotated(t, 1)
	described := catalog.Describe(api)
	j := judge.New(described)
	cut, missed := 0, 0
	for _, c := range cs {
		if c.Scenario == cases.Chain {
			continue
		}
		for _, u := range c.Utterances {
			for _, k := range slices.Sorted(maps.Keys(c.Args)) {
				s, ok := c.Args[k].(string)
				// A value whose words are also elsewhere in the text
				// ("access" in a title) stays said when cut.
				if !ok || len(s) < 4 || strings.Count(strings.ToLower(u.Text), strings.ToLower(s)) != 1 {
					continue
				}
				if a, ok := newPhraser(described, api.Operation(c.Tool), &c, caseRNG(0, c.ID)).args[k]; ok {
					if sc := api.Resolve(a.Schema); sc != nil && sc.Default == s {
						continue
					}
				}
				cut++
				v := j.CheckText(&c, strings.Replace(u.Text, s, "something", 1))
				if !v.OK() {
					missed++
				} else {
					t.Errorf("%s: %q without %q passes", c.ID, u.Text, s)
				}
			}
		}
	}
	if cut < 200 {
		t.Errorf("only %d values cut", cut)
	}
	t.Logf("%d values cut out of utterances, %d missed", cut, missed)
}
