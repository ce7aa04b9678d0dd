package prose

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Lists the **issues** in a [repository](https://docs.github.com/repos).", "Lists the issues in a repository."},
		{"<p>Returns <b>the</b> pet.</p>", "Returns the pet."},
		{"See https://example.com/docs for more.", "See for more."},
		{"## Heading\n\n- one\n- two", "Heading one two"},
		{"Name without the `.git` extension.", "Name without the .git extension."},
		{"An *important* note, a*b and repo:*", "An important note, a*b and repo:*"},
		{"Use &lt;tag&gt; &amp; more", "Use <tag> & more"},
		{"Read [more][1] here.", "Read more here."},
		{"", ""},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSentences(t *testing.T) {
	got := Sentences("A cursor for use in pagination. ending_before is an ID. Use e.g. this one! Done?")
	want := []string{"A cursor for use in pagination.", "ending_before is an ID.", "Use e.g. this one!", "Done?"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sentences = %q, want %q", got, want)
	}
	if got := FirstSentence("Version 1.2 of the file. More."); got != "Version 1.2 of the file." {
		t.Errorf("FirstSentence = %q", got)
	}
}

func TestBrief(t *testing.T) {
	for _, c := range []struct {
		desc, name, context string
		max                 int
		want                string
	}{
		{"The account owner of the repository. The name is not case sensitive.", "owner", "", 100, "account owner of repository"},
		{"The account owner of the repository.", "owner", "List repository tags", 100, ""},
		{"The unique identifier of the pet.", "petId", "", 100, ""},
		{"Channel to pin the item in.", "channel", "Pins an item to a channel", 100, ""},
		{"ID (T1234) of the workspace.", "team_id", "List users on a workspace", 100, "ID (T1234) of workspace"},
		{"Sort direction.", "sort_dir", "", 100, ""},
		{"Timestamp of the message to be updated.", "ts", "Updates a message", 100, "Timestamp of message to be updated"},
		{"Search query.", "q", "", 100, "Search query"},
		{"Comma-separated list of user IDs to add to the channel, in the order given.", "users", "", 40, "Comma-separated list of user IDs…"},
	} {
		if got := Brief(c.desc, c.name, c.max, c.context); got != c.want {
			t.Errorf("Brief(%q, %q) = %q, want %q", c.desc, c.name, got, c.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	if got := Truncate("short", 10); got != "short" {
		t.Errorf("got %q", got)
	}
	got := Truncate("one two three four five six", 15)
	if len(got) > 15 || !strings.HasSuffix(got, "…") {
		t.Errorf("Truncate = %q (%d bytes)", got, len(got))
	}
	// Never cuts a multi-byte character in half.
	got = Truncate(strings.Repeat("é", 20), 11)
	if !strings.HasSuffix(got, "…") || strings.ContainsRune(got, '\uFFFD') || len(got) > 11 {
		t.Errorf("Truncate = %q", got)
	}
}

func TestWords(t *testing.T) {
	got := Words("repoID getHTTPResponse_code X-Request-Id v2")
	want := []string{"repo", "id", "get", "http", "response", "code", "x", "request", "id", "v2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}

func TestDropArticles(t *testing.T) {
	if got := DropArticles("Get the name of a given workspace"); got != "Get name of given workspace" {
		t.Errorf("got %q", got)
	}
	if got := DropArticles("Returns a"); got != "Returns a" {
		t.Errorf("got %q", got)
	}
}

// TestASCIIWordsMatchRuneWords: the ASCII fast path of Words splits every
// text as the general one does.
func TestASCIIWordsMatchRuneWords(t *testing.T) {
	texts := []string{"", "repoID", "HTTPServerURL", "per_page", "The ID (T1234) of the workspace.", "a1B2c3",
		"IPv6Address", "x-request-id", "ABC", "aBC", "ABc", "already-lower words", "  spaced  out  ", "getUsersByID2FA"}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcXYZ019 _-.(A"
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.IntN(12))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if got, want := asciiWords(nil, s), runeWords(nil, s); !slices.Equal(got, want) {
			t.Fatalf("Words(%q): ASCII path %q, general %q", s, got, want)
		}
		// Appending keeps what the list held and adds the same words.
		if got, want := AppendWords([]string{"held"}, s), append([]string{"held"}, Words(s)...); !slices.Equal(got, want) {
			t.Fatalf("AppendWords(held, %q) = %q, want %q", s, got, want)
		}
	}
}

// TestRestatesKeepsAlternatives: a description that only spells out its
// name and the tool's nouns restates it, but one that names a second form
// the value may take ("ID or name") tells the model a name is accepted.
func TestRestatesKeepsAlternatives(t *testing.T) {
	for _, c := range []struct {
		text, name, context string
		want                bool
	}{
		{"ID of the container", "id", "ContainerKill Kill a container", true},
		{"ID or name of the container", "id", "ContainerKill Kill a container", false},
		{"Name or ID of the network", "id", "NetworkInspect Inspect a network", false},
		{"The username or email of the member", "username", "getMember member", false},
		{"Sort direction", "sort_dir", "listThings", true},
		{"The id or ids of the container", "id", "ContainerKill container", true},
	} {
		if got := Restates(c.text, c.name, c.context); got != c.want {
			t.Errorf("Restates(%q, %q) = %v, want %v", c.text, c.name, got, c.want)
		}
	}
}
