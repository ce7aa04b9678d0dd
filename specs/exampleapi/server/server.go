package server

import (
	"context"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Version is the API version reported by getHealth and the spec's
// info.version.
const Version = "1.4.0"

// Server is the example API: its store and its HTTP handler.
type Server struct {
	opts       Options
	store      *store
	log        *slog.Logger
	started    time.Time
	handler    http.Handler
	statsCalls atomic.Int64
	ids        idSource
	closeOnce  sync.Once
	closeErr   error
}

// New opens the store (Options.DataFile, or memory), seeds it when it is
// empty, and builds the handler.
func New(opts Options) (*Server, error) {
	opts = opts.withDefaults()
	ctx := context.Background()
	st, err := openStore(ctx, opts.DataFile)
	if err != nil {
		return nil, err
	}
	if err := st.seedIfEmpty(ctx, opts.Seed); err != nil {
		st.close()
		return nil, err
	}
	s := &Server{opts: opts, store: st, log: opts.Logger, ids: runtimeIDs()}
	s.started = s.clock()
	if opts.IDs != nil {
		s.ids = &lockedReader{r: opts.IDs}
	}
	s.handler = s.buildHandler()
	return s, nil
}

// Handler returns the HTTP handler of the API.
func (s *Server) Handler() http.Handler { return s.handler }

// Close closes the store. Requests still in flight fail.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.store.close() })
	return s.closeErr
}

// route is one operation of the API.
type route struct {
	method, pattern, operationID string
	access                       Access
	handle                       func(http.ResponseWriter, *http.Request) error
}

// routes lists every operation the server serves. The spec must describe
// exactly these (TestEveryRouteIsInSpec, TestEverySpecOperationIsServed).
func (s *Server) routes() []route {
	return []route{
		{"GET", "/health", "getHealth", accessPublic, s.getHealth},
		{"GET", "/stats", "getServiceStats", AccessRead, s.getServiceStats},

		{"GET", "/users", "listUsers", AccessRead, s.listUsers},
		{"POST", "/users", "createUser", AccessWrite, s.createUser},
		{"GET", "/users/{userId}", "getUser", AccessRead, s.getUser},
		{"PATCH", "/users/{userId}", "updateUser", AccessWrite, s.updateUser},
		{"GET", "/users/{userId}/tickets", "listTicketsForUser", AccessRead, s.listTicketsForUser},
		{"GET", "/users/{userId}/assets", "listUserAssets", AccessRead, s.listUserAssets},

		{"GET", "/teams", "listTeams", AccessRead, s.listTeams},
		{"GET", "/teams/{teamId}", "getTeam", AccessRead, s.getTeam},
		{"GET", "/teams/{teamId}/members", "listTeamMembers", AccessRead, s.listTeamMembers},

		{"GET", "/tickets", "listTickets", AccessRead, s.listTickets},
		{"POST", "/tickets", "createTicket", AccessWrite, s.createTicket},
		{"GET", "/tickets/{ticketId}", "getTicket", AccessRead, s.getTicket},
		{"PATCH", "/tickets/{ticketId}", "updateTicket", AccessWrite, s.updateTicket},
		{"DELETE", "/tickets/{ticketId}", "deleteTicket", AccessAdmin, s.deleteTicket},
		{"POST", "/tickets/{ticketId}/assign", "assignTicket", AccessWrite, s.assignTicket},
		{"POST", "/tickets/{ticketId}/close", "closeTicket", AccessWrite, s.closeTicket},
		{"POST", "/tickets/{ticketId}/reopen", "reopenTicket", AccessWrite, s.reopenTicket},
		{"GET", "/tickets/{ticketId}/comments", "listTicketComments", AccessRead, s.listTicketComments},
		{"POST", "/tickets/{ticketId}/comments", "addTicketComment", AccessWrite, s.addTicketComment},

		{"GET", "/search/tickets", "searchTickets", AccessRead, s.searchTickets},
		{"GET", "/exports/tickets", "exportTickets", AccessRead, s.exportTickets},

		{"GET", "/assets", "listAssets", AccessRead, s.listAssets},
		{"POST", "/assets", "createAsset", AccessWrite, s.createAsset},
		{"GET", "/assets/{assetId}", "getAsset", AccessRead, s.getAsset},
		{"POST", "/assets/{assetId}/assign", "assignAsset", AccessWrite, s.assignAsset},
		{"POST", "/assets/{assetId}/unassign", "unassignAsset", AccessWrite, s.unassignAsset},
	}
}

// buildHandler registers the routes, plus JSON 405 answers for known paths
// with another method and a JSON 404 for unknown paths.
func (s *Server) buildHandler() http.Handler {
	mux := http.NewServeMux()
	methods := map[string][]string{}
	for _, rt := range s.routes() {
		mux.Handle(rt.method+" "+rt.pattern, s.wrap(rt, rt.handle))
		methods[rt.pattern] = append(methods[rt.pattern], rt.method)
	}
	for pattern, allowed := range methods {
		sort.Strings(allowed)
		rt := route{operationID: "methodNotAllowed", access: accessPublic}
		mux.Handle(pattern, s.wrap(rt, func(w http.ResponseWriter, r *http.Request) error {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			return newError(http.StatusMethodNotAllowed, codeMethodNotAllowed, "",
				"%s is not allowed on %s; allowed methods: %s", r.Method, pattern, strings.Join(allowed, ", "))
		}))
	}
	notFound := route{operationID: "unknownRoute", access: accessPublic}
	mux.Handle("/", s.wrap(notFound, func(w http.ResponseWriter, r *http.Request) error {
		return newError(http.StatusNotFound, codeUnknownRoute, "",
			"no operation at %s %s; see the OpenAPI description for the available paths", r.Method, r.URL.Path)
	}))
	return mux
}

// now is the server's clock for new and changed resources.
func (s *Server) now() string { return formatTime(s.clock()) }

// clock is Options.Now, or the time.
func (s *Server) clock() time.Time {
	if s.opts.Now != nil {
		return s.opts.Now()
	}
	return time.Now()
}
