// A Pulumi program written with the Go SDK generated from the package schema
// (language-sdks/go), run as an Automation API inline program: the engine talks to this process
// directly, so no Go language host is needed, and the provider plugin serves its websites.
//
// Usage: go-program REQUEST, where REQUEST is a JSON object or the path of a file holding one
// (see request). It runs one operation on the stack and prints one JSON object to stdout (see
// result); the engine's own output goes to stderr. On failure it exits with status 1 and the
// error on stderr.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi-webstats/pulumi-webstats/language-sdks/go/webstats"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// request says what to run, where, and what the program declares.
type request struct {
	// Operation is up, refresh, preview or destroy.
	Operation string `json:"operation"`
	// Refresh makes up and preview refresh the state first (--refresh).
	Refresh bool `json:"refresh"`
	// PreviewFirst makes up preview first and stop if the preview fails, as `pulumi up` does (the
	// Automation API's Up skips the preview). It needs CLIDir.
	PreviewFirst bool   `json:"previewFirst"`
	Project      string `json:"project"`
	Stack        string `json:"stack"`
	// WorkDir receives Pulumi.yaml and the stack's configuration file.
	WorkDir string `json:"workDir"`
	// BackendURL is where the state lives, e.g. file:///tmp/backend.
	BackendURL string `json:"backendUrl"`
	// PulumiHome is the folder that holds the installed provider plugin.
	PulumiHome string `json:"pulumiHome"`
	// CLIDir is the folder of the pulumi executable; empty means the one on PATH.
	CLIDir     string `json:"cliDir"`
	Passphrase string `json:"passphrase"`
	// BaseURL and APIKey are the default provider's account, set as stack configuration.
	BaseURL string `json:"baseUrl"`
	APIKey  string `json:"apiKey"`
	// SecondAccount, when set, is served by an explicit provider. It is kept in the stack's
	// configuration, so later requests of the same stack need not repeat it.
	SecondAccount *account  `json:"secondAccount"`
	Websites      []website `json:"websites"`
}

type account struct {
	BaseURL string `json:"baseUrl"`
	APIKey  string `json:"apiKey"`
}

// website is one Website to declare; omitted settings keep the SDK's defaults.
type website struct {
	// Name is the resource name and the key of its id in the websiteIds output.
	Name          string   `json:"name"`
	Domain        string   `json:"domain"`
	Email         *bool    `json:"email,omitempty"`
	ExcludeBots   *bool    `json:"excludeBots,omitempty"`
	Privacy       string   `json:"privacy,omitempty"`
	ExcludeIps    []string `json:"excludeIps,omitempty"`
	ExcludeParams []string `json:"excludeParams,omitempty"`
	// SecondAccount puts the website in the second account, through the explicit provider.
	SecondAccount bool `json:"secondAccount,omitempty"`
}

// result is what the program prints.
type result struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	// Summary counts the resources by what the operation did (create, update, same ...).
	Summary map[string]int `json:"summary,omitempty"`
	// Changes says, for preview, whether anything would change.
	Changes *bool          `json:"changes,omitempty"`
	Outputs map[string]any `json:"outputs,omitempty"`
}

func main() {
	res, err := run(context.Background(), os.Args[1:])
	if err != nil {
		res = result{Error: err.Error()}
		fmt.Fprintln(os.Stderr, err)
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	if err != nil {
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) (result, error) {
	if len(args) != 1 {
		return result{}, errors.New("usage: go-program REQUEST (a JSON object, or the path of a file holding one)")
	}
	req, err := readRequest(args[0])
	if err != nil {
		return result{}, err
	}
	stack, err := openStack(ctx, req)
	if err != nil {
		return result{}, err
	}

	// The engine's output goes to stderr, so that stdout holds only the result.
	res := result{OK: true}
	switch req.Operation {
	case "up":
		opts := operationOptions(optup.ProgressStreams, optup.ErrorProgressStreams, optup.Refresh, req.Refresh)
		up, err := stack.Up(ctx, opts...)
		if err != nil {
			return result{}, fmt.Errorf("up failed: %w", err)
		}
		res.Summary = changes(up.Summary.ResourceChanges)
		res.Outputs = plain(up.Outputs)
		return res, nil
	case "preview":
		opts := operationOptions(optpreview.ProgressStreams, optpreview.ErrorProgressStreams, optpreview.Refresh, req.Refresh)
		preview, err := stack.Preview(ctx, opts...)
		if err != nil {
			return result{}, fmt.Errorf("preview failed: %w", err)
		}
		res.Summary = map[string]int{}
		changed := false
		for op, count := range preview.ChangeSummary {
			res.Summary[string(op)] = count
			changed = changed || (op != apitype.OpSame && count > 0)
		}
		res.Changes = &changed
	case "refresh":
		refresh, err := stack.Refresh(ctx, optrefresh.ProgressStreams(os.Stderr), optrefresh.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return result{}, fmt.Errorf("refresh failed: %w", err)
		}
		res.Summary = changes(refresh.Summary.ResourceChanges)
	case "destroy":
		destroy, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr), optdestroy.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return result{}, fmt.Errorf("destroy failed: %w", err)
		}
		res.Summary = changes(destroy.Summary.ResourceChanges)
		return res, nil
	}
	// The results of preview and refresh carry no outputs: report the stack's.
	outputs, err := stack.Outputs(ctx)
	if err != nil {
		return result{}, fmt.Errorf("reading the stack's outputs: %w", err)
	}
	res.Outputs = plain(outputs)
	return res, nil
}

