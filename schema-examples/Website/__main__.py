import pulumi
import pulumi_webstats as webstats

config = pulumi.Config()

# Statistics behind a password, read from the stack's secrets; bots, two tracking parameters and
# the office network left out of the counts.
blog = webstats.Website(
    "blog",
    domain="blog.example.com",
    privacy=webstats.Privacy.PASSWORD,
    password=config.require_secret("statsPassword"),
    email=True,
    exclude_bots=True,
    exclude_params=["utm_source", "fbclid"],
    exclude_ips=["203.0.113.0/24"],
)

pulumi.export("websiteId", blog.website_id)
