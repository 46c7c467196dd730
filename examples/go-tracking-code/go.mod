module webstats-go-tracking-code

go 1.25

require (
	github.com/pulumi-webstats/pulumi-webstats/language-sdks/go v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.257.0
)
