package utter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

// TestSaidAsPeopleWriteThem checks that requests name a resource as its
// path and docs do (no "core" or "namespaced" of listCoreV1NamespacedPod),
// write an owner and a repo as "acme/webapp", and say an amount in cents
// in the main unit, and that the judge still recovers every value.
func TestSaidAsPeopleWriteThem(t *testing.T) {
	k8s := loadSpec(t, "../shared/specs/real/kubernetes-swagger2.json")
	for _, tool := range []string{"listCoreV1NamespacedPod", "deleteRbacAuthorizationV1CollectionClusterRole"} {
		sh := shapeOf(k8s, k8s.Operation(tool))
		for _, w := range []string{"core", "namespaced", "authorization"} {
			if strings.Contains(" "+sh.resources+" ", " "+w+" ") {
				t.Errorf("%s: resource %q says the name's bookkeeping %q", tool, sh.resources, w)
			}
		}
	}
	// listCoreV1NamespacedEvent has a twin in the events group
	// (listEventsV1beta1NamespacedEvent): the words that tell them apart
	// stay.
	a, b := shapeOf(k8s, k8s.Operation("listCoreV1NamespacedEvent")), shapeOf(k8s, k8s.Operation("listEventsV1beta1NamespacedEvent"))
	if a.resources == b.resources {
		t.Errorf("listCoreV1NamespacedEvent and listEventsV1beta1NamespacedEvent are both said %q", a.resources)
	}

	// The judge tells a pod from a pod preset though only "core" tells
	// their names apart.
	j := judge.New(catalog.Describe(k8s))
	for _, cf := range j.TellApart("createCoreV1NamespacedPod", "Create a pod in namespace staging.") {
		if cf.Blind {
			t.Errorf("a pod is not told from %s", cf.Tool)
		}
	}

	gh := loadSpec(t, githubSpec)
	args := map[string]any{"owner": "acme", "repo": "webapp", "issue_number": 42.0}
	for _, text := range judgedTexts(t, gh, "issues_get", args) {
		if !strings.Contains(text, "acme/webapp") {
			t.Errorf("issues_get: %q does not write the owner and repo as acme/webapp", text)
		}
	}

	stripe := loadSpec(t, "../shared/specs/real/stripe.json")
	for _, tc := range []struct {
		currency, want, not string
	}{{"eur", "49.99", "4999"}, {"jpy", "4999", "49.99"}} {
		args := map[string]any{"amount": 4999.0, "currency": tc.currency}
		for _, text := range judgedTexts(t, stripe, "PostPaymentIntents", args) {
			if !strings.Contains(text, tc.want) || strings.Contains(text, tc.not) {
				t.Errorf("PostPaymentIntents in %s: %q, want the amount said as %s", tc.currency, text, tc.want)
			}
		}
	}
}

// TestValuesInTheUsersWords checks that dates are written in each of the
// styles people use, that a length of time in seconds is said in a
// larger unit when it is one whole ("10 minutes") and else in its own
// ("76 seconds"), some requests keeping the number, and that the judge recovers every value from each.
func TestValuesInTheUsersWords(t *testing.T) {
	said := func(api *ir.API, tool string, args map[string]any, forms ...string) {
		t.Helper()
		described := catalog.Describe(api)
		j := judge.New(described)
		tm, err := NewTemplates(TemplateOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for i := range 24 {
			c := cases.Case{ID: fmt.Sprintf("%s/test/%02d", tool, i), Tool: tool, Args: args}
			for _, u := range utterJudged(t, described, j, tm, &c) {
				for _, f := range forms {
					seen[f] = seen[f] || strings.Contains(u.Text, f)
				}
			}
		}
		for _, f := range forms {
			if !seen[f] {
				t.Errorf("%s: no request says %q", tool, f)
			}
		}
	}
	gh := loadSpec(t, githubSpec)
	said(gh, "issues_list-for-repo", map[string]any{"owner": "acme", "repo": "webapp", "since": "2026-03-01T00:00:00Z"},
		"1 March 2026", "March 1st 2026", "Mar 1 2026")
	k8s := loadSpec(t, "../shared/specs/real/kubernetes-swagger2.json")
	said(k8s, "listCoreV1NamespacedPod", map[string]any{"namespace": "shop", "timeoutSeconds": 600.0}, "10 minutes", "600")
	// No larger unit holds 76 seconds whole: the number comes with its
	// own unit, not after the argument's name.
	said(k8s, "deleteCoreV1NamespacedPod", map[string]any{"namespace": "shop", "name": "web-1", "gracePeriodSeconds": 76.0}, "76 seconds")
}
