package httpmethod

import "testing"

func TestSafe(t *testing.T) {
	for m, want := range map[string]bool{"GET": true, "get": true, "HEAD": true, "OPTIONS": true, "TRACE": true,
		"POST": false, "PUT": false, "PATCH": false, "DELETE": false, "": false, "QUERY": false} {
		if got := Safe(m); got != want {
			t.Errorf("Safe(%q) = %v, want %v", m, got, want)
		}
	}
}
