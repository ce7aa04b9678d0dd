package server

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// SeedEpoch is "now" for the seed data: every seeded timestamp lies before
// it, so the same seed always gives the same data.
var SeedEpoch = time.Date(2026, time.September, 30, 17, 0, 0, 0, time.UTC)

// Seed sizes.
const (
	seedAgents     = 10
	seedAdmins     = 2
	seedRequesters = 24
	seedTickets    = 104
	seedAssets     = 48
)

// seeder generates the seed data from one deterministic generator.
type seeder struct {
	rng   *rand.Rand
	bytes *rand.ChaCha8 // the same stream feeds IDs
	now   time.Time

	teams    []team
	users    []user
	agents   []user // role agent or admin
	active   []user
	teamByID map[string]team
}

func newSeeder(seed int64) *seeder {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], uint64(seed))
	copy(key[8:], "agentready-exampleapi-seed")
	src := rand.NewChaCha8(key)
	return &seeder{rng: rand.New(src), bytes: src, now: SeedEpoch, teamByID: map[string]team{}}
}

func (s *seeder) pick(list []string) string { return list[s.rng.IntN(len(list))] }

// chance reports true with probability p.
func (s *seeder) chance(p float64) bool { return s.rng.Float64() < p }

// weighted picks a value with the given weights.
func (s *seeder) weighted(values []string, weights []int) string {
	total := 0
	for _, w := range weights {
		total += w
	}
	n := s.rng.IntN(total)
	for i, w := range weights {
		if n < w {
			return values[i]
		}
		n -= w
	}
	return values[len(values)-1]
}

// before returns a time between minAgo and maxAgo before t.
func (s *seeder) before(t time.Time, minAgo, maxAgo time.Duration) time.Time {
	return t.Add(-minAgo - time.Duration(s.rng.Int64N(int64(maxAgo-minAgo)+1))).Truncate(time.Minute)
}

// seedIfEmpty fills a new database; a database that was seeded before is
// left as it is.
func (st *store) seedIfEmpty(ctx context.Context, seed int64) error {
	return st.tx(ctx, func(tx *sql.Tx) error {
		if _, ok, err := getMeta(ctx, tx, "seed"); err != nil || ok {
			return err
		}
		s := newSeeder(seed)
		if err := s.seedTeamsAndUsers(ctx, tx); err != nil {
			return fmt.Errorf("seed users: %w", err)
		}
		if err := s.seedTickets(ctx, tx); err != nil {
			return fmt.Errorf("seed tickets: %w", err)
		}
		if err := s.seedAssets(ctx, tx); err != nil {
			return fmt.Errorf("seed assets: %w", err)
		}
		return setMeta(ctx, tx, "seed", strconv.FormatInt(seed, 10))
	})
}

// emailLocal turns a name part into ASCII for an email address.
func emailLocal(name string) string {
	r := strings.NewReplacer("á", "a", "à", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "ç", "c", "'", "", " ", "")
	return strings.ToLower(r.Replace(name))
}

