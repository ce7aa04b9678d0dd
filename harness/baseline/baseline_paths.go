package baseline

import (
	"slices"
	"strings"
)

// isFilePath reports whether raw is written as a path in a file tree:
// names joined by slashes ("contracts/Q3-report.pdf", "Clients/Acme",
// "/srv/data"), or a file's name ("plan.docx"); never a URL, an email or a
// domain.
func isFilePath(raw string) bool {
	if isFileName(raw) {
		return true
	}
	if strings.Contains(raw, "://") || strings.ContainsAny(raw, "@ ") || !strings.Contains(raw, "/") {
		return false
	}
	for _, seg := range strings.Split(strings.Trim(raw, "/"), "/") {
		if seg == "" || strings.IndexFunc(seg, isLetter) < 0 && strings.Trim(seg, "0123456789-_.") != "" {
			return false
		}
	}
	return strings.IndexFunc(raw, isLetter) >= 0
}

// pathWords are the words that may stand before "path" in the name of an
// argument that takes a path in a file tree: path, file_path, folderPath.
var pathWords = map[string]bool{"file": true, "folder": true, "dir": true, "directory": true}

// takesPath reports whether p takes a path in a file tree by its name:
// path, file_path, folder_path, dir_path.
func takesPath(p *param) bool {
	n := len(p.words)
	if n == 0 || p.words[n-1] != "path" || n > 2 || p.array || len(p.enum) > 0 || len(p.named) > 0 || p.scalarType() != "string" {
		return false
	}
	return n == 1 || pathWords[p.words[0]]
}

// destinationPath reports whether p takes where a path goes: its name
// says destination or target and its description says path
// ("destination": "Copy destination path."), or it has no description
// and beside is set (the tool has an argument named path).
func destinationPath(p *param, beside bool) bool {
	if p.array || len(p.enum) > 0 || p.scalarType() != "string" {
		return false
	}
	if !slices.Contains(p.words, "destination") && !slices.Contains(p.words, "target") {
		return false
	}
	if strings.TrimSpace(p.desc) == "" {
		return beside
	}
	return slices.Contains(strings.Fields(strings.ToLower(strings.NewReplacer(".", " ", ",", " ").Replace(p.desc))), "path")
}

// filePaths give the first path the request writes ("who downloaded
// contracts/Q3-report.pdf", "make a folder Clients/Acme") to the tool's
// one argument named for a path (path, file_path), and the path said
// after "to" or "into" ("copy a.docx into legal/a.docx") to the one
// whose name says destination or target and whose description says
// path (or that has none, beside an argument named path); a folder named by one plain word between "the" and "folder" or
// "directory" ("everything in the Marketing folder") is that path too.
func (f *filler) filePaths() {
	src := f.tool.sole(func(p *param) bool { return !f.has(p) && takesPath(p) })
	beside := slices.ContainsFunc(f.tool.params, takesPath)
	dst := f.tool.sole(func(p *param) bool { return !f.has(p) && destinationPath(p, beside) })
	if src == nil && dst == nil {
		return
	}
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		path := isFilePath(t.raw)
		if !path && i > 0 && i+1 < len(f.u.toks) && f.u.toks[i-1].lower == "the" && !t.quoted &&
			(f.u.toks[i+1].lower == "folder" || f.u.toks[i+1].lower == "directory") && f.plainWord(i) {
			path = true
		}
		if !path {
			continue
		}
		target := src
		if dst != nil && i > 0 && (f.u.toks[i-1].lower == "to" || f.u.toks[i-1].lower == "into") {
			target = dst
		}
		if target == nil || f.has(target) {
			continue
		}
		if f.set(target, t.raw) {
			f.u.used[i] = true
			f.notes = append(f.notes, target.name+" is the path "+t.raw)
		}
	}
}
