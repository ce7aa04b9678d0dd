package names

import (
	"regexp"
	"strings"
	"testing"
)

func TestExported(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"user_id", "UserID"},
		{"html_url", "HTMLURL"},
		{"repos/get", "ReposGet"},
		{"issues/list-for-repo", "IssuesListForRepo"},
		{"listUsersV2", "ListUsersV2"},
		{"HTMLParser", "HTMLParser"},
		{"ids", "IDs"},
		{"urls", "URLs"},
		{"+1", "Plus1"},
		{"-1", "Minus1"},
		{"@type", "AtType"},
		{"2fa", "N2fa"},
		{"", "X"},
		{"***", "StarStarStar"},
		{"io.k8s.api.core.v1.Pod", "IoK8sAPICoreV1Pod"},
		{"名前", "X名前"},
		{"oauth2Token", "Oauth2Token"},
	} {
		if got := Exported(tc.in); got != tc.want {
			t.Errorf("Exported(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestUnexported(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"UserID", "userID"},
		{"ID", "id"},
		{"type", "type_"},
		{"HTMLURL", "htmlurl"},
		{"Map", "map_"},
	} {
		if got := Unexported(tc.in); got != tc.want {
			t.Errorf("Unexported(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

var toolRE = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

func TestToolName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"repos/get", "repos_get"},
		{"issues/list-for-repo", "issues_list-for-repo"},
		{"get user by id", "get_user_by_id"},
		{"/leading//slashes/", "leading_slashes"},
		{"ünïcode", "n_code"},
		{"", "operation"},
		{"$$$", "operation"},
	} {
		got := ToolName(tc.in, 64)
		if got != tc.want {
			t.Errorf("ToolName(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if !toolRE.MatchString(got) {
			t.Errorf("ToolName(%q) = %q does not match %s", tc.in, got, toolRE)
		}
	}
}

func TestDerivedToolName(t *testing.T) {
	for _, tc := range []struct{ method, path, want string }{
		{"GET", "/repos/{owner}/{repo}/issues", "getReposOwnerRepoIssues"},
		{"DELETE", "/users/{user_id}", "deleteUsersUserId"},
		{"post", "/api/v1/html-pages", "postApiV1HtmlPages"},
	} {
		if got := DerivedToolName(tc.method, tc.path, 64); got != tc.want {
			t.Errorf("DerivedToolName(%s %s) = %q, want %q", tc.method, tc.path, got, tc.want)
		}
	}
}

func TestShorten(t *testing.T) {
	long := "actions_create-or-update-environment-secret-for-an-organization-and-a-repository"
	other := "actions_create-or-update-environment-secret-for-an-organization-and-a-team"
	for _, max := range []int{64, 60, 40, 20, 9} {
		a, b := Shorten(long, max), Shorten(other, max)
		if len(a) > max || len(b) > max {
			t.Errorf("max %d: %q (%d) / %q (%d) too long", max, a, len(a), b, len(b))
		}
		if a == b {
			t.Errorf("max %d: two names shortened to the same %q", max, a)
		}
		if !toolRE.MatchString(a) {
			t.Errorf("max %d: %q is not a valid tool name", max, a)
		}
		if again := Shorten(long, max); again != a {
			t.Errorf("max %d: not stable: %q then %q", max, a, again)
		}
	}
	if got := Shorten("short", 64); got != "short" {
		t.Errorf("a short name changed: %q", got)
	}
	// Shortening keeps a readable prefix cut at a word boundary.
	got := Shorten(long, 40)
	if !strings.HasPrefix(got, "actions_create-or-update") {
		t.Errorf("Shorten(long, 40) = %q, want a readable prefix", got)
	}
	if c := got[len(got)-9]; c != '_' {
		t.Errorf("Shorten(long, 40) = %q: want _ before the 8-digit hash", got)
	}
}

func TestScope(t *testing.T) {
	var s Scope
	s.Reserve("Client")
	got := []string{s.Unique("Client"), s.Unique("Pet"), s.Unique("Pet"), s.Unique("Pet2"), s.UniqueSep("list", "_"), s.UniqueSep("list", "_")}
	want := []string{"Client2", "Pet", "Pet2", "Pet22", "list", "list_2"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("name %d = %q, want %q", i, got[i], want[i])
		}
	}
}

func TestWords(t *testing.T) {
	got := strings.Join(Words("listUsers_V2-HTMLParser x"), "|")
	if want := "list|Users|V2|HTML|Parser|x"; got != want {
		t.Errorf("Words = %q, want %q", got, want)
	}
}
