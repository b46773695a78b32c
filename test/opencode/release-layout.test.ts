// Pins that OpenCode is found in a release installed with scripts off (issue 32: vigiles' release cache
// installs so): `opencode-ai/bin/opencode.exe` is then the postinstall's placeholder, a shell script
// that exits 1, and the binary is the platform package's `bin/opencode`. Stand-ins, not the real CLI: the
// placeholder as published (shortened) and a "binary" that is a shell script padded past the size of a
// placeholder, answering --version.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { resolveOpenCode } from "../../src/adapters/opencode/resolve.js";

const root = mkdtempSync(join(tmpdir(), "vigiles-opencode-layout-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(path: string, text: string, mode = 0o644): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, mode);
}

test("a scripts-off install: the placeholder is passed over and the platform package's binary found", async () => {
  const modules = join(root, "node_modules");
  put(
    join(modules, "opencode-ai", "package.json"),
    JSON.stringify({ name: "opencode-ai", version: "1.18.1" }),
  );
  put(
    join(modules, "opencode-ai", "bin", "opencode.exe"),
    `echo "Error: opencode-ai's postinstall script was not run." >&2\nexit 1\n`,
    0o755,
  );
  const platform = `opencode-${process.platform}-${process.arch}`;
  put(join(modules, platform, "package.json"), JSON.stringify({ name: platform, version: "1.18.1" }));
  put(
    join(modules, platform, "bin", "opencode"),
    `#!/bin/sh\necho 1.18.1\n#${"x".repeat(70 * 1024)}\n`,
    0o755,
  );
  const found = await resolveOpenCode({ cwd: root });
  expect(found).toMatchObject({ version: "1.18.1", path: join(modules, platform, "bin", "opencode") });
});
