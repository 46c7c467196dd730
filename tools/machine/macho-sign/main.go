// Command macho-sign gives each Mach-O executable named on its command line an ad-hoc code
// signature, in place, through github.com/anchore/quill: the signature macOS needs before it runs
// a binary whose contents changed after it was signed (arm64 refuses unsigned code outright).
// Ad hoc means no identity and no certificate, as `codesign --sign -` does: Gatekeeper still
// quarantines such a file when it was downloaded by a browser, but the engine's own download and
// `pulumi plugin install` set no quarantine.
package main

import (
	"fmt"
	"os"

	"github.com/anchore/quill/quill"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: macho-sign <identifier> <executable>...")
		os.Exit(2)
	}
	identifier := os.Args[1]
	for _, path := range os.Args[2:] {
		// No certificate and no key: quill signs ad hoc.
		config, err := quill.NewSigningConfigFromPEMs(path, "", "", "", false)
		if err != nil {
			fmt.Fprintf(os.Stderr, "macho-sign: %s: %v\n", path, err)
			os.Exit(1)
		}
		if err := quill.Sign(*config.WithIdentity(identifier)); err != nil {
			fmt.Fprintf(os.Stderr, "macho-sign: %s: %v\n", path, err)
			os.Exit(1)
		}
	}
}
