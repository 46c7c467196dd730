package main

import (
	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// Statistics behind a password, read from the stack's secrets; bots, two tracking
		// parameters and the office network left out of the counts.
		blog, err := webstats.NewWebsite(ctx, "blog", &webstats.WebsiteArgs{
			Domain:        pulumi.String("blog.example.com"),
			Privacy:       webstats.PrivacyPassword,
			Password:      cfg.RequireSecret("statsPassword"),
			Email:         pulumi.Bool(true),
			ExcludeBots:   pulumi.Bool(true),
			ExcludeParams: pulumi.StringArray{pulumi.String("utm_source"), pulumi.String("fbclid")},
			ExcludeIps:    pulumi.StringArray{pulumi.String("203.0.113.0/24")},
		})
		if err != nil {
			return err
		}
		ctx.Export("websiteId", blog.WebsiteId)
		return nil
	})
}
