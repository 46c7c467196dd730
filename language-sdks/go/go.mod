module github.com/pulumi-webstats/pulumi-webstats/language-sdks/go

go 1.25

require github.com/pulumi/pulumi/sdk/v3 v3.256.0
