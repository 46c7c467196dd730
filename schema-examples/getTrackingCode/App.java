package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiwebstats.webstats.WebstatsFunctions;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            // The installation's tracking code, put into the home page of a static site the
            // program publishes: each page that carries it counts its visits.
            var tracking = WebstatsFunctions.getTrackingCode();
            ctx.export("scriptUrl", tracking.applyValue(result -> result.scriptUrl()));
            ctx.export("homePage", tracking.applyValue(result -> String.format(
                "<!doctype html>%n<html>%n<head>%n<title>Blog</title>%n%s%n</head>%n<body></body>%n</html>%n",
                result.trackingCode())));
        });
    }
}
