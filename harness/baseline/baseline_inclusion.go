package baseline

// inclusionVerbs give the sense of a boolean whose name starts with one
// of them: include_archived is on when the things are wanted,
// exclude_pull_requests when they are not.
var inclusionVerbs = map[string]bool{"include": true, "with": true, "show": true, "use": true, "enable": true,
	"exclude": false, "without": false, "omit": false, "hide": false, "skip": false, "disable": false, "no": false, "ignore": false, "bypass": false}

// inclusionCues are the words before a thing that say whether the request
// wants it: "including pull requests", "without the drafts", "skip the
// archived ones".
var inclusionCues = map[string]bool{"including": true, "include": true, "with": true, "plus": true,
	"excluding": false, "exclude": false, "without": false, "except": false, "minus": false,
	"omitting": false, "skipping": false, "hiding": false, "no": false,
	"skip": false, "omit": false, "hide": false, "ignore": false, "ignoring": false}

// inclusions set a boolean named for including or leaving out a thing
// (include_archived, exclude_pull_requests, with_comments) from the word
// the request puts before that thing: "including pull requests" turns
// exclude_pull_requests off and "without pull requests" on, as a model
// reads the name's verb against the request's. A thing said with no such
// word sets nothing here.
func (f *filler) inclusions() {
	for _, p := range f.tool.params {
		if !p.boolean() || f.has(p) || len(p.words) < 2 {
			continue
		}
		wants, ok := inclusionVerbs[p.words[0]]
		if !ok {
			continue
		}
		for _, at := range f.u.findPhrase(p.fullStems[1:]) {
			end := at + len(p.fullStems) - 2
			if !f.u.free(at, end) {
				continue
			}
			cue := at - 1
			for cue >= 0 && (f.u.words[cue].lower == "the" || f.u.words[cue].lower == "any" || f.u.words[cue].lower == "all" || f.u.words[cue].lower == "their" ||
				f.u.words[cue].lower == "using" || f.u.words[cue].lower == "its") {
				cue--
			}
			if cue < 0 || f.u.toks[f.u.words[cue].tok].quoted {
				continue
			}
			said, ok := inclusionCues[f.u.words[cue].lower]
			if !ok {
				continue
			}
			f.setBool(p, said == wants)
			f.u.claimWords(cue, end)
			break
		}
	}
}