func (s *seeder) seedTeamsAndUsers(ctx context.Context, tx *sql.Tx) error {
	created := s.now.AddDate(-2, 0, 0)
	for _, t := range seedTeams {
		tm := team{ID: newTeamID(s.bytes), Slug: t.slug, Name: t.name, Description: t.description,
			Email: t.slug + "@globex.example", CreatedAt: formatTime(created)}
		s.teams = append(s.teams, tm)
		s.teamByID[tm.ID] = tm
	}

	// Names: a shuffled pairing of first and last names, plus one
	// deliberate namesake pair in different departments.
	firsts := append([]string(nil), firstNames...)
	lasts := append([]string(nil), lastNames...)
	s.rng.Shuffle(len(firsts), func(i, j int) { firsts[i], firsts[j] = firsts[j], firsts[i] })
	s.rng.Shuffle(len(lasts), func(i, j int) { lasts[i], lasts[j] = lasts[j], lasts[i] })
	n := seedAdmins + seedAgents + seedRequesters
	names := make([][2]string, n)
	for i := range names {
		names[i] = [2]string{firsts[i%len(firsts)], lasts[i%len(lasts)]}
	}
	names[n-1] = names[n-2] // the namesakes: two requesters with one name

	emails := map[string]int{}
	otherDepartments := []string{"Engineering", "Finance", "Human Resources", "Legal", "Marketing", "Operations", "Sales"}
	for i, nm := range names {
		role, dept := "requester", s.pick(otherDepartments)
		var teamID *string
		switch {
		case i < seedAdmins:
			role, dept = "admin", "IT"
		case i < seedAdmins+seedAgents:
			role, dept = "agent", "IT"
		}
		if role != "requester" {
			id := s.teams[i%len(s.teams)].ID
			teamID = &id
		}
		if i == n-1 && dept == s.users[n-2].Department {
			dept = otherDepartments[(indexOf(otherDepartments, dept)+1)%len(otherDepartments)]
		}
		local := emailLocal(nm[0]) + "." + emailLocal(nm[1])
		emails[local]++
		if c := emails[local]; c > 1 {
			local += strconv.Itoa(c)
		}
		loc := s.pick(locations)
		var phone *string
		if s.chance(0.75) {
			p := phonePrefixes[loc] + fmt.Sprintf("%07d", s.rng.IntN(10_000_000))
			phone = &p
		}
		joined := s.before(s.now, 30*24*time.Hour, 4*365*24*time.Hour)
		u := user{
			ID: newUUID(s.bytes), Email: local + "@globex.example", Name: nm[0] + " " + nm[1],
			Department: dept, Title: s.pick(titlesByDepartment[dept]), Role: role, TeamID: teamID,
			Phone: phone, Location: loc, Active: role != "requester" || !s.chance(0.1),
			CreatedAt: formatTime(joined), UpdatedAt: formatTime(s.before(s.now, 0, 25*24*time.Hour)),
		}
		if role == "admin" {
			u.Title = s.pick([]string{"IT Service Manager", "Head of IT Operations"})
		}
		s.users = append(s.users, u)
	}
	// Managers: the first requester of each department manages the others.
	heads := map[string]string{}
	for i := range s.users {
		u := &s.users[i]
		if u.Role != "requester" {
			if i > 0 {
				m := s.users[0].ID
				u.ManagerID = &m
			}
			continue
		}
		if head, ok := heads[u.Department]; ok {
			u.ManagerID = &head
		} else {
			heads[u.Department] = u.ID
		}
	}
	for _, u := range s.users {
		if u.Role != "requester" {
			s.agents = append(s.agents, u)
		}
		if u.Active {
			s.active = append(s.active, u)
		}
	}
	// Team leads: the first agent of each team.
	for i := range s.teams {
		for _, a := range s.agents {
			if a.TeamID != nil && *a.TeamID == s.teams[i].ID {
				id := a.ID
				s.teams[i].LeadID = &id
				break
			}
		}
	}
	for _, t := range s.teams {
		if err := insertTeam(ctx, tx, t); err != nil {
			return err
		}
	}
	for _, u := range s.users {
		if err := insertUser(ctx, tx, u); err != nil {
			return err
		}
	}
	return nil
}

func indexOf(list []string, v string) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

func (s *seeder) teamBySlug(slug string) team {
	for _, t := range s.teams {
		if t.Slug == slug {
			return t
		}
	}
	return s.teams[0]
}

func (s *seeder) agentOf(teamID string) user {
	var in []user
	for _, a := range s.agents {
		if a.TeamID != nil && *a.TeamID == teamID {
			in = append(in, a)
		}
	}
	if len(in) == 0 {
		in = s.agents
	}
	return in[s.rng.IntN(len(in))]
}

func firstName(u user) string { f, _, _ := strings.Cut(u.Name, " "); return f }

func (s *seeder) fill(text string, requester user) string {
	return strings.NewReplacer("{loc}", requester.Location, "{app}", s.pick(apps), "{first}", firstName(requester)).Replace(text)
}

var dueAfter = map[string]time.Duration{"urgent": 24 * time.Hour, "high": 3 * 24 * time.Hour, "medium": 7 * 24 * time.Hour, "low": 14 * 24 * time.Hour}

