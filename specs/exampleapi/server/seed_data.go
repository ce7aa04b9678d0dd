package server

// The raw material of the seed data. Everything here is fictional.

var firstNames = []string{
	"Amelia", "Oliver", "Priya", "Mateo", "Hannah", "Kwame", "Sofia", "Liam", "Aisha", "Jonas",
	"Mei", "Daniel", "Fatima", "Lucas", "Ingrid", "Tomás", "Grace", "Ravi", "Chloe", "Emeka",
	"Yuki", "Noah", "Leila", "Henrik", "Zara", "Samuel", "Anika", "Diego", "Nora", "Felix",
	"Imani", "Oscar", "Lena", "Arjun", "Ruth", "Kenji", "Elena", "Tariq", "Maya", "Patrick",
}

var lastNames = []string{
	"Schmidt", "Okafor", "Raman", "García", "Whitfield", "Mensah", "Rossi", "O'Brien", "Khan", "Lindqvist",
	"Chen", "Novak", "Haddad", "Moreau", "Berg", "Alvarez", "Nguyen-Tran", "Iyer", "Dubois", "Eze",
	"Tanaka", "Fischer", "Farouk", "Johansson", "Patel", "Adeyemi", "Kowalski", "Herrera", "Walsh", "Becker",
	"Mwangi", "Larsen", "Hoffmann", "Menon", "Goldberg", "Sato", "Petrova", "Aziz", "Costa", "Murphy",
}

var locations = []string{"Berlin", "London", "New York", "Austin", "Singapore", "Remote"}

// phonePrefixes are E.164 country prefixes matching locations.
var phonePrefixes = map[string]string{
	"Berlin": "+4930", "London": "+4420", "New York": "+1212", "Austin": "+1512", "Singapore": "+65", "Remote": "+1415",
}

var titlesByDepartment = map[string][]string{
	"Engineering":     {"Software Engineer", "Senior Software Engineer", "Engineering Manager", "Site Reliability Engineer", "QA Engineer"},
	"Finance":         {"Financial Analyst", "Accounts Payable Specialist", "Controller", "Payroll Manager"},
	"Human Resources": {"HR Business Partner", "Recruiter", "People Operations Manager"},
	"IT":              {"Service Desk Analyst", "Network Engineer", "Systems Administrator", "Identity Engineer", "Security Analyst", "Endpoint Engineer"},
	"Legal":           {"Corporate Counsel", "Paralegal", "Compliance Officer"},
	"Marketing":       {"Content Strategist", "Marketing Manager", "Brand Designer", "Growth Analyst"},
	"Operations":      {"Operations Manager", "Office Manager", "Procurement Specialist", "Facilities Coordinator"},
	"Sales":           {"Account Executive", "Sales Engineer", "Regional Sales Director", "Customer Success Manager"},
}

// seedTeams are the IT teams tickets are routed to.
var seedTeams = []struct{ slug, name, description string }{
	{"service-desk", "Service Desk", "First line for every request: triage, how-to questions, password resets and routing to the specialist teams."},
	{"network-ops", "Network Operations", "Office networks, Wi-Fi, VPN, DNS and the links between sites."},
	{"endpoint", "Endpoint Support", "Laptops, desktops, phones, monitors and peripherals: provisioning, repairs and replacements."},
	{"iam", "Identity & Access", "Accounts, single sign-on, MFA, group membership and access requests for business applications."},
	{"business-apps", "Business Applications", "The company's SaaS and line-of-business applications: licenses, configuration and integrations."},
	{"secops", "Security Operations", "Phishing reports, suspicious activity, malware alerts and security reviews."},
}

var apps = []string{"Salesforce", "Workday", "Jira", "Confluence", "Slack", "Zoom", "NetSuite", "Figma", "Tableau", "DocuSign", "Greenhouse", "GitHub"}

// ticketTemplate is the shape of a seeded ticket; {loc}, {app} and
// {first} are filled in per ticket.
type ticketTemplate struct {
	title, description, category, team string
	tags                               []string
}

