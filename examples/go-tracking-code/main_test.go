package main

import (
	"strings"
	"testing"

	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
)

func TestRenderPageCarriesTheTrackingCode(t *testing.T) {
	html, err := renderPage("The blog", webstats.GetTrackingCodeResult{
		Host:      "https://stats.example.com",
		ScriptUrl: "https://stats.example.com/js/script.js",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<script data-host="https://stats.example.com" data-dnt="false" src="https://stats.example.com/js/script.js" id="ZwSg9rf6GA" async defer></script>`
	if !strings.Contains(html, want) {
		t.Fatalf("the page lacks %s:\n%s", want, html)
	}
}

func TestRenderPageEscapesWhatItIsGiven(t *testing.T) {
	html, err := renderPage(`</title><script>alert(1)</script>`, webstats.GetTrackingCodeResult{
		Host:      `https://stats.example.com"><script>alert(2)</script>`,
		ScriptUrl: "javascript:alert(3)",
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, unsafe := range []string{"<script>alert", "javascript:"} {
		if strings.Contains(html, unsafe) {
			t.Fatalf("the page holds %q:\n%s", unsafe, html)
		}
	}
}
