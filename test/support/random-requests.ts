// Random requests for the emulator's property test: methods, paths under /api/v1 (ids of both
// accounts, junk segments), query strings, credentials, content types and bodies of every kind.
// Account B's key never appears: the requests play an account A trying to reach B's data.
import fc from "fast-check";
import { MAX_BODY_BYTES } from "../../emulator/body-parsers";

export interface RandomRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** Printable ASCII, which any header can carry. */
const junk = fc.string({ maxLength: 24 });
const anyText = fc.string({ unit: "binary", maxLength: 24 });

/** What the requests may use: the key of the account they act as, and ids and domains of both. */
export interface RequestMaterial {
  keyA: string;
  idsA: number[];
  idsB: number[];
  domainsB: string[];
}

export function requestArbitrary({
  keyA,
  idsA,
  idsB,
  domainsB,
}: RequestMaterial): fc.Arbitrary<RandomRequest> {
  const idSegment = fc.oneof(
    fc.constantFrom(...idsA, ...idsB).map(String),
    fc.nat().map(String),
    fc.constantFrom(
      "0",
      "-1",
      "abc",
      "1.5",
      "1e3",
      "0x1",
      "%20",
      "..",
      "%2e%2e",
      "%",
      "%zz",
      "١٢",
      "9".repeat(30),
    ),
    anyText.map(encodeURIComponent),
  );
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.constant("/api/v1/websites") },
    { weight: 6, arbitrary: idSegment.map((id) => `/api/v1/websites/${id}`) },
    { weight: 2, arbitrary: fc.constant("/api/v1/account") },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.oneof(idSegment, fc.constantFrom("websites", "account", "v1", "")), { maxLength: 4 })
        .map((segments) => `/api/v1/${segments.join("/")}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("/api/v1", "/api/v1/websites/", "/api/v1//websites", "/api/v1/websites/1/2"),
    },
  );

  const queryPair = fc.oneof(
    fc.tuple(
      fc.constantFrom(
        "search",
        "per_page",
        "page",
        "favorite",
        "sort",
        "sort_by",
        "search_by",
        "domain",
        "privacy",
      ),
      fc.oneof(
        junk,
        fc.integer().map(String),
        fc.constantFrom(
          "",
          "1",
          "0",
          "100",
          "1e400",
          "99999999999999999999",
          "%",
          "_",
          "\\",
          "%a%a%a%a%a%a%a%a!",
        ),
      ),
    ),
    fc.tuple(fc.constantFrom("api_token"), fc.constantFrom(keyA, "", "wrong")),
    fc.tuple(fc.constantFrom("__proto__", "constructor", "toString"), junk),
    fc.tuple(junk, anyText),
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    {
      weight: 4,
      arbitrary: fc
        .array(queryPair, { maxLength: 5 })
        .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
    },
    { weight: 1, arbitrary: junk.map((text) => `?${text}`) },
    // LIKE terms made of wildcards, which a backtracking matcher takes ages over.
    {
      weight: 3,
      arbitrary: fc
        .array(fc.constantFrom("%", "%", "_", "a", "!"), { minLength: 8, maxLength: 24 })
        .map((characters) => `?search=${encodeURIComponent(characters.join(""))}`),
    },
  );

  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${keyA}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    fc.constantFrom(
      "Bearer ",
      "Bearer",
      `bearer ${keyA}`,
      `Bearer ${keyA.slice(0, -1)}`,
      `Bearer ${keyA}x`,
      `Token ${keyA}`,
      `Basic ${btoa(`user:${keyA}`)}`,
      `Bearer wrong, Bearer ${keyA}`,
    ),
    junk.map((text) => `Bearer ${text}`),
    junk.map((text) => `Basic ${btoa(text)}`),
    junk,
  );
  const accept = fc.constantFrom(
    undefined,
    "application/json",
    "text/html",
    "*/*",
    "application/json;q=0.1, text/html",
    "application/problem+json",
    "garbage",
  );
  const contentType = fc.oneof(
    fc.constantFrom(
      undefined,
      "application/x-www-form-urlencoded",
      "application/json",
      "application/json; charset=latin1",
      "application/merge-patch+json",
      "text/plain",
      "application/octet-stream",
      "multipart/form-data; boundary=x",
    ),
    junk,
  );

  const fieldName = fc.oneof(
    fc.constantFrom(
      "domain",
      "privacy",
      "password",
      "email",
      "exclude_bots",
      "exclude_params",
      "exclude_ips",
      "favorite",
      "api_token",
      "id",
      "account_id",
      "__proto__",
    ),
    junk,
  );
  const fieldValue = fc.oneof(
    junk,
    anyText,
    fc.constantFrom(
      "0",
      "1",
      "2",
      "3",
      "",
      " ",
      "yes",
      "true",
      "1e400",
      "192.0.2.1",
      "10.0.0.0/8\n2001:db8::/32",
    ),
    fc.constantFrom(...domainsB, ...domainsB.map((domain) => `https://www.${domain}`)),
    fc.nat().map((n) => `random-${n}.example`),
    fc.constantFrom(...idsB).map(String),
  );
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(fieldName, fieldValue), { maxLength: 8 })
        .map((pairs) => new URLSearchParams(pairs).toString()),
    },
    {
      weight: 4,
      arbitrary: fc
        .dictionary(fieldName, fc.oneof(fieldValue, fc.jsonValue({ maxDepth: 3 })), { maxKeys: 8 })
        .map((fields) => JSON.stringify(fields)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 5_000 })
        .map((depth) => `{"domain":${"[".repeat(depth)}${"]".repeat(depth)}}`),
    },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 256 }) },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.constant("x".repeat(MAX_BODY_BYTES + 1)) },
  );

  return fc
    .record({
      method: fc.constantFrom(
        "GET",
        "HEAD",
        "POST",
        "PUT",
        "PATCH",
        "DELETE",
        "OPTIONS",
        "PROPFIND",
        "patch",
      ),
      path,
      query,
      authorization,
      accept,
      contentType,
      xhr: fc.boolean(),
      body,
    })
    .map(
      ({
        method,
        path: requestPath,
        query: queryString,
        authorization: auth,
        accept: acceptHeader,
        contentType: type,
        xhr,
        body: payload,
      }) => {
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (acceptHeader !== undefined) headers.accept = acceptHeader;
        if (type !== undefined) headers["content-type"] = type;
        if (xhr) headers["x-requested-with"] = "XMLHttpRequest";
        const bodyless = method === "GET" || method === "HEAD";
        return {
          method,
          path: requestPath,
          query: queryString,
          headers,
          body: bodyless ? undefined : payload,
        };
      },
    );
}
