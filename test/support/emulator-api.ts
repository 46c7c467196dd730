// Requests to an emulator's API as a client sends them, for the tests of the emulator over real
// HTTP: its key as a bearer token, JSON asked for, and a form body where one is given.

/** The headers of an API request with `apiKey`, then `more`. */
export const apiHeaders = (apiKey: string, more: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${apiKey}`,
  accept: "application/json",
  ...more,
});

/**
 * `method path` (below /api/v1) of the API at `url` with `apiKey`, sending `form` (its fields, or
 * their encoded text as given) when there is one.
 */
export function apiRequest(
  url: string,
  apiKey: string,
  method: string,
  path: string,
  form?: string | Record<string, string>,
): Promise<Response> {
  const body = form === undefined || typeof form === "string" ? form : new URLSearchParams(form).toString();
  const formType = { "content-type": "application/x-www-form-urlencoded" };
  return fetch(`${url}/api/v1${path}`, {
    method,
    headers: apiHeaders(apiKey, body === undefined ? {} : formType),
    body,
  });
}

/** Creates a website at the API of `url` from `form`: its domain, and any other fields. */
export const postWebsite = (url: string, apiKey: string, form: string | Record<string, string>) =>
  apiRequest(url, apiKey, "POST", "/websites", form);

/** The id of the website a create answered with. */
export const createdId = async (response: Response): Promise<number> =>
  ((await response.json()) as { data: { id: number } }).data.id;
