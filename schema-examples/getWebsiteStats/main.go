package main

import (
	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// June's pageviews and visitors of a website the account tracks, and its five most
		// viewed pages.
		blog := webstats.LookupWebsiteOutput(ctx, webstats.LookupWebsiteOutputArgs{
			Domain: pulumi.String("blog.example.com"),
		})
		june := webstats.GetWebsiteStatsOutput(ctx, webstats.GetWebsiteStatsOutputArgs{
			Id:   blog.Id(),
			From: pulumi.String("2026-06-01"),
			To:   pulumi.String("2026-06-30"),
			Top:  &webstats.StatsTopArgs{Name: pulumi.String("page"), Count: pulumi.Int(5)},
		})
		ctx.Export("pageviews", june.Pageviews())
		ctx.Export("visitors", june.Visitors())
		ctx.Export("topPages", june.Top().ApplyT(func(rows []webstats.StatRow) []string {
			pages := make([]string, 0, len(rows))
			for _, row := range rows {
				pages = append(pages, row.Value)
			}
			return pages
		}))
		return nil
	})
}
