import semver from "semver";

/** The npm package and release an adapter is pinned to (each adapter's package-pin.ts holds its own). */
export interface PackagePin {
  readonly name: string;
  /** The release vigiles was validated with: every pinned fact holds on it by construction. */
  readonly version: string;
  /**
   * The releases this adapter drives (a semver range, also package.json's peer dependency range):
   * from the oldest release whose harness tests were run and passed, up to the next release line.
   * Inside it and not `version`, a release runs but its facts need re-checking (`vigiles facts`).
   */
  readonly supported: string;
}

/** Where a release stands against a pin: the validated one, inside the supported range, or outside it. */
export function releaseSupport(pin: PackagePin, version: string): "validated" | "supported" | "unsupported" {
  if (version === pin.version) return "validated";
  return semver.satisfies(version, pin.supported, { includePrerelease: true }) ? "supported" : "unsupported";
}

/** The npm command that installs `pin` as an exact-pinned dev dependency. */
export function installLine(pin: PackagePin): string {
  return `npm install -D -E ${pin.name}@${pin.version}`;
}
