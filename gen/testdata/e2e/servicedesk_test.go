package servicedesk

// The package generated from specs/exampleapi/openapi.yaml against the real
// example API on 127.0.0.1: typed methods and Eino tools. Copied beside the
// generated package by TestGeneratedServiceDesk (gen/e2e_test.go).

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

func start(t *testing.T) string {
	t.Helper()
	srv, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv.URL
}

func TestTypedClientAgainstTheExampleAPI(t *testing.T) {
	url := start(t)
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken) // the credential comes from the scheme's variable
	c, err := NewClient(url)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	active, high := true, TicketPriorityHigh
	users, err := c.ListUsers(ctx, ListUsersInput{Active: &active})
	if err != nil {
		t.Fatal(err)
	}
	if len(users.Body.Items) == 0 || users.Body.Total < len(users.Body.Items) {
		t.Fatalf("listUsers decoded %+v", users.Body)
	}
	u := users.Body.Items[0]
	got, err := c.GetUser(ctx, GetUserInput{UserID: u.ID})
	if err != nil || got.Body.Email != u.Email {
		t.Fatalf("getUser(%s): %v, %+v", u.ID, err, got.Body)
	}
	created, err := c.CreateTicket(ctx, CreateTicketInput{Body: TicketCreate{Title: "VPN drops every hour", RequesterID: u.ID, Priority: &high}})
	if err != nil {
		t.Fatal(err)
	}
	if created.StatusCode != 201 || created.Body.RequesterID != u.ID || created.Body.Priority != TicketPriorityHigh {
		t.Errorf("createTicket: %d %+v", created.StatusCode, created.Body)
	}
	_, err = c.GetUser(ctx, GetUserInput{UserID: "00000000-0000-4000-8000-000000000000"})
	var he *toolrt.HTTPError
	if !errors.As(err, &he) || he.StatusCode != 404 {
		t.Errorf("unknown user: %v", err)
	}
}

func TestToolsAgainstTheExampleAPI(t *testing.T) {
	url := start(t)
	c, err := NewClient(url, toolrt.WithoutEnvironment(), toolrt.WithCredential("bearerAuth", server.DefaultReadOnlyToken))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := NewCatalog(c, toolrt.AllowAllMutations())
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Tools) != len(Operations()) || len(Operations()) != 28 {
		t.Fatalf("%d tools, %d operations", len(cat.Tools), len(Operations()))
	}
	ctx := context.Background()
	listUsers, ok := cat.Tool("listUsers")
	if !ok {
		t.Fatal("the catalog has no tool listUsers")
	}
	list := listUsers.Run(ctx, `{"per_page":"2"}`)
	if !list.Result.OK || !strings.Contains(list.Text, `"per_page":2`) || len(list.Coercions) != 1 {
		t.Errorf("listUsers: %s", list.Text)
	}
	// The read-only token may not write: the API's 403 reaches the model
	// as a result it can read, not as an error.
	createTicket, ok := cat.Tool("createTicket")
	if !ok {
		t.Fatal("the catalog has no tool createTicket")
	}
	denied, err := createTicket.InvokableRun(ctx, `{"title":"Printer jam","requester_id":"00000000-0000-4000-8000-000000000000"}`)
	if err != nil || !strings.HasPrefix(denied, "403") {
		t.Errorf("createTicket with a read-only token: %q, %v", denied, err)
	}
}