var ticketTemplates = []ticketTemplate{
	{"VPN disconnects every few minutes from home", "Since this morning the GlobalProtect VPN drops my connection roughly every five minutes. Reconnecting works, but every drop kills my video calls and SSH sessions. I am working from home on the office laptop, wired connection, other sites load fine without the VPN.", "network", "network-ops", []string{"vpn", "remote-work"}},
	{"Wi-Fi in the {loc} office is extremely slow on the 3rd floor", "Several of us on the third floor in {loc} get under 1 Mbit/s on the corporate Wi-Fi since Monday. The guest network is fast. Speed tests attached in the first comment. Meetings keep freezing.", "network", "network-ops", []string{"wifi", "office"}},
	{"Laptop battery drains within an hour", "My laptop battery goes from 100% to 10% in about an hour, even with only email and a browser open. The battery health page says 'Service recommended'. The laptop is about three years old.", "hardware", "endpoint", []string{"laptop", "battery", "hardware"}},
	{"External monitor not detected after docking station update", "After last week's firmware update of the USB-C dock, my external monitor is no longer detected. The laptop screen works; the monitor shows 'no signal'. I tried another cable and another port.", "hardware", "endpoint", []string{"monitor", "docking-station"}},
	{"Cannot log in to {app}: 'account locked'", "When I sign in to {app} through SSO I get 'Your account is locked. Contact your administrator.' I changed my password yesterday, maybe related. I need {app} for a customer meeting this afternoon.", "access", "iam", []string{"sso", "account-locked"}},
	{"Request access to {app} for new project", "I am joining the data migration project and need an editor license for {app}. My manager has approved this; the cost center is the project's. Please add me to the project group as well.", "access", "iam", []string{"access-request", "license"}},
	{"MFA prompts stopped arriving on my new phone", "I replaced my phone and restored from backup, but the authenticator app no longer receives push prompts. I still have the old phone but it is wiped. I am locked out of email on my laptop.", "access", "iam", []string{"mfa", "mobile"}},
	{"Suspicious email asking to confirm payroll details", "I received an email that looks like it comes from HR asking me to 'confirm payroll details' through a link. The sender address is slightly off. I did not click the link. Forwarding it as an attachment.", "security", "secops", []string{"phishing", "email"}},
	{"Clicked a link in a phishing email", "I clicked a link in an email that I now think was phishing and typed my password into the page before I noticed the address. This was about ten minutes ago. I have not changed my password yet.", "security", "secops", []string{"phishing", "incident", "password"}},
	{"Printer on the {loc} 2nd floor prints blank pages", "The shared printer next to the kitchen on the second floor in {loc} prints blank pages for every job since this morning. The toner indicator shows full. Other people have the same problem.", "hardware", "endpoint", []string{"printer", "office"}},
	{"{app} crashes when exporting a report", "Every time I export the quarterly report from {app} to PDF the application freezes and then closes. Smaller reports work. This started after the last update. I need the export for the board pack on Friday.", "software", "business-apps", []string{"crash", "reporting"}},
	{"Need a second monitor for my desk", "I work with large spreadsheets all day and would like a second 27-inch monitor for my desk in {loc}. My manager has approved. A matching model to the current one would be ideal.", "hardware", "endpoint", []string{"hardware-request", "monitor"}},
	{"Onboarding: new hire starting next Monday", "Please prepare accounts, a laptop and access for a new hire in my team starting next Monday in {loc}: email, Slack, {app}, and the team's shared drives. Standard engineering laptop.", "access", "service-desk", []string{"onboarding", "access-request"}},
	{"Offboarding: contractor leaving on Friday", "A contractor in my team leaves on Friday. Please disable their accounts at 18:00 local time, collect the laptop and transfer their files in the shared drive to me.", "access", "iam", []string{"offboarding"}},
	{"Outlook keeps asking for my password", "Outlook asks for my password every few minutes and does not accept it, although the same password works in the browser. I already restarted the laptop twice.", "software", "service-desk", []string{"email", "password"}},
	{"Shared mailbox missing in Outlook", "The team's shared mailbox disappeared from Outlook on my laptop. Colleagues still see it. I need it for customer replies.", "software", "service-desk", []string{"email", "shared-mailbox"}},
	{"Zoom Rooms in meeting room '{loc} Atlas' will not start meetings", "The Zoom Rooms controller in the Atlas meeting room in {loc} shows 'offline' and cannot start scheduled meetings. We have an all-hands there tomorrow at 10:00.", "hardware", "endpoint", []string{"meeting-room", "zoom"}},
	{"Install Docker Desktop on my laptop", "I need Docker Desktop on my laptop for local development. The software center does not list it. Please install it or tell me which approved alternative to use.", "software", "endpoint", []string{"software-request"}},
	{"Password reset for {app}", "I forgot my {app} password and the self-service reset email never arrives. I checked spam. My username is my email address.", "access", "service-desk", []string{"password", "self-service"}},
	{"Disk almost full on build server", "The CI build server reports 97% disk usage and builds have started to fail with 'no space left on device'. Old artifacts probably need cleaning and the volume may need to grow.", "software", "business-apps", []string{"ci", "disk-space", "outage"}},
	{"DNS resolution fails for internal sites from {loc}", "Since about 08:30 internal sites such as the wiki and the HR portal do not resolve from the {loc} office network. External sites work. Using the VPN works around it.", "network", "network-ops", []string{"dns", "outage", "office"}},
	{"Phone screen cracked", "I dropped my company phone and the screen is cracked across the top; touch still works partly. I need the phone for two-factor prompts and on-call alerts.", "hardware", "endpoint", []string{"mobile", "hardware", "repair"}},
	{"Malware alert on my laptop", "The endpoint protection popped up a 'threat quarantined' alert after I opened an attachment from a supplier. The laptop seems normal. Should I keep working on it?", "security", "secops", []string{"malware", "incident"}},
	{"Add me to the {app} admin group", "As the new team lead I need admin rights in {app} to manage my team's workspaces. My predecessor had them; please grant the same group membership.", "access", "iam", []string{"access-request", "admin-rights"}},
	{"Keyboard and mouse not pairing", "My wireless keyboard and mouse stopped pairing with the receiver. New batteries did not help. The receiver's light does not come on in any USB port.", "hardware", "endpoint", []string{"peripheral", "bluetooth"}},
	{"Slack notifications delayed by several minutes", "Slack messages and notifications arrive five to ten minutes late on my laptop, but instantly on my phone. The desktop app is up to date.", "software", "business-apps", []string{"slack", "performance"}},
	{"Renew expiring {app} licenses for the team", "Our team's {app} licenses expire at the end of the month. We need the same number of seats for another year. Finance has approved the budget.", "software", "business-apps", []string{"license", "renewal"}},
	{"Badge reader at {loc} entrance rejects my badge", "The badge reader at the main entrance in {loc} shows a red light for my badge since yesterday. Security lets me in manually but this is not sustainable.", "other", "service-desk", []string{"badge", "office"}},
	{"Laptop very slow after update", "Since the operating system update on Tuesday my laptop takes ten minutes to boot and applications freeze regularly. The fan runs at full speed all the time.", "hardware", "endpoint", []string{"laptop", "performance"}},
	{"Request to whitelist a vendor domain in the mail filter", "Emails from our new logistics vendor end up in quarantine. Please allow their domain in the mail filter; their IT confirmed SPF and DKIM are configured.", "security", "secops", []string{"email", "mail-filter"}},
	{"Conference call audio echo in {loc} boardroom", "Remote participants hear a strong echo when we use the ceiling microphones in the {loc} boardroom. It started after the room was rearranged.", "hardware", "endpoint", []string{"meeting-room", "audio"}},
	{"Access to the finance shared drive", "I moved to the Finance team and need read-write access to the Finance shared drive, and read access to the archive folder. My new manager approved in the onboarding form.", "access", "iam", []string{"access-request", "shared-drive"}},
}

