package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.WebstatsFunctions;
import io.github.pulumiwebstats.webstats.inputs.GetWebsiteArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            // A website the account already tracks, looked up by its domain (or by its id:
            // `.id(42)`).
            var blog = WebstatsFunctions.getWebsite(GetWebsiteArgs.builder()
                .domain("blog.example.com")
                .build());
            ctx.export("blogId", blog.applyValue(site -> site.id()));
            ctx.export("blogPrivacy", blog.applyValue(site -> site.privacy()));
        });
    }
}