// operationOptions are an up's or a preview's options (of its package's type O): the engine's
// output on stderr, and a refresh first when refresh is set.
func operationOptions[O any](progress, errorProgress func(...io.Writer) O, refreshFirst func() O, refresh bool) []O {
	opts := []O{progress(os.Stderr), errorProgress(os.Stderr)}
	if refresh {
		opts = append(opts, refreshFirst())
	}
	return opts
}

// readRequest takes the request itself, or the path of a file that holds it.
func readRequest(arg string) (request, error) {
	text := []byte(arg)
	if !strings.HasPrefix(strings.TrimSpace(arg), "{") {
		var err error
		if text, err = os.ReadFile(arg); err != nil {
			return request{}, fmt.Errorf("reading the request: %w", err)
		}
	}
	var req request
	decoder := json.NewDecoder(bytes.NewReader(text))
	// A misspelt key would otherwise be dropped silently and the program declare something else.
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&req); err != nil {
		return request{}, fmt.Errorf("the request is not valid: %w", err)
	}
	if req.Project == "" || req.Stack == "" || req.WorkDir == "" || req.BackendURL == "" {
		return request{}, errors.New("the request needs project, stack, workDir and backendUrl")
	}
	if req.PreviewFirst && req.CLIDir == "" {
		return request{}, errors.New("previewFirst needs cliDir")
	}
	// Checked before the stack is touched, so that a bad request changes nothing.
	switch req.Operation {
	case "up", "refresh", "preview", "destroy":
	default:
		return request{}, fmt.Errorf("unknown operation %q: use up, refresh, preview or destroy", req.Operation)
	}
	return req, nil
}

// openStack creates or selects the stack with its configuration, offline: a local backend, the
// given CLI and PULUMI_HOME, no plugin downloads and no plugin found on PATH.
func openStack(ctx context.Context, req request) (auto.Stack, error) {
	opts := []auto.LocalWorkspaceOption{
		auto.WorkDir(req.WorkDir),
		auto.Project(workspace.Project{
			Name:    tokens.PackageName(req.Project),
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: req.BackendURL},
		}),
		auto.SecretsProvider("passphrase"),
		auto.EnvVars(map[string]string{
			"PULUMI_CONFIG_PASSPHRASE":                    req.Passphrase,
			"PULUMI_SKIP_UPDATE_CHECK":                    "true",
			"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION": "true",
			"PULUMI_IGNORE_AMBIENT_PLUGINS":               "true",
		}),
	}
	if req.PulumiHome != "" {
		opts = append(opts, auto.PulumiHome(req.PulumiHome))
	}
	if req.CLIDir != "" {
		// The Automation API looks for ROOT/bin/pulumi.
		cli, err := auto.NewPulumiCommand(&auto.PulumiCommandOptions{Root: filepath.Dir(req.CLIDir)})
		if err != nil {
			return auto.Stack{}, err
		}
		if req.PreviewFirst && req.Operation == "up" {
			cli = previewing{cli}
		}
		opts = append(opts, auto.Pulumi(cli))
	}
	stack, err := auto.UpsertStackInlineSource(ctx, req.Stack, req.Project, program(req.Websites), opts...)
	if err != nil {
		return auto.Stack{}, err
	}
	settings := auto.ConfigMap{
		"webstats:baseUrl": {Value: req.BaseURL},
		"webstats:apiKey":  {Value: req.APIKey, Secret: true},
	}
	if req.SecondAccount != nil {
		settings["secondBaseUrl"] = auto.ConfigValue{Value: req.SecondAccount.BaseURL}
		settings["secondApiKey"] = auto.ConfigValue{Value: req.SecondAccount.APIKey, Secret: true}
	}
	if err := stack.SetAllConfig(ctx, settings); err != nil {
		return auto.Stack{}, fmt.Errorf("setting the stack's configuration: %w", err)
	}
	return stack, nil
}

