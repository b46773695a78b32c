// Pins the README as the npm registry page shows it (issue 22): a relative link there resolves
// against npmjs.com and breaks, so every link is absolute (or an anchor in the page), links into
// this repository point at files that exist, and they use the repository package.json names.
// Also pins the engines note against what package.json declares.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync("README.md", "utf8");
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  repository: { url: string };
  engines: { node: string };
  files: string[];
};
const repo = pkg.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

describe("README links from the registry page", () => {
  it("has links", () => expect(links.length).toBeGreaterThan(3));

  it.each(links.map((l) => [l]))("%s is absolute or an anchor", (link) => {
    expect(link).toMatch(/^(https:\/\/|#)/);
  });

  it("each link into this repository names a file that exists (docs are linked, not shipped)", () => {
    const own = links.filter((l) => l.startsWith(`${repo}/blob/main/`));
    expect(own.length).toBeGreaterThan(0);
    for (const link of own) {
      const path = link.slice(`${repo}/blob/main/`.length).replace(/#.*$/, "");
      expect(existsSync(path), link).toBe(true);
    }
    expect(pkg.files).toEqual(expect.arrayContaining(["dist", "README.md", "LICENSE"]));
  });

  it("states the engines package.json declares", () => {
    expect(pkg.engines.node).toBe(">=20.16.0");
    expect(readme).toContain("vigiles needs Node 20.16 or later");
  });
});
