package e2e;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.deployment.InvokeOptions;
import com.pulumi.deployment.InvokeOutputOptions;
import com.pulumi.resources.CustomResourceOptions;
import io.github.pulumiwebstats.webstats.Provider;
import io.github.pulumiwebstats.webstats.ProviderArgs;
import io.github.pulumiwebstats.webstats.Website;
import io.github.pulumiwebstats.webstats.WebsiteArgs;
import io.github.pulumiwebstats.webstats.WebstatsFunctions;
import io.github.pulumiwebstats.webstats.enums.Privacy;
import io.github.pulumiwebstats.webstats.inputs.GetAccountPlainArgs;
import io.github.pulumiwebstats.webstats.inputs.GetTrackingCodePlainArgs;
import io.github.pulumiwebstats.webstats.inputs.GetWebsiteArgs;
import io.github.pulumiwebstats.webstats.inputs.GetWebsitesArgs;
import io.github.pulumiwebstats.webstats.outputs.WebsiteInfo;
import java.util.stream.Collectors;

/**
 * The Java SDK's engine-test program, written as a user writes one: two websites in two accounts,
 * `site` through the default provider (the stack's webstats:* settings) with a secret password,
 * `client` through an explicit provider of a second account, and each of the SDK's functions, as
 * a plain invoke and as an output. What changes between operations comes from the stack's
 * configuration, which the test sets; `lookupWithoutOptions` makes getWebsite use the overload
 * that fails a first preview.
 */
public class Websites {
    public static void main(String[] args) {
        Pulumi.run(Websites::stack);
    }

    private static void stack(Context ctx) {
        var config = ctx.config();

        var site = new Website("site", WebsiteArgs.builder()
            .domain(config.require("siteDomain"))
            .privacy(Privacy.Password)
            .password(config.requireSecret("statsPassword"))
            .email(config.requireBoolean("email"))
            .excludeIps("203.0.113.0/24")
            .excludeParams("utm_source")
            .build());
        var agency = new Provider("agency", ProviderArgs.builder()
            .baseUrl(config.require("agencyUrl"))
            .apiKey(config.requireSecret("agencyKey"))
            .build());
        var client = new Website("client", WebsiteArgs.builder()
            .domain(config.require("clientDomain"))
            .excludeBots(true)
            .build(), CustomResourceOptions.builder().provider(agency).build());

        // Plain invokes: the program gets the accounts' values themselves.
        var account = WebstatsFunctions.getAccountPlain();
        var agencyAccount = WebstatsFunctions.getAccountPlain(
            GetAccountPlainArgs.builder().build(), InvokeOptions.builder().provider(agency).build());
        // Invokes as outputs: one waits for the site, the other for the client to exist. The
        // overload without options looks the site up at once, even on a preview that has not
        // created it yet; `lookupWithoutOptions` makes the program use it (the README's warning).
        var lookup = GetWebsiteArgs.builder().domain(site.domain()).build();
        var found = config.getBoolean("lookupWithoutOptions").orElse(false)
            ? WebstatsFunctions.getWebsite(lookup)
            : WebstatsFunctions.getWebsite(lookup, InvokeOutputOptions.Empty);
        var agencyWebsites = WebstatsFunctions.getWebsites(GetWebsitesArgs.builder().build(),
            // InvokeOutputOptions has no builder() of its own: the inherited one makes InvokeOptions.
            new InvokeOutputOptions.Builder().provider(agency).dependsOn(client).build());

        ctx.export("siteId", site.websiteId());
        ctx.export("domain", site.domain());
        ctx.export("hasPassword", site.hasPassword());
        ctx.export("password", site.password());
        ctx.export("clientId", client.websiteId());
        ctx.export("accountName", Output.of(account).applyValue(result -> result.name()));
        ctx.export("agencyName", Output.of(agencyAccount).applyValue(result -> result.name()));
        ctx.export("foundId", found.applyValue(result -> result.id()));
        ctx.export("foundPrivacy", found.applyValue(result -> result.privacy().getValue()));
        ctx.export("trackingCode", site.trackingCode().applyValue(code -> code.orElse("")));
        ctx.export("agencyTrackingCode", Output.of(WebstatsFunctions.getTrackingCodePlain(
            GetTrackingCodePlainArgs.builder().build(), InvokeOptions.builder().provider(agency).build()))
            .applyValue(result -> result.trackingCode()));
        ctx.export("agencyDomains", agencyWebsites.applyValue(result -> result.websites().stream()
            .map(WebsiteInfo::domain)
            .collect(Collectors.toList())));
    }
}