// previewing runs the CLI as `pulumi up` runs when a user types it, preview first: the Automation
// API's Up passes --skip-preview, which it takes out.
type previewing struct{ auto.PulumiCommand }

func (p previewing) Run(ctx context.Context, workdir string, stdin io.Reader, output, errorOutput []io.Writer,
	env []string, args ...string,
) (string, string, int, error) {
	kept := make([]string, 0, len(args))
	for _, arg := range args {
		if arg != "--skip-preview" {
			kept = append(kept, arg)
		}
	}
	return p.PulumiCommand.Run(ctx, workdir, stdin, output, errorOutput, env, kept...)
}

// program declares the websites, the second account's provider when that account is configured,
// and reads each account; it exports the websites' ids by name and the accounts' names, and, read
// with the functions' output forms, the account's plan and the ids of the first account's websites
// looked up by their domains (before they exist, on a first preview).
func program(sites []website) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		var second *webstats.Provider
		if secondURL := cfg.Get("secondBaseUrl"); secondURL != "" {
			var err error
			// The key comes from the stack's configuration as a secret, as a user keeps it.
			second, err = webstats.NewProvider(ctx, "second", &webstats.ProviderArgs{
				BaseUrl: pulumi.String(secondURL),
				ApiKey:  cfg.RequireSecret("secondApiKey"),
			})
			if err != nil {
				return err
			}
		}

		ids := pulumi.IntMap{}
		found := pulumi.IntMap{}
		codes := pulumi.StringMap{}
		for _, site := range sites {
			args := &webstats.WebsiteArgs{Domain: pulumi.String(site.Domain)}
			if site.Email != nil {
				args.Email = pulumi.Bool(*site.Email)
			}
			if site.ExcludeBots != nil {
				args.ExcludeBots = pulumi.Bool(*site.ExcludeBots)
			}
			if site.Privacy != "" {
				args.Privacy = webstats.Privacy(site.Privacy)
			}
			if site.ExcludeIps != nil {
				args.ExcludeIps = pulumi.ToStringArray(site.ExcludeIps)
			}
			if site.ExcludeParams != nil {
				args.ExcludeParams = pulumi.ToStringArray(site.ExcludeParams)
			}
			var opts []pulumi.ResourceOption
			if site.SecondAccount {
				if second == nil {
					return fmt.Errorf("website %q asks for the second account, which is not configured", site.Name)
				}
				opts = append(opts, pulumi.Provider(second))
			}
			created, err := webstats.NewWebsite(ctx, site.Name, args, opts...)
			if err != nil {
				return err
			}
			ids[site.Name] = created.WebsiteId
			codes[site.Name] = created.TrackingCode.Elem()
			if !site.SecondAccount {
				lookup := webstats.LookupWebsiteOutputArgs{Domain: created.Domain}
				found[site.Name] = webstats.LookupWebsiteOutput(ctx, lookup).Id()
			}
		}
		ctx.Export("websiteIds", ids)
		ctx.Export("foundIds", found)
		ctx.Export("trackingCodes", codes)
		// As the README's example reads the plan.
		ctx.Export("planName", webstats.GetAccountOutput(ctx, webstats.GetAccountOutputArgs{}).Plan().Name())

		// A plain invoke: the program gets the account's values themselves, not outputs.
		own, err := webstats.GetAccount(ctx, &webstats.GetAccountArgs{})
		if err != nil {
			return err
		}
		ctx.Export("accountName", pulumi.String(own.Name))
		tracking, err := webstats.GetTrackingCode(ctx, &webstats.GetTrackingCodeArgs{})
		if err != nil {
			return err
		}
		ctx.Export("trackingCode", pulumi.String(tracking.TrackingCode))
		if second != nil {
			other, err := webstats.GetAccount(ctx, &webstats.GetAccountArgs{}, pulumi.Provider(second))
			if err != nil {
				return err
			}
			ctx.Export("secondAccountName", pulumi.String(other.Name))
		}
		return nil
	}
}

// plain turns the stack's outputs into plain values; a secret one is never printed.
func plain(outputs auto.OutputMap) map[string]any {
	values := map[string]any{}
	for name, output := range outputs {
		if output.Secret {
			values[name] = "[secret]"
		} else {
			values[name] = output.Value
		}
	}
	return values
}

// changes is the summary's count of resources by operation; none when the engine sent none.
func changes(counts *map[string]int) map[string]int {
	if counts == nil {
		return map[string]int{}
	}
	return *counts
}
