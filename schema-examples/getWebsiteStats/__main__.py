import pulumi
import pulumi_webstats as webstats

# June's pageviews and visitors of a website the account tracks, and its five most viewed pages.
blog = webstats.get_website_output(domain="blog.example.com")
june = webstats.get_website_stats_output(
    id=blog.id,
    from_="2026-06-01",
    to="2026-06-30",
    top={"name": "page", "count": 5},
)

pulumi.export("pageviews", june.pageviews)
pulumi.export("visitors", june.visitors)
pulumi.export("topPages", june.top.apply(lambda rows: [row.value for row in rows or []]))
