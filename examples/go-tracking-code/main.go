// A website declared in Go, and its home page rendered with the installation's tracking code.
//
// The page is a stack output, `page`: the step that publishes the site writes it, e.g.
// `pulumi stack output page > public/index.html`. A new website's values are unknown during a
// preview, so the program renders the page as an output and writes no file itself.
package main

import (
	"bytes"
	"html/template"

	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// The page's template. html/template escapes every value by where it lands: the installation's
// address in an attribute, the script's address as a URL (an unsafe one becomes "#ZgotmplZ").
var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{{.Title}}</title>
  <script data-host="{{.Host}}" data-dnt="{{.DoNotTrack}}" src="{{.ScriptURL}}" id="{{.ID}}" async defer></script>
</head>
<body>
  <h1>{{.Title}}</h1>
</body>
</html>
`))

// The id the installation's script finds its own element by: a page with another id counts nothing.
const trackingScriptID = "ZwSg9rf6GA"

// pageData is what the template needs: the page's title and the parts of the tracking code.
type pageData struct {
	Title      string
	Host       string
	DoNotTrack bool
	ScriptURL  string
	ID         string
}

// renderPage writes the page with the tracking code's parts, as getTrackingCode gives them.
func renderPage(title string, code webstats.GetTrackingCodeResult) (string, error) {
	var out bytes.Buffer
	err := page.Execute(&out, pageData{
		Title:      title,
		Host:       code.Host,
		DoNotTrack: code.DoNotTrack,
		ScriptURL:  code.ScriptUrl,
		ID:         trackingScriptID,
	})
	return out.String(), err
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		blog, err := webstats.NewWebsite(ctx, "blog", &webstats.WebsiteArgs{
			Domain:        pulumi.String("blog.example.com"),
			ExcludeParams: pulumi.StringArray{pulumi.String("utm_source"), pulumi.String("fbclid")},
		})
		if err != nil {
			return err
		}
		// The same snippet for every website of the installation: no website to name, no request.
		code, err := webstats.GetTrackingCode(ctx, &webstats.GetTrackingCodeArgs{})
		if err != nil {
			return err
		}
		html, err := renderPage("The blog", *code)
		if err != nil {
			return err
		}
		ctx.Export("blogId", blog.WebsiteId)
		ctx.Export("trackingCode", blog.TrackingCode)
		ctx.Export("page", pulumi.String(html))
		return nil
	})
}
