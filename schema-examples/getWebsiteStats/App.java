package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.WebstatsFunctions;
import io.github.pulumiwebstats.webstats.inputs.GetWebsiteArgs;
import io.github.pulumiwebstats.webstats.inputs.GetWebsiteStatsArgs;
import io.github.pulumiwebstats.webstats.inputs.StatsTopArgs;
import io.github.pulumiwebstats.webstats.outputs.StatRow;
import java.util.stream.Collectors;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            // June's pageviews and visitors of a website the account tracks, and its five most
            // viewed pages.
            var blog = WebstatsFunctions.getWebsite(GetWebsiteArgs.builder()
                .domain("blog.example.com")
                .build());
            var june = WebstatsFunctions.getWebsiteStats(GetWebsiteStatsArgs.builder()
                .id(blog.applyValue(site -> site.id()))
                .from("2026-06-01")
                .to("2026-06-30")
                .top(StatsTopArgs.builder().name("page").count(5).build())
                .build());
            ctx.export("pageviews", june.applyValue(stats -> stats.pageviews()));
            ctx.export("visitors", june.applyValue(stats -> stats.visitors()));
            ctx.export("topPages", june.applyValue(stats -> stats.top().stream()
                .map(StatRow::value)
                .collect(Collectors.toList())));
        });
    }
}