var agentFirstReplies = []string{
	"Hi {first}, thanks for reporting this. I'm looking into it now and will update you within the hour.",
	"Hi {first}, thanks for the details. Could you send a screenshot of the error and the approximate time it happened?",
	"Thanks {first}. I can reproduce this on our side and am checking with the team that owns it.",
	"Hi {first}, I've picked this up. Are you available for a quick remote session this afternoon?",
	"Hello {first}, this looks related to a change we rolled out yesterday. I'll confirm and get back to you.",
}

var requesterReplies = []string{
	"Thanks! It happens mostly in the morning, around 9:15 when I start my day.",
	"Screenshot attached. The error appeared at about 14:05 today.",
	"Yes, I'm free after 15:00, just call me on Slack.",
	"It is still happening today, unfortunately. Any update?",
	"Colleagues next to me have the same issue, so it is probably not just my machine.",
	"I restarted as suggested, no change.",
}

var internalNotes = []string{
	"Checked the logs: the sessions are dropped by the idle timer on the gateway. Escalating to Network Operations.",
	"Known issue after the last update, vendor case opened. Linking to the problem record.",
	"User is a VIP, please prioritize. Manager asked for a status update by end of day.",
	"Replacement part ordered, expected delivery in 3 business days.",
	"Could not reproduce on a test machine. Need more information from the requester.",
	"Approval from the application owner received by email, proceeding with the change.",
}

var resolutionNotes = []string{
	"Root cause found and fixed; the configuration was rolled back and the issue no longer occurs.",
	"Applied the documented workaround; a permanent fix is tracked with the vendor.",
	"Duplicate of an earlier ticket for the same outage; follow the original for updates.",
	"Could not reproduce after several attempts and no response from the requester.",
	"Replaced the faulty hardware and verified with the user.",
	"Access granted after approval; user confirmed it works.",
}

// assetModels are the catalogue of seeded assets.
var assetModels = []struct {
	typ, model, manufacturer string
	cost                     float64
	warrantyYears            int // 0: no warranty recorded
}{
	{"laptop", "MacBook Pro 14-inch (M3 Pro)", "Apple", 2399, 3},
	{"laptop", "ThinkPad X1 Carbon Gen 11", "Lenovo", 1849, 3},
	{"laptop", "Latitude 7440", "Dell", 1529, 3},
	{"desktop", "OptiPlex 7010 Tower", "Dell", 1099, 3},
	{"monitor", "UltraSharp U2723QE 27-inch 4K", "Dell", 619, 3},
	{"monitor", "27UL850-W 27-inch 4K", "LG", 449, 2},
	{"phone", "iPhone 15", "Apple", 899, 1},
	{"phone", "Pixel 8", "Google", 699, 2},
	{"tablet", "iPad Air 11-inch", "Apple", 649, 1},
	{"peripheral", "YubiKey 5C NFC", "Yubico", 55, 0},
	{"peripheral", "MX Keys S Combo", "Logitech", 199, 1},
}
