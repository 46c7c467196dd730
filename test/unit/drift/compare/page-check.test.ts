// The page check's parts that need no network: which domains are host names a page is read at
// (the server stores any text shaped like label.label.tld), and the HTML judgement, whatever the
// page holds: 20,000 nested elements walked without recursion, a snippet inside a <template>
// (never run by a browser) not counted, a parse given a deadline, a parse in pieces giving the
// tree parse5 gives in one go. The fetching is test/integration/drift/compare/page-check.test.ts's.
import { defaultTreeAdapter, html, parse, serialize, Tokenizer } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TRACKING_SCRIPT_ID, trackingCodeOf } from "../../../../core/tracking-code";
import { checkPage, PAGE_DEFAULTS, pageHost } from "../../../../drift/compare/page-check";
import {
  judgeDocument,
  judgeHtml,
  judgePage,
  MAX_PAGE_PARTS,
  ParseTimeout,
  parseWithin,
  scriptsOf,
} from "../../../../drift/compare/page-html";

type ParentNode = DefaultTreeAdapterMap["parentNode"];

const installation = "https://stats.example.com";
const snippet = trackingCodeOf(installation, {}).trackingCode;
const never = new AbortController().signal;

afterEach(() => vi.restoreAllMocks());

describe("pageHost", () => {
  it.each([
    ["example.com", "example.com"],
    ["Shop.Example.COM", "shop.example.com"],
    ["example.com.", "example.com."],
    ["bücher.example.de", "xn--bcher-kva.example.de"],
    ["169.254.169.254", "169.254.169.254"],
    ["a-b.example.co.uk", "a-b.example.co.uk"],
  ])("%j is read at %j", (domain, host) => {
    expect(pageHost(domain)).toEqual({ host });
  });

  it.each([
    ["my shop.example.org", /^no page requested, the domain is not a host name: The part "my shop" /],
    ["127.0.0.1:8080/admin?x=1#.com", /contains a path/],
    ["user:pw@host.example.com", /contains a port or scheme/],
    ["<img src=x onerror=alert(1)>.example.org", /may only contain letters, digits and hyphens/],
    ["shop.example.org\n", /may only contain letters, digits and hyphens/],
    ["ex%41mple.com", /may only contain letters, digits and hyphens/],
    ["0x7f.0.0.1", /ends in a number/],
    ["2130706433.0", /not a valid IPv4 address/],
    ["localhost", /localhost cannot be tracked/],
    ["example", /at least one dot/],
    ["", /empty/],
    ["exa mple.bücher.de", /may only contain letters, digits and hyphens/],
    [`${"a".repeat(64)}.example.com`, /at most 63/],
  ])("%j is not a host name: %s", (domain, reason) => {
    const result = pageHost(domain);
    expect(result).toHaveProperty("problem");
    const problem = (result as { problem: string }).problem;
    expect(problem).toMatch(/^no page requested, the domain is not a host name: /);
    expect(problem).toMatch(reason);
    expect(problem).not.toMatch(/\.$/);
  });

  // The domain rules let a label like 0x1 through; a URL reads a name of such labels as an
  // IPv4 address, or cannot read it at all: no page is requested at what the name is not.
  it.each([
    ["127.0.0.0x1", "127.0.0.1"],
    ["1.2.0x3", "1.2.0.3"],
    ["0x1.0x2.0x3.0x4", "1.2.3.4"],
    ["a.b.0x10", "nothing"],
  ])("%j is read by a URL as %s: no host name", (domain, read) => {
    expect(pageHost(domain)).toEqual({
      problem: `no page requested, the domain is not a host name: a URL reads it as ${read}`,
    });
  });

  it("says what is wrong with a name beyond ASCII that has no ASCII form", () => {
    // xn--zz is no punycode: the name has no ASCII form, so the name as given is judged.
    expect(pageHost("à.xn--zz.com")).toEqual({
      problem:
        'no page requested, the domain is not a host name: The part "à" of the domain may only contain letters, digits and hyphens, and may not start or end with a hyphen',
    });
  });
});

