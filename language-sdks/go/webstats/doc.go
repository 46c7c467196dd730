// Websites of the Website Statistics Service (phpAnalytics-style installations) and their privacy, email-report, bot, query-parameter and IP exclusion settings.
package webstats
