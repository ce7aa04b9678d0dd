package prose

import "testing"

func TestExampleNote(t *testing.T) {
	timeframe := "Timeframe window to limit results by. Must be provided as an array query string parameter (e.g. timeframe[]=).\n\nAccepted formats are...\n\n  * array of epoch timestamps e.g. `timeframe[]=1498867200&timeframe[]=1498953600`\n  * duration string e.g. `timeframe[]=24:hours or timeframe[]=7:days`\n"
	filters := "Limit the results to rows that match conditions from provided key:value pairs. Must be provided as an array query string parameter.\n\nTo exclude rows that match a certain condition, prepend a `!` character to the dimension.\n\nPossible filter names are the same as returned by the List Filters endpoint.\n\nExample:\n\n  * `filters[]=operating_system:windows&filters[]=!country:US`\n"
	isArg := func(w string) bool { return w == "view_id" || w == "external_id" }
	for _, c := range []struct {
		desc, name string
		max        int
		want       string
	}{
		// Mux's two texts: the query string around each value goes.
		{desc: timeframe, name: "timeframe", max: 150, want: "e.g. 1498867200, 1498953600, 24:hours, 7:days"},
		{desc: filters, name: "filters", max: 150, want: "e.g. operating_system:windows, !country:US"},
		// The byte cap keeps the first ones whole.
		{desc: timeframe, name: "timeframe", max: 30, want: "e.g. 1498867200, 1498953600"},
		// A list after the cue, in quotes or backticks.
		{desc: "The field the results are sorted by. For example 'name' or \"created\".", name: "sort", max: 150, want: "e.g. name, created"},
		{desc: "The color of the label. Any CSS color such as `#ff0000`, `red`.", name: "color", max: 150, want: "e.g. #ff0000, red"},
		// Nothing to keep: no cue, prose in quotes, another argument's key or
		// name, a link to documentation, values shown already.
		{desc: "The name, in `snake_case`.", name: "name", max: 150},
		{desc: "A label such as 'the name of the user'.", name: "label", max: 150},
		{desc: "Target value. For example, you might request `target_energy=0.6` and `target_danceability=0.8`.", name: "min_tempo", max: 150},
		{desc: "The ID of the view, e.g. `view_id`.", name: "id", max: 150},
		{desc: "Fields to return. For example: see `https://docs.example.com/fields`.", name: "fields", max: 150},
		{desc: "Limit to rows (e.g. `7:days`).", name: "timeframe", max: 150},
		{desc: "Text to find, e.g. timeframe[]=", name: "q", max: 150},
		{desc: "The name of a container registry repository. If the name contains `/` characters, they must be URL-encoded, e.g. `%2F`.", name: "repository_name", max: 150},
		{desc: "The `Customer` to whom the original source is attached to. Must be set when the original source is not a `Source` (e.g., `Card`).", name: "customer", max: 150},
		// Values with commas keep apart.
		{desc: "List of project IDs. For example, `projectIds=10000,10001&projectIds=10020,10021`.", name: "projectIds", max: 150, want: "e.g. 10000,10001; 10020,10021"},
	} {
		got := ExampleNote(Examples(c.desc), Brief(c.desc, c.name, 100), c.name, c.max, isArg)
		if got != c.want {
			t.Errorf("ExampleNote(%q, %s) = %q, want %q", c.desc, c.name, got, c.want)
		}
	}
	// A URL is an example where the argument takes one.
	if got := ExampleNote(Examples("Where to send events, e.g. `https://example.com/hook`."), "", "webhook_url", 150, nil); got != "e.g. https://example.com/hook" {
		t.Errorf("webhook_url: %q", got)
	}
}
