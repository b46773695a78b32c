/** The npm package and release an adapter is pinned to (each adapter's package-pin.ts holds its own). */
export interface PackagePin {
  readonly name: string;
  readonly version: string;
}

/** The npm command that installs `pin` as an exact-pinned dev dependency. */
export function installLine(pin: PackagePin): string {
  return `npm install -D -E ${pin.name}@${pin.version}`;
}
