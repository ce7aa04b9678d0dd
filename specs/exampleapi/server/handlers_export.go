package server

import "net/http"

// exportedTicket is schema ExportedTicket: a ticket with its people and
// conversation inlined.
type exportedTicket struct {
	ticket
	Requester *userSummary `json:"requester"`
	Assignee  *userSummary `json:"assignee"`
	Comments  *[]comment   `json:"comments,omitempty"` // nil when comments are not included
}

// exportTickets: GET /exports/tickets. It returns every ticket with every
// comment in one response, well over 100 KB: the response that overflows
// an agent's context on purpose.
func (s *Server) exportTickets(w http.ResponseWriter, r *http.Request) error {
	q := parseQuery(r, "include_comments")
	include := q.boolean("include_comments")
	if q.err != nil {
		return q.err
	}
	withComments := include == nil || *include
	ctx := r.Context()
	tickets, err := s.store.allTickets(ctx)
	if err != nil {
		return err
	}
	people, err := s.store.userSummaries(ctx)
	if err != nil {
		return err
	}
	var comments map[string][]comment
	if withComments {
		if comments, err = s.store.commentsByTicket(ctx); err != nil {
			return err
		}
	}
	out := make([]exportedTicket, 0, len(tickets))
	nComments := 0
	for _, t := range tickets {
		e := exportedTicket{ticket: t}
		if p, ok := people[t.RequesterID]; ok {
			e.Requester = &p
		}
		if t.AssigneeID != nil {
			if p, ok := people[*t.AssigneeID]; ok {
				e.Assignee = &p
			}
		}
		if withComments {
			cs := comments[t.ID]
			if cs == nil {
				cs = []comment{}
			}
			e.Comments = &cs
			nComments += len(cs)
		}
		out = append(out, e)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"generated_at":  s.now(),
		"ticket_count":  len(out),
		"comment_count": nComments,
		"tickets":       out,
	})
	return nil
}
