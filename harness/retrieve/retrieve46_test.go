package retrieve

import "testing"

// A tool's API versions are no part of what it does: the ten tools Find
// gives hold one version of each operation, so the read is among them
// beside the lists, not pushed out by their beta twins.
func TestOneVersion(t *testing.T) {
	hits := []Hit{
		{Name: "listAppsV1NamespacedDeployment", Score: 2}, {Name: "listAppsV1beta1NamespacedDeployment", Score: 2},
		{Name: "listAppsV1beta2NamespacedDeployment", Score: 2}, {Name: "listAppsV1DeploymentForAllNamespaces", Score: 1.9},
		{Name: "listAppsV1beta1DeploymentForAllNamespaces", Score: 1.9}, {Name: "readAppsV1NamespacedDeployment", Score: 1.5},
	}
	got := oneVersion(hits, 3)
	if len(got) != 3 || got[0].Name != "listAppsV1NamespacedDeployment" || got[1].Name != "listAppsV1DeploymentForAllNamespaces" ||
		got[2].Name != "readAppsV1NamespacedDeployment" {
		t.Errorf("oneVersion = %v, want the two V1 lists and the read", got)
	}
	for name, want := range map[string]string{
		"listAppsV1beta1NamespacedDeployment":      "list apps namespaced deployment",
		"readRbacAuthorizationV1alpha1ClusterRole": "read rbac authorization cluster role",
		"getV2Users":   "get users",
		"getUsers":     "get users",
		"post_v1_chat": "post chat",
	} {
		if got := versionless(name); got != want {
			t.Errorf("versionless(%q) = %q, want %q", name, got, want)
		}
	}
}
