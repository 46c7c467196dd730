package main

import (
	"fmt"

	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The installation's tracking code, put into the home page of a static site the program
		// publishes: each page that carries it counts its visits.
		tracking := webstats.GetTrackingCodeOutput(ctx, webstats.GetTrackingCodeOutputArgs{})
		ctx.Export("scriptUrl", tracking.ScriptUrl())
		ctx.Export("homePage", tracking.TrackingCode().ApplyT(func(snippet string) string {
			return fmt.Sprintf("<!doctype html>\n<html>\n<head>\n<title>Blog</title>\n%s\n</head>\n<body></body>\n</html>\n", snippet)
		}).(pulumi.StringOutput))
		return nil
	})
}
