package main

import (
	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A website the account already tracks, looked up by its domain (or by its id:
		// `Id: pulumi.Int(42)`). In Go the function is LookupWebsite: GetWebsite reads a
		// Website resource's state.
		blog := webstats.LookupWebsiteOutput(ctx, webstats.LookupWebsiteOutputArgs{
			Domain: pulumi.String("blog.example.com"),
		})
		ctx.Export("blogId", blog.Id())
		ctx.Export("blogPrivacy", blog.Privacy())
		return nil
	})
}
