// pulumi-docsgen writes the API reference of a Pulumi package, a Markdown page per resource and
// function, from its schema, with the documentation generator that the Pulumi Registry used,
// `pkg/codegen/docs` of github.com/pulumi/pulumi/pkg/v3 at the version go.mod pins (the last
// release that carried it; it later moved into pulumi/registry, which the module proxy does not
// serve).
//
//	pulumi-docsgen -schema schema.json -out DIR
//
// The folder is emptied first, so a page the generator no longer writes does not linger.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/docs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The name the pages give as their generator.
const tool = "pulumi-docsgen"

// describe lists every problem on a line of its own: the diagnostics' own Error() names only
// the first and counts the rest.
func describe(diags hcl.Diagnostics) error {
	lines := make([]string, 0, len(diags))
	for _, d := range diags {
		if d.Severity != hcl.DiagError {
			continue
		}
		line := d.Summary
		if d.Detail != "" {
			line += ": " + d.Detail
		}
		lines = append(lines, "  "+line)
	}
	return errors.New("\n" + strings.Join(lines, "\n"))
}

func writeFiles(files map[string][]byte, dir string) (int, error) {
	if err := os.RemoveAll(dir); err != nil {
		return 0, err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return 0, err
		}
	}
	return len(names), nil
}

func run() error {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	out := flag.String("out", "", "the folder to write the pages into")
	flag.Parse()
	if *schemaPath == "" || *out == "" {
		return errors.New("usage: pulumi-docsgen -schema schema.json -out DIR")
	}
	raw, err := os.ReadFile(*schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("reading %s: %w", *schemaPath, err)
	}
	// The package refers to no other package, so binding needs no loader.
	pkg, diags, err := schema.BindSpec(spec, nil)
	if err != nil {
		return fmt.Errorf("the schema is not a valid package schema: %w", err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("the schema is not a valid package schema: %w", describe(diags))
	}
	files, err := docs.NewContext(tool, pkg).GeneratePackage()
	if err != nil {
		return fmt.Errorf("generating the pages: %w", err)
	}
	count, err := writeFiles(files, *out)
	if err != nil {
		return err
	}
	fmt.Printf("docs: %d pages\n", count)
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-docsgen: %v\n", err)
		os.Exit(1)
	}
}
