package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.Website;
import io.github.pulumiwebstats.webstats.WebsiteArgs;
import io.github.pulumiwebstats.webstats.enums.Privacy;
import java.util.List;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            // Statistics behind a password, read from the stack's secrets; bots, two tracking
            // parameters and the office network left out of the counts.
            var blog = new Website("blog", WebsiteArgs.builder()
                .domain("blog.example.com")
                .privacy(Privacy.Password)
                .password(ctx.config().requireSecret("statsPassword"))
                .email(true)
                .excludeBots(true)
                .excludeParams(List.of("utm_source", "fbclid"))
                .excludeIps(List.of("203.0.113.0/24"))
                .build());
            ctx.export("websiteId", blog.websiteId());
        });
    }
}
