import pulumi
import pulumi_webstats as webstats

# The installation's tracking code, put into the home page of a static site the program
# publishes: each page that carries it counts its visits.
tracking = webstats.get_tracking_code_output()

pulumi.export("scriptUrl", tracking.script_url)
pulumi.export(
    "homePage",
    tracking.tracking_code.apply(
        lambda snippet: f"<!doctype html>\n<html>\n<head>\n<title>Blog</title>\n{snippet}\n</head>\n<body></body>\n</html>\n"
    ),
)
