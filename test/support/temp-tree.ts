/**
 * Temp project trees for tests that audit or run what they write: each file written whole under a
 * fresh temp dir, `.sh` files given a run bit, and every tree removed after the test file ends.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

/** A maker of trees named `<prefix>XXXXXX`; call it at a test file's top level. */
export function tempTrees(prefix: string): (files: Record<string, string>) => string {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    roots.push(root);
    for (const [rel, text] of Object.entries(files)) {
      const path = join(root, rel);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      if (rel.endsWith(".sh")) chmodSync(path, 0o755);
    }
    return root;
  };
}
