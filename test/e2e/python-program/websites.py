"""The Python SDK's engine-test program, written as a user writes one.

Two websites in two accounts: `site` through the default provider (the stack's webstats:*
settings) with a secret password, `client` through an explicit provider of a second account;
each of the SDK's functions, plain and as outputs. What changes between operations comes from
the stack's configuration, which the test sets.
"""

import pulumi
import pulumi_webstats as webstats

config = pulumi.Config()

site = webstats.Website(
    "site",
    domain=config.require("siteDomain"),
    privacy=webstats.Privacy.PASSWORD,
    password=config.require_secret("statsPassword"),
    email=config.require_bool("email"),
    exclude_ips=["203.0.113.0/24"],
    exclude_params=["utm_source"],
)
agency = webstats.Provider(
    "agency",
    base_url=config.require("agencyUrl"),
    api_key=config.require_secret("agencyKey"),
)
client = webstats.Website(
    "client",
    domain=config.require("clientDomain"),
    exclude_bots=True,
    opts=pulumi.ResourceOptions(provider=agency),
)

# Plain invokes: the program gets the accounts' values themselves.
account = webstats.get_account()
agency_account = webstats.get_account(opts=pulumi.InvokeOptions(provider=agency))
# Invokes as outputs: one waits for the site's domain, the other for the client to exist.
found = webstats.get_website_output(domain=site.domain)
agency_websites = webstats.get_websites_output(
    opts=pulumi.InvokeOutputOptions(provider=agency, depends_on=[client])
)

pulumi.export("siteId", site.website_id)
pulumi.export("domain", site.domain)
pulumi.export("hasPassword", site.has_password)
pulumi.export("password", site.password)
pulumi.export("clientId", client.website_id)
pulumi.export("accountName", account.name)
pulumi.export("agencyName", agency_account.name)
pulumi.export("foundId", found.id)
pulumi.export("foundPrivacy", found.privacy)
pulumi.export("trackingCode", site.tracking_code)
pulumi.export("agencyTrackingCode", webstats.get_tracking_code(opts=pulumi.InvokeOptions(provider=agency)).tracking_code)
pulumi.export("agencyDomains", agency_websites.websites.apply(lambda sites: [s.domain for s in sites]))
