import pulumi
import pulumi_webstats as webstats

# The account that owns the stack's API key, and how many websites its plan allows (-1: no limit).
account = webstats.get_account_output()

pulumi.export("accountName", account.name)
pulumi.export("planName", account.plan.apply(lambda plan: plan.name if plan else None))
pulumi.export("websiteLimit", account.plan.apply(lambda plan: plan.features.websites if plan else None))
