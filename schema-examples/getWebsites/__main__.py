import pulumi
import pulumi_webstats as webstats

# The account's favorite websites, across every page of the listing, in the order of their domains.
favorites = webstats.get_websites_output(favorite=True, sort_by="domain", sort="asc")

pulumi.export("favoriteDomains", favorites.websites.apply(lambda sites: [site.domain for site in sites]))
