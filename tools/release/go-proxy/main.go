// Writes one version of a Go module into a module proxy layout on disk, the form
// `GOPROXY=file://<dir>` serves and a proxy's upload takes:
//
//	<dir>/<escaped module path>/@v/list            the versions, one a line
//	<dir>/<escaped module path>/@v/<version>.info  {"Version", "Time"}
//	<dir>/<escaped module path>/@v/<version>.mod   the module's go.mod
//	<dir>/<escaped module path>/@v/<version>.zip   its files, as golang.org/x/mod/zip lays them out
//
// Usage: go-proxy -module PATH -version vX.Y.Z -time RFC3339 -source DIR -out DIR
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "go-proxy: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	modulePath := flag.String("module", "", "the module path, as its go.mod declares it")
	version := flag.String("version", "", "the version, vX.Y.Z")
	stamp := flag.String("time", "", "the version's time (RFC 3339): the release commit's")
	source := flag.String("source", "", "the module's folder (holding go.mod)")
	out := flag.String("out", "", "the proxy folder to write into")
	flag.Parse()
	if *modulePath == "" || *version == "" || *stamp == "" || *source == "" || *out == "" {
		return errors.New("usage: go-proxy -module PATH -version vX.Y.Z -time RFC3339 -source DIR -out DIR")
	}
	when, err := time.Parse(time.RFC3339, *stamp)
	if err != nil {
		return fmt.Errorf("-time: %w", err)
	}
	mod := module.Version{Path: *modulePath, Version: *version}
	// Refuses a version that does not suit the path (a /v2 module at v1, a non-canonical version).
	if err := module.Check(mod.Path, mod.Version); err != nil {
		return err
	}
	// The proxy protocol's case escaping: an upper-case letter becomes '!' and its lower case.
	escapedPath, err := module.EscapePath(mod.Path)
	if err != nil {
		return err
	}
	escapedVersion, err := module.EscapeVersion(mod.Version)
	if err != nil {
		return err
	}
	dir := filepath.Join(*out, filepath.FromSlash(escapedPath), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	goMod, err := os.ReadFile(filepath.Join(*source, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, escapedVersion+".mod"), goMod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    string
	}{mod.Version, when.UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, escapedVersion+".info"), append(info, '\n'), 0o644); err != nil {
		return err
	}
	zipFile, err := os.Create(filepath.Join(dir, escapedVersion+".zip"))
	if err != nil {
		return err
	}
	// The same checks as the go command's: file names, sizes, no nested modules or vendor folders.
	if err := modzip.CreateFromDir(zipFile, mod, *source); err != nil {
		zipFile.Close()
		return err
	}
	if err := zipFile.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "list"), []byte(mod.Version+"\n"), 0o644)
}
