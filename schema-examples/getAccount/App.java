package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.WebstatsFunctions;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            // The account that owns the stack's API key, and how many websites its plan allows
            // (-1: no limit).
            var account = WebstatsFunctions.getAccount();
            ctx.export("accountName", account.applyValue(result -> result.name()));
            ctx.export("planName", account.applyValue(result -> result.plan()
                .map(plan -> plan.name())
                .orElse(null)));
            ctx.export("websiteLimit", account.applyValue(result -> result.plan()
                .map(plan -> plan.features().websites())
                .orElse(null)));
        });
    }
}