describe("checkPage", () => {
  it("gives what its bounds throw as the website's status, never a rejection", async () => {
    // A deadline a timer cannot take: thrown before any request.
    expect(
      await checkPage("example.com", installation, {
        ...PAGE_DEFAULTS,
        timeoutMs: -1,
        network: { proxy: undefined, caCertificates: undefined },
      }),
    ).toEqual({
      status: "unreachable",
      reason:
        'the page check failed: The value of "delay" is out of range. It must be >= 0 && <= 4294967295. Received -1',
    });
  });
});

describe("the HTML judgement", () => {
  it("walks 20,000 nested elements without recursion, and finds the snippet at the bottom", async () => {
    const deep = `<!doctype html><html><body>${"<div>".repeat(20_000)}${snippet}${"</div>".repeat(20_000)}</body></html>`;
    const { document } = await parseWithin(deep, AbortSignal.timeout(50_000));
    expect(scriptsOf(document)).toHaveLength(1);
    expect(judgeDocument(document, installation)).toEqual({ status: "present" });
  }, 60_000);

  it("walks a tree far deeper than any call stack", () => {
    const root = defaultTreeAdapter.createDocument();
    let parent: ParentNode = root;
    for (let i = 0; i < 200_000; i++) {
      const div = defaultTreeAdapter.createElement("div", html.NS.HTML, []);
      defaultTreeAdapter.appendChild(parent, div);
      parent = div;
    }
    const script = defaultTreeAdapter.createElement("script", html.NS.HTML, [
      { name: "id", value: "deepest" },
    ]);
    defaultTreeAdapter.appendChild(parent, script);
    expect(scriptsOf(root)).toEqual([script]);
  });

  it("does not count a snippet inside a <template>: browsers never run its content", async () => {
    for (const page of [
      `<!doctype html><html><head><template>${snippet}</template></head><body></body></html>`,
      `<!doctype html><body><template><div><template><p>${snippet}</p></template></div></template></body>`,
      `<!doctype html><body><table><template>${snippet}</template></table></body>`,
    ]) {
      expect(judgeHtml(page, installation)).toEqual({
        status: "missing",
        reason: "no tracking code in the home page",
      });
      expect(await judgePage(page, installation, never)).toMatchObject({ status: "missing" });
    }
    // The same snippet beside the template counts.
    const beside = `<!doctype html><body><template><p>x</p></template>${snippet}</body>`;
    expect(judgeHtml(beside, installation)).toEqual({ status: "present" });
  });

  it("does not count an SVG script (it loads no src), a comment or a <noscript>", () => {
    for (const wrapped of [
      `<svg>${snippet}</svg>`,
      `<!-- ${snippet} -->`,
      `<noscript>${snippet}</noscript>`,
    ]) {
      expect(judgeHtml(`<!doctype html><body>${wrapped}</body>`, installation)).toMatchObject({
        status: "missing",
      });
    }
  });

  it("finds the snippet among the page's other scripts, and its address with a trailing / or spaces", () => {
    const page = (code: string) =>
      `<!doctype html><head><script>var a = 1;</script><script src="/app.js" id="app"></script>${code}</head></html>`;
    expect(judgeHtml(page(snippet), installation)).toEqual({ status: "present" });
    for (const dataHost of [`${installation}/`, ` ${installation}// `]) {
      const spelled = snippet.replace(`data-host="${installation}"`, `data-host="${dataHost}"`);
      expect(judgeHtml(page(spelled), installation), dataHost).toEqual({ status: "present" });
      expect(judgeHtml(page(snippet), dataHost), dataHost).toEqual({ status: "present" });
    }
  });

  it("says what is wrong with the snippet that has the tracking id", () => {
    const ours = (attributes: string) =>
      `<!doctype html><body><script ${attributes} id="${TRACKING_SCRIPT_ID}"></script></body>`;
    const src = `src="${installation}/js/script.js"`;
    for (const attributes of [src, `data-host="  " ${src}`]) {
      expect(judgeHtml(ours(attributes), installation)).toEqual({
        status: "wrong",
        reason: "the tracking code has no data-host",
      });
    }
    for (const attributes of [`data-host="${installation}"`, `data-host="${installation}" src=""`]) {
      expect(judgeHtml(ours(attributes), installation)).toEqual({
        status: "wrong",
        reason: "the tracking code has no src",
      });
    }
    expect(judgeHtml(ours(`data-host="https://other.example.org" ${src}`), installation)).toEqual({
      status: "wrong",
      reason: `the tracking code sends its hits to another installation: https://other.example.org instead of ${installation}`,
    });
  });

  it("says when the installation's script is there without the tracking id, which it needs to find itself", () => {
    const cannot = `instead of "${TRACKING_SCRIPT_ID}": it cannot find itself and sends nothing`;
    const cases: [string, string][] = [
      [
        `<script src="${installation}/js/script.js" id="tracker"></script>`,
        `with the id "tracker" ${cannot}`,
      ],
      [`<script src="${installation}/js/script.js"></script>`, `without its id ${cannot}`],
      [`<script data-host="${installation}"></script>`, `without its id ${cannot}`],
    ];
    for (const [script, reason] of cases) {
      expect(judgeHtml(`<!doctype html><body>${script}</body>`, installation)).toEqual({
        status: "wrong",
        reason: `a tracking script is there ${reason}`,
      });
    }
    // Another script whose address only holds the path elsewhere is none of the installation's.
    expect(
      judgeHtml(`<!doctype html><body><script src="/js/script.js.map.js"></script></body>`, installation),
    ).toEqual({ status: "missing", reason: "no tracking code in the home page" });
  });

  it("finds scripts in document order", () => {
    const document = parse(
      `<!doctype html><head><script id="a"></script></head><body><div><script id="b"></script></div><script id="c"></script></body>`,
    );
    expect(scriptsOf(document).map((s) => s.attrs.find((a) => a.name === "id")?.value)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("parses in pieces to the tree parse5 gives in one go", async () => {
    const pages = [
      "",
      "<p>x",
      `<!doctype html><html><head><title>t</title>${snippet}</head><body>${"<table><tr><td>cell 😀 ".repeat(200)}<script>var s = "</scr" + "ipt>";</script><!-- c --></body></html>`,
      `${"😀<b><i>".repeat(300)}<textarea>${"<p>".repeat(10_000)}</textarea>`,
      `<p>${"a 😀 &amp; b <br>".repeat(20_000)}`,
      // Text inside a table but in no cell goes before the table (parse5's insertTextBefore).
      `<table>${"a b ".repeat(5_000)}<tr><td>c</td>${"d &amp; ".repeat(3_000)}</tr></table>`,
      `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><html lang=en><body class=a><html dir=ltr><body id=b>x`,
    ];
    for (const page of pages) {
      const parsed = await parseWithin(page, never);
      expect(parsed.cut).toBe(false);
      expect(serialize(parsed.document)).toBe(serialize(parse(page)));
    }
  });

  it("parses in smaller pieces after slow ones and larger after fast ones, within its bounds", async () => {
    // The clock is scripted: each piece takes `took` ms as performance.now() tells it.
    const piecesOf = async (page: string, took: number): Promise<number[]> => {
      const write = vi.spyOn(Tokenizer.prototype, "write");
      let now = 0;
      vi.spyOn(performance, "now").mockImplementation(() => (now += took));
      const { document } = await parseWithin(page, never);
      const pieces = write.mock.calls.map(([chunk]) => chunk.length);
      vi.restoreAllMocks();
      expect(serialize(document)).toBe(serialize(parse(page)));
      return pieces;
    };
    const slow = await piecesOf("a".repeat(40_000), 30);
    expect(slow.slice(0, 10)).toEqual([16_384, 8_192, 4_096, 2_048, 1_024, 512, 256, 128, 64, 64]);
    expect(Math.min(...slow.slice(0, -1))).toBe(64);
    expect(slow.reduce((a, b) => a + b)).toBe(40_000);
    const fast = await piecesOf("a".repeat(300_000), 1);
    expect(fast.slice(0, 5)).toEqual([16_384, 32_768, 65_536, 65_536, 65_536]);
    // Neither slow nor fast, the bounds included: the pieces keep their size.
    for (const took of [4, 10, 20]) {
      expect(await piecesOf("a".repeat(50_000), took)).toEqual([16_384, 16_384, 16_384, 848]);
    }
  });

  it("stops a parse whose deadline passed", async () => {
    const timedOut = AbortSignal.abort();
    await expect(parseWithin("<p>x</p>", timedOut)).rejects.toBeInstanceOf(ParseTimeout);
    await expect(parseWithin("<p>x</p>", timedOut)).rejects.toMatchObject({
      message: "the parse ran out of time",
    });
    // A page nested too deep to parse within the deadline: stopped near it, where a whole parse
    // takes many minutes (the test's limit is the guard against a parse the deadline misses).
    await expect(parseWithin("<div>".repeat(400_000), AbortSignal.timeout(500))).rejects.toBeInstanceOf(
      ParseTimeout,
    );
  }, 60_000);

  // The parts a parse keeps, counted: each page holds exactly `parts` (its html, head and body
  // included), so a bound of `parts` parses it whole and one less cuts it.
  it.each([
    { what: "elements", page: "<p>".repeat(100), parts: 103 },
    { what: "texts", page: "<p>x".repeat(100), parts: 203 },
    { what: "comments", page: "<!---->".repeat(100), parts: 103 },
    { what: "attributes", page: "<i a b c>".repeat(100), parts: 403 },
    { what: "attributes a second <body> adds", page: "<body a><body b c>", parts: 6 },
    { what: "a doctype and a template's content", page: "<!doctype html><template>x</template>", parts: 7 },
    { what: "a text of many pieces, one part", page: `<p>${"a ".repeat(10_000)}`, parts: 5 },
    {
      what: "text before a table, one part",
      page: `<table>${"a b ".repeat(100)}<tr><td>c</table>`,
      parts: 9,
    },
  ])("counts $what: $parts parts parse whole, one less cuts the page", async ({ page, parts }) => {
    const whole = await parseWithin(page, never, parts);
    expect(whole.cut).toBe(false);
    expect(serialize(whole.document)).toBe(serialize(parse(page)));
    const cut = await parseWithin(page, never, parts - 1);
    expect(cut.cut).toBe(true);
  });

  it("stops 2 MiB of <p> at its bound of parts, and judges the parts before it", async () => {
    const paragraphs = "<p>".repeat((2 * 1024 * 1024) / 3);
    const parsed = await parseWithin(paragraphs, never);
    expect(parsed.cut).toBe(true);
    let elements = 0;
    const stack = [parsed.document as ParentNode];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      elements += 1;
      for (const child of node.childNodes) if ("childNodes" in child) stack.push(child);
    }
    // The document and the parts kept: no more than the bound.
    expect(elements - 1).toBe(MAX_PAGE_PARTS);
    // The tracking code among the parts kept is found; after them, the page says nothing.
    const head = `<!doctype html><head>${snippet}</head><body>`;
    expect(await judgePage(head + paragraphs, installation, never)).toEqual({
      status: "present",
      cut: { parts: MAX_PAGE_PARTS },
    });
    expect(await judgePage(paragraphs + snippet, installation, never)).toEqual({
      status: "missing",
      reason: "no tracking code in the home page",
      cut: { parts: MAX_PAGE_PARTS },
    });
    expect(await judgePage(head, installation, never, 50)).toEqual({ status: "present" });
  });
});
