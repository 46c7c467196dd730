package main

import (
	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The account's favorite websites, across every page of the listing, in the order of
		// their domains.
		favorites := webstats.GetWebsitesOutput(ctx, webstats.GetWebsitesOutputArgs{
			Favorite: pulumi.Bool(true),
			SortBy:   pulumi.String("domain"),
			Sort:     pulumi.String("asc"),
		})
		ctx.Export("favoriteDomains", favorites.Websites().ApplyT(func(sites []webstats.WebsiteInfo) []string {
			domains := make([]string, 0, len(sites))
			for _, site := range sites {
				domains = append(domains, site.Domain)
			}
			return domains
		}))
		return nil
	})
}
