package baseline

// handleArg is the tool's one required argument still empty that holds
// a person's handle: a string without listed values whose name says
// username (user_name, Api-Username), or nil.
func (f *filler) handleArg() *param {
	return f.tool.sole(func(p *param) bool {
		return p.required && !f.has(p) && !p.array && len(p.enum) == 0 && len(p.named) == 0 && p.scalarType() == "string" && saysUsername(p.words)
	})
}

// saysUsername reports whether a name's words say username.
func saysUsername(words []string) bool {
	for i, w := range words {
		if w == "username" || w == "user" && i+1 < len(words) && words[i+1] == "name" {
			return true
		}
	}
	return false
}

// handles gives the tool's one required username still empty (handleArg)
// the request's one word written as a person's handle, as a model reads
// a name the schema asks for: a possessive ("refresh mia_k's
// gravatar"), a name-shaped word ("which badges does mia_k have"), or a
// plain word after "of", "for" or "as", or after "user" or "username"
// ("the private messages of jdoe", "as system"); each no word of the
// sentence, of the tool's name or of its arguments' names (bareKey).
// With two such words it fills nothing, and no later pass fills it
// (twoHandles).
func (f *filler) handles() {
	p := f.handleArg()
	if p == nil {
		return
	}
	found := -1
	for k, t := range f.u.toks {
		if !f.bareKey(k) {
			continue
		}
		handle := t.possessive || nameShaped(t)
		if k > 0 && !f.u.toks[k-1].clauseEnd && !f.u.toks[k-1].quoted {
			switch f.u.toks[k-1].lower {
			case "of", "for", "as", "user", "username":
				handle = true
			}
		}
		if !handle {
			continue
		}
		if found >= 0 {
			f.twoHandles = true
			return
		}
		found = k
	}
	if found >= 0 && f.set(p, f.u.toks[found].raw) {
		f.u.used[found] = true
		f.notes = append(f.notes, p.name+" is the handle "+f.u.toks[found].raw)
	}
}
