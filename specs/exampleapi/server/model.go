package server

// The JSON representations of the API's resources. Field names and
// nullability follow the schemas of the same names in the spec.

// user is schema User.
type user struct {
	ID         string  `json:"id"`
	Email      string  `json:"email"`
	Name       string  `json:"name"`
	Department string  `json:"department"`
	Title      string  `json:"title"`
	Role       string  `json:"role"`
	TeamID     *string `json:"team_id"`
	ManagerID  *string `json:"manager_id"`
	Phone      *string `json:"phone"`
	Location   string  `json:"location"`
	Active     bool    `json:"active"`
	CreatedAt  string  `json:"created_at"`
	UpdatedAt  string  `json:"updated_at"`
}

// userSummary is schema UserSummary, embedded in exports.
type userSummary struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// team is schema Team.
type team struct {
	ID          string  `json:"id"`
	Slug        string  `json:"slug"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Email       string  `json:"email"`
	LeadID      *string `json:"lead_id"`
	MemberCount int     `json:"member_count"`
	CreatedAt   string  `json:"created_at"`
}

// ticket is schema Ticket.
type ticket struct {
	ID             string   `json:"id"`
	Title          string   `json:"title"`
	Description    string   `json:"description"`
	Status         string   `json:"status"`
	Priority       string   `json:"priority"`
	Category       string   `json:"category"`
	Tags           []string `json:"tags"`
	RequesterID    string   `json:"requester_id"`
	AssigneeID     *string  `json:"assignee_id"`
	TeamID         *string  `json:"team_id"`
	DueAt          *string  `json:"due_at"`
	CreatedAt      string   `json:"created_at"`
	UpdatedAt      string   `json:"updated_at"`
	ClosedAt       *string  `json:"closed_at"`
	ResolutionCode *string  `json:"resolution_code"`
	Resolution     *string  `json:"resolution"`
	Version        int      `json:"version"`
	CommentCount   int      `json:"comment_count"`
}

// comment is schema Comment.
type comment struct {
	ID         string `json:"id"`
	TicketID   string `json:"ticket_id"`
	AuthorID   string `json:"author_id"`
	Body       string `json:"body"`
	Visibility string `json:"visibility"`
	CreatedAt  string `json:"created_at"`
}

// asset is schema Asset.
type asset struct {
	ID              string  `json:"id"`
	Type            string  `json:"type"`
	Model           string  `json:"model"`
	Manufacturer    string  `json:"manufacturer"`
	SerialNumber    string  `json:"serial_number"`
	Status          string  `json:"status"`
	Owner           *string `json:"owner"`
	Location        string  `json:"location"`
	PurchasedAt     string  `json:"purchased_at"`
	WarrantyExpires *string `json:"warranty_expires"`
	PurchaseCost    float64 `json:"purchase_cost"`
	AssignedAt      *string `json:"assigned_at"`
	CreatedAt       string  `json:"created_at"`
	UpdatedAt       string  `json:"updated_at"`
}
