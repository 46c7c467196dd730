// The actionlint command, built from the pinned module (go.mod) rather than downloaded: the
// module proxy serves its sources, not its release binaries.
package main

import (
	"os"

	"github.com/rhysd/actionlint"
)

func main() {
	command := actionlint.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	os.Exit(command.Main(os.Args))
}