func (s *seeder) seedTickets(ctx context.Context, tx *sql.Tx) error {
	num := 1000 + s.rng.IntN(40)
	for i := 0; i < seedTickets; i++ {
		num += 1 + s.rng.IntN(3) // gaps: deleted and merged tickets
		tpl := ticketTemplates[s.rng.IntN(len(ticketTemplates))]
		requester := s.active[s.rng.IntN(len(s.active))]
		created := s.before(s.now, time.Hour, 180*24*time.Hour)
		age := s.now.Sub(created)
		var status string
		if age > 30*24*time.Hour {
			status = s.weighted(ticketStatuses, []int{2, 8, 8, 20, 62})
		} else {
			status = s.weighted(ticketStatuses, []int{22, 34, 18, 14, 12})
		}
		priority := s.weighted(ticketPriorities, []int{25, 40, 25, 10})
		tm := s.teamBySlug(tpl.team)
		tags := append([]string(nil), tpl.tags...)
		if s.chance(0.12) {
			tags = append(tags, "vip")
		}
		t := ticket{
			ID: "TCK-" + strconv.Itoa(num), Title: s.fill(tpl.title, requester),
			Description: s.fill(tpl.description, requester), Status: status, Priority: priority,
			Category: tpl.category, Tags: tags, RequesterID: requester.ID, CreatedAt: formatTime(created),
			Version: 1,
		}
		teamID := tm.ID
		t.TeamID = &teamID
		var assignee *user
		if status != "new" || s.chance(0.3) {
			a := s.agentOf(tm.ID)
			assignee = &a
			t.AssigneeID = &a.ID
		}
		if s.chance(0.75) {
			due := formatTime(created.Add(dueAfter[priority]))
			t.DueAt = &due
		}
		// The conversation.
		var comments []comment
		last := created
		addComment := func(author user, body, visibility string) {
			next := last.Add(time.Duration(20+s.rng.IntN(600)) * time.Minute)
			if next.After(s.now) {
				return
			}
			last = next
			comments = append(comments, comment{ID: newUUID(s.bytes), TicketID: t.ID, AuthorID: author.ID,
				Body: s.fill(body, requester), Visibility: visibility, CreatedAt: formatTime(last)})
		}
		if assignee != nil {
			addComment(*assignee, s.pick(agentFirstReplies), "public")
			for j := s.rng.IntN(3); j > 0; j-- {
				addComment(requester, s.pick(requesterReplies), "public")
				if s.chance(0.5) {
					addComment(*assignee, s.pick(internalNotes), "internal")
				}
			}
		}
		if status == "resolved" || status == "closed" {
			code := s.weighted(resolutionCodes, []int{60, 15, 10, 5, 10})
			note := resolutionNotes[indexOf(resolutionCodes, code)]
			if code == "fixed" && s.chance(0.5) {
				note = resolutionNotes[4]
			}
			t.ResolutionCode, t.Resolution = &code, &note
			if assignee != nil {
				addComment(*assignee, note+" Please reopen the ticket if the problem comes back.", "public")
			}
			if status == "closed" {
				closed := formatTime(last.Add(time.Duration(1+s.rng.IntN(72)) * time.Hour))
				if closed > formatTime(s.now) {
					closed = formatTime(s.now)
				}
				t.ClosedAt = &closed
				last, _ = time.Parse(time.RFC3339, closed)
			}
		}
		t.UpdatedAt = formatTime(last)
		t.Version = 1 + len(comments)/2
		if err := insertTicket(ctx, tx, t); err != nil {
			return err
		}
		for _, c := range comments {
			if err := insertComment(ctx, tx, c); err != nil {
				return err
			}
		}
	}
	return setMeta(ctx, tx, "next_ticket", strconv.Itoa(num+1+s.rng.IntN(5)))
}

func (s *seeder) seedAssets(ctx context.Context, tx *sql.Tx) error {
	for i := 0; i < seedAssets; i++ {
		var m = assetModels[s.rng.IntN(len(assetModels))]
		if i < 28 { // most people have a laptop
			m = assetModels[s.rng.IntN(3)]
		}
		purchased := s.before(s.now, 30*24*time.Hour, 4*365*24*time.Hour)
		a := asset{
			ID: newAssetID(s.bytes), Type: m.typ, Model: m.model, Manufacturer: m.manufacturer,
			SerialNumber: randomString(s.bytes, base32Upper, 10+s.rng.IntN(3)),
			Location:     s.pick(locations[:5]), PurchasedAt: purchased.Format(time.DateOnly),
			PurchaseCost: m.cost, CreatedAt: formatTime(purchased.Add(48 * time.Hour)),
		}
		if m.warrantyYears > 0 {
			w := purchased.AddDate(m.warrantyYears, 0, 0).Format(time.DateOnly)
			a.WarrantyExpires = &w
		}
		a.Status = s.weighted(assetStatuses, []int{72, 14, 8, 6})
		if a.Status == "in_use" || (a.Status == "repair" && s.chance(0.5)) {
			owner := s.active[s.rng.IntN(len(s.active))]
			a.Owner = &owner.ID
			a.Location = owner.Location
			assigned := formatTime(purchased.Add(time.Duration(3+s.rng.IntN(20)) * 24 * time.Hour))
			a.AssignedAt = &assigned
		}
		a.UpdatedAt = a.CreatedAt
		if a.AssignedAt != nil {
			a.UpdatedAt = *a.AssignedAt
		}
		if err := insertAsset(ctx, tx, a); err != nil {
			return err
		}
	}
	return nil
}
