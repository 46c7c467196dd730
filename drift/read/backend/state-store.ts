// A self-managed ("DIY") Pulumi backend seen as what drift needs of it: the keys of its stack
// states under `.pulumi/stacks/`, and their bytes, many at once. The file backend and the
// PostgreSQL backend are two stores of the same keys (the PostgreSQL backend keeps each object
// of a bucket as a row keyed by the object's path), so everything above this interface (the
// layout, which file of a stack is its state, decompression, secrets) is written once.

/** One object of the store under `.pulumi/`: its key (a bucket path) and when it was written. */
export interface StoredObject {
  /** The object's path in the bucket, `/`-separated: `.pulumi/stacks/shop/prod.json.gz`. */
  key: string;
  /** When it was last written, in milliseconds: of several forms of one state, the newest wins. */
  modified: number;
}

export interface StateStore {
  /** How messages name the backend: its URL with any password removed. */
  readonly name: string;
  /** Which kind of backend it is, for the report ("file", "postgres"). */
  readonly kind: "file" | "postgres";
  /** The text of `.pulumi/meta.yaml`, or undefined when the store has none. */
  meta(): Promise<string | undefined>;
  /** Every object whose key starts with `.pulumi/stacks/`. */
  listStacks(): Promise<StoredObject[]>;
  /**
   * The bytes of each key asked for that the store holds, one object after another as they are
   * read (PostgreSQL: one query, fetched a page at a time through a cursor), so that memory holds
   * the states in flight rather than all of them; a key the store does not hold is not given.
   * Stopping early (a `break`, an error) lets go of what the read holds open.
   */
  readEach(keys: readonly string[]): AsyncIterable<[key: string, bytes: Buffer]>;
  /** Lets go of what the store holds open (PostgreSQL's connection). */
  close(): Promise<void>;
}

/** A backend that cannot be read directly: the message names the backend and what to do. */
export class BackendError extends Error {
  override name = "BackendError";
}
