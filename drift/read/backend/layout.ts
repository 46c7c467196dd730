// Which objects of a self-managed backend are stack states, and their names, as the CLI's
// reference stores decide (pkg/backend/diy/store.go, meta.go): `.pulumi/meta.yaml` version 1
// keeps `.pulumi/stacks/<project>/<stack>.json`, version 0 (legacy, also a backend without
// meta.yaml that already holds legacy states) `.pulumi/stacks/<stack>.json`; any other version
// is refused, as the CLI refuses it. A state may be stored as `.json`, `.json.gz` or `.json.zst`;
// of several forms of one stack the newest is read (the CLI's stackPath). Other files there
// (`.json.bak`, names that are no stack name) are not states.
import { parse as parseYaml } from "yaml";
import { BackendError } from "./state-store";
import type { StateStore, StoredObject } from "./state-store";

const PREFIX = ".pulumi/stacks/";
/** The DIY backends' one organization: full names are `organization/PROJECT/STACK`. */
const DIY_ORGANIZATION = "organization";

/** A stack state of the backend. */
export interface StoredStack {
  /** Its project, absent in the legacy layout. */
  project?: string;
  stack: string;
  /** The object holding its state (the newest of its forms). */
  key: string;
  /** How `pulumi stack ls --all` names it, which filters match: `organization/PROJECT/STACK`, or `STACK` (legacy). */
  fullName: string;
}

export interface BackendLayout {
  /** 0 (legacy) or 1 (a folder per project). */
  version: 0 | 1;
  stacks: StoredStack[];
}

// tokens.IsName and tokens.ParseStackName: what the CLI takes for project and stack names.
const projectName = /^[A-Za-z0-9_.-]{1,100}$/;
const stackName = /^[A-Za-z0-9_.-]{1,100}$/;
/** The forms of a state, in the order the CLI lists them (of two equally new, the later wins). */
const forms = [".json", ".json.gz", ".json.zst"] as const;

function metaVersion(text: string | undefined, store: StateStore): 0 | 1 | undefined {
  if (text === undefined) return undefined;
  let version: unknown;
  try {
    version = (parseYaml(text) as { version?: unknown } | null)?.version;
  } catch {
    version = undefined;
  }
  if (version === 0 || version === 1) return version;
  throw new BackendError(
    `the backend ${store.name} has a .pulumi/meta.yaml of ${version === undefined ? "no readable version" : `version ${JSON.stringify(version)}`}, ` +
      "which this version of pulumi-webstats does not know: update pulumi-webstats, or read the stacks with pulumi (--read-with pulumi).",
  );
}

interface Candidate extends StoredStack {
  modified: number;
  form: number;
}

function candidateOf(object: StoredObject, version: 0 | 1): Candidate | undefined {
  if (!object.key.startsWith(PREFIX)) return undefined;
  const parts = object.key.slice(PREFIX.length).split("/");
  if (parts.length !== (version === 0 ? 1 : 2)) return undefined;
  const file = parts.at(-1) as string;
  const form = forms.findIndex((suffix) => file.endsWith(suffix));
  if (form < 0) return undefined;
  const stack = file.slice(0, -(forms[form] as string).length);
  if (!stackName.test(stack)) return undefined;
  if (version === 0) return { stack, key: object.key, fullName: stack, modified: object.modified, form };
  const project = parts[0] as string;
  if (!projectName.test(project)) return undefined;
  return {
    project,
    stack,
    key: object.key,
    fullName: `${DIY_ORGANIZATION}/${project}/${stack}`,
    modified: object.modified,
    form,
  };
}

/** The backend's layout and stacks, from its meta.yaml and one listing of `.pulumi/stacks/`. */
export async function readLayout(store: StateStore): Promise<BackendLayout> {
  const [meta, objects] = await Promise.all([store.meta(), store.listStacks()]);
  const stated = metaVersion(meta, store);
  // Without meta.yaml, legacy states make the backend legacy; else the CLI would make it version 1.
  const version =
    stated ?? (objects.some((o) => candidateOf(o, 0) !== undefined) ? (0 as const) : (1 as const));
  const newest = new Map<string, Candidate>();
  for (const object of objects) {
    const candidate = candidateOf(object, version);
    if (!candidate) continue;
    const held = newest.get(candidate.fullName);
    const newer =
      !held ||
      candidate.modified > held.modified ||
      (candidate.modified === held.modified && candidate.form > held.form);
    if (newer) newest.set(candidate.fullName, candidate);
  }
  const stacks = [...newest.values()]
    .map(({ modified: _modified, form: _form, ...stack }) => stack)
    .sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0));
  return { version, stacks };
}

/**
 * The stack a name given as `pulumi stack export --stack NAME` takes it names: `STACK`,
 * `organization/STACK` or `organization/PROJECT/STACK`, the project being the folder's
 * (`project`) when not given. Undefined when the backend has no such stack.
 */
export function findStack(
  layout: BackendLayout,
  name: string,
  project: string | undefined,
): StoredStack | undefined {
  const parts = name.split("/");
  if (layout.version === 0)
    return parts.length === 1 ? layout.stacks.find((s) => s.stack === name) : undefined;
  const [org, proj, stack] =
    parts.length === 3
      ? parts
      : parts.length === 2
        ? [parts[0], project, parts[1]]
        : [DIY_ORGANIZATION, project, parts[0]];
  if (org !== DIY_ORGANIZATION || proj === undefined) return undefined;
  return layout.stacks.find((s) => s.project === proj && s.stack === stack);
}
