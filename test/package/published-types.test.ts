// Pins what the published types need (issue 22): every entry's declarations type-check in a consumer
// with skipLibCheck off and only @types/node beside them (declared in package.json as an optional
// peer, as vitest does: the declarations use Buffer and NodeJS.ProcessEnv), so they reach no
// undeclared package: not esbuild or tsx (optional peers, loaded lazily) nor a dev dependency.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runProcess } from "../../src/runtime/process.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

it("every entry's declarations type-check with skipLibCheck off and @types/node declared", async () => {
  if (!existsSync(join(root, "dist/entries/index.d.ts"))) {
    throw new Error(
      "dist/entries/index.d.ts is missing: run `npm run build` before this test (npm test does).",
    );
  }
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, unknown>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
  };
  expect(pkg.peerDependenciesMeta["@types/node"]?.optional).toBe(true);
  const consumer = readFileSync(join(root, "test/package/types-consumer/all-entries.ts"), "utf8");
  for (const entry of Object.keys(pkg.exports).filter((k) => k !== "./package.json")) {
    expect(consumer).toContain(`from "${entry === "." ? "vigiles" : `vigiles/${entry.slice(2)}`}";`);
  }
  const result = await runProcess({
    argv: [
      process.execPath,
      join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      "test/package/types-consumer/tsconfig.json",
    ],
    cwd: root,
    env: { PATH: process.env.PATH },
    timeoutMs: 180_000,
  });
  expect(result.stdout + result.stderr).toBe("");
  expect(result.exitCode).toBe(0);
}, 200_000);
