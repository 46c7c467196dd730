package main

import (
	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The account that owns the stack's API key, and how many websites its plan allows (-1:
		// no limit).
		account := webstats.GetAccountOutput(ctx, webstats.GetAccountOutputArgs{})
		ctx.Export("accountName", account.Name())
		ctx.Export("planName", account.Plan().Name())
		ctx.Export("websiteLimit", account.Plan().Features().Websites())
		return nil
	})
}
