package jsonl_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/jsonl"
)

type row struct {
	ID string `json:"id"`
	N  any    `json:"n"`
}

// Blank lines and comments are skipped, numbers stay json.Number, and an
// error names the file and the line, whether decoding or the caller
// refused the value.
func TestDecode(t *testing.T) {
	data := []byte("# a comment\n{\"id\":\"a\",\"n\":1}\n\n  // another\n{\"id\":\"b\",\"n\":2.5}\n")
	var got []string
	err := jsonl.Decode(data, "f.jsonl", jsonl.Options{Comments: []string{"#", "//"}, Strict: true}, func(n int, r *row) error {
		if _, ok := r.N.(json.Number); !ok {
			t.Errorf("line %d: n is %T", n, r.N)
		}
		got = append(got, r.ID)
		return nil
	})
	if err != nil || strings.Join(got, ",") != "a,b" {
		t.Fatalf("got %v, %v", got, err)
	}
	err = jsonl.Decode([]byte("{\"id\":\"a\"}\n{\"id\":\"b\",\"x\":1}\n"), "f.jsonl", jsonl.Options{Strict: true}, func(int, *row) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "f.jsonl:2: ") {
		t.Errorf("an unknown field: %v", err)
	}
	err = jsonl.Decode([]byte("// not a comment here\n"), "f.jsonl", jsonl.Options{Comments: []string{"#"}}, func(int, *row) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "f.jsonl:1: ") {
		t.Errorf("a // line where only # is a comment: %v", err)
	}
	err = jsonl.Decode([]byte("{}\n{}\n"), "f.jsonl", jsonl.Options{}, func(n int, _ *row) error {
		if n == 2 {
			return errors.New("no")
		}
		return nil
	})
	if err == nil || err.Error() != "f.jsonl:2: no" {
		t.Errorf("the caller's error: %v", err)
	}
	err = jsonl.Decode([]byte(`{"id":"`+strings.Repeat("x", 200)+`"}`), "f.jsonl", jsonl.Options{MaxLine: 100}, func(int, *row) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "f.jsonl: ") {
		t.Errorf("a line over MaxLine: %v", err)
	}
}
