import pulumi
import pulumi_webstats as webstats

# A website the account already tracks, looked up by its domain (or by its id: `id=42`).
blog = webstats.get_website_output(domain="blog.example.com")

pulumi.export("blogId", blog.id)
pulumi.export("blogPrivacy", blog.privacy)
