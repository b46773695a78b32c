// A wrapper that runs the real Claude Code CLI with `file` as /etc/claude-code/managed-settings.json,
// in its own mount namespace only (the technique of test/explain/managed-settings.test.ts): /etc
// there is a tmpfs holding binds of the host's entries, so nothing is created on the machine's /etc.
// The network is the host's: a test can see where the CLI's requests go.
import { chmodSync, lstatSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resolveHarness } from "../../src/adapters/claude-code/resolve-harness.js";

export async function cliWithManagedSettings(file: string, scratch: string): Promise<string> {
  const claude = (await resolveHarness()).path;
  const etc = readdirSync("/etc").flatMap((name) => {
    const p = join("/etc", name);
    return lstatSync(p).isSymbolicLink() ? ["--symlink", readlinkSync(p), p] : ["--ro-bind", p, p];
  });
  const argv = [
    "bwrap",
    ...["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--bind", "/tmp", "/tmp"],
    ...["--tmpfs", "/etc", ...etc],
    ...["--ro-bind", file, "/etc/claude-code/managed-settings.json", "--die-with-parent", "--", claude],
  ];
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const wrapper = join(scratch, "claude");
  writeFileSync(wrapper, `#!/bin/sh\nexec ${argv.map(q).join(" ")} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}
