package prose

import "testing"

func TestValues(t *testing.T) {
	for _, c := range []struct {
		desc             string
		enum, hasDefault bool
		want             string
	}{
		// A state named only in a later sentence.
		{desc: "The dispute states to filter the result.\nIf not specified, the endpoint returns all open disputes (the dispute status is not `INQUIRY_CLOSED`, `WON`,\nor `LOST`).",
			want: "If not specified, endpoint returns all open disputes (the dispute status is not INQUIRY_CLOSED, WON, or LOST)"},
		// A default in a sentence of its own; none when the schema has it.
		{desc: "The order in which employees are listed in the response.      Default value: ASC", want: "default ASC"},
		{desc: "The order in which employees are listed in the response.      Default value: ASC", hasDefault: true},
		{desc: "Sorts the returned list.\nThis field defaults to ASC.", want: "default ASC"},
		// Values the first sentence shows are not repeated.
		{desc: "Returns only employees with the specified status (ACTIVE or INACTIVE)."},
		// Codes with their meaning, kept beside an enum.
		{desc: "Whether and how garbage collection will be performed. Acceptable values are: 'Orphan' - orphan the dependents; 'Background' - allow the garbage collector to delete the dependents in the background; 'Foreground' - a cascading policy that deletes all dependents in the foreground.",
			enum: true, want: "Orphan => orphan dependents, Background => allow garbage collector, Foreground => cascading policy that deletes"},
		{desc: "The role. Valid values are: - All: all dry run stages will be processed", want: "Valid values are: - All: all dry run stages will be processed"},
		// Mentions that are no values.
		{desc: "By default, all cards owned by the merchant are returned. Use a selector."},
		{desc: "The month. If no year is specified the default `year` is used."},
		{desc: "The ID. In `payment` mode, the customer's default payment method is used."},
		{desc: "A selector to restrict the list. Defaults to everything."},
		// Argument names are no values.
		{desc: "The ID of the view. Either `view_id` or `external_id` is required."},
		{desc: "Target value. For example, you might request `target_energy=0.6` and `target_danceability=0.8`."},
		// A long list keeps the first words of what each value means.
		{desc: "Over what time frame the affinities are computed. Valid values: `long_term` (calculated from several years of data and including all new data as it becomes available), `medium_term` (approximately last 6 months), `short_term` (approximately last 4 weeks). Default: `medium_term`",
			hasDefault: true, want: "values long_term (calculated from several years), medium_term (approximately last 6 months), short_term (approximately last 4 weeks)"},
		// One meaning alone is no reason to keep them.
		{desc: "The kind of report. Valid values are: `daily` (one report a day), `weekly`, `monthly`, `quarterly`, `yearly` and anything else the report service may ever learn to make.",
			want: "values daily, weekly, monthly, quarterly, yearly"},
		// A keyword taken besides values of the type, quoted or in
		// emphasis, is one value worth saying.
		{desc: "Only return tasks that are either incomplete or that have been completed since this time. Accepts a date-time string or the keyword *now*.",
			want: "Accepts date-time string or keyword now"},
		{desc: "A string identifying a user. This can either be the string \"me\", an email, or the gid of a user.",
			want: "This can either be string \"me\", email, or gid of user"},
		// A markdown list of codes with what each means, beside an enum.
		{desc: "The filter applied to the list of dashboards. Valid values are:\n\n *  `favourite` Returns dashboards the user has marked as favorite.\n *  `my` Returns dashboards owned by the user.",
			enum: true, want: "favourite => Returns dashboards user has marked as favorite, my => Returns dashboards owned by user"},
		// One item is no list; a meaning that is no prose is none.
		{desc: "The filter.\n *  `favourite` Returns dashboards the user has marked as favorite.", enum: true},
		{desc: "The searcher.\n *  `cascadingselect`: `cascadingselectsearcher`\n *  `datepicker`: `daterange`", enum: true},
		// A list only mentioned in a long sentence has no compact form.
		{desc: "The ID of the location. If not specified, the endpoint returns all open disputes (the dispute status is not `INQUIRY_CLOSED`, `WON`, or `LOST`) associated with all locations."},
	} {
		got := Values(ValueSentences(c.desc), Brief(c.desc, "x", 100), 150, c.enum, c.hasDefault, func(w string) bool { return w == "view_id" })
		if got != c.want {
			t.Errorf("Values(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}
