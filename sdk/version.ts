// A constant rather than a read of package.json at run time, so it works from sources and from
// dist/ alike. A unit test keeps it equal to the package version.
/** This package's version, sent in the User-Agent header. */
export const SDK_VERSION = "0.1.0";
