package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.WebstatsFunctions;
import io.github.pulumiwebstats.webstats.inputs.GetWebsitesArgs;
import io.github.pulumiwebstats.webstats.outputs.WebsiteInfo;
import java.util.stream.Collectors;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            // The account's favorite websites, across every page of the listing, in the order of
            // their domains.
            var favorites = WebstatsFunctions.getWebsites(GetWebsitesArgs.builder()
                .favorite(true)
                .sortBy("domain")
                .sort("asc")
                .build());
            ctx.export("favoriteDomains", favorites.applyValue(result -> result.websites().stream()
                .map(WebsiteInfo::domain)
                .collect(Collectors.toList())));
        });
    }
}
