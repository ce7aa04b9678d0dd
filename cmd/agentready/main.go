// Command agentready generates typed Go tools for LLM agents from an
// OpenAPI document and tests how well agents use them. Run
// `agentready help` for the commands.
package main

import (
	"os"

	"github.com/agentready/agentready/cmd/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
