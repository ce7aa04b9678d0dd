package eval_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentready/agentready/harness/baseline"
	"github.com/agentready/agentready/harness/eval"
)

// TestVersionTwinsOnKubernetes: Kubernetes publishes one operation in
// several versions of an API group, with one description
// (deleteApiregistrationV1CollectionAPIService and its V1beta1 twin).
// The baseline reads tools that share a description as alike only when
// their names differ in identifier words; a version in the request
// ("v1beta1") picks its tool, as the search scored them. Making such
// twins alike cost 123 of our own Kubernetes cases (0.43 -> 0.36).
func TestVersionTwinsOnKubernetes(t *testing.T) {
	_, cat := load(t, filepath.Join(sharedRealSpecs(t), suiteSpec("kubernetes")))
	cs := []eval.Case{
		{ID: "v1beta1", Utterance: "Delete the v1beta1 collection api service.", Tool: "deleteApiregistrationV1beta1CollectionAPIService"},
		{ID: "v1", Utterance: "Delete the v1 collection api service.", Tool: "deleteApiregistrationV1CollectionAPIService"},
		{ID: "alpha", Utterance: "List the rbac authorization v1alpha1 cluster role bindings.", Tool: "listRbacAuthorizationV1alpha1ClusterRoleBinding"},
		{ID: "apps-beta", Utterance: "Delete the v1beta1 collection controller revision from production.", Tool: "deleteAppsV1beta1CollectionNamespacedControllerRevision",
			Args: map[string]any{"namespace": "production"}},
	}
	rs, err := eval.Run(context.Background(), cs, eval.Options{Catalog: cat, Model: baseline.New()})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		got := ""
		if r.Call != nil {
			got = r.Call.Tool
		}
		if got != cs[i].Tool {
			t.Errorf("%s: %q picked %s, want %s (%s)", cs[i].ID, cs[i].Utterance, got, cs[i].Tool, r.Why)
		}
	}
}
