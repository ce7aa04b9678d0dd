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

func TestIdempotent(t *testing.T) {
	for m, want := range map[string]bool{"GET": true, "HEAD": true, "OPTIONS": true, "TRACE": true, "put": true, "DELETE": true,
		"POST": false, "PATCH": false, "": false, "QUERY": false} {
		if got := Idempotent(m); got != want {
			t.Errorf("Idempotent(%q) = %v, want %v", m, got, want)
		}
	}
}
