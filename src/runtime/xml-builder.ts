/**
 * xmlbuilder2, loaded on the first XML document rather than when `vigiles` is imported: it is a
 * third of the entry's import time (about 145 ms of 500 on this machine), and every harness file,
 * hook test and mutant run imports the entry while only the JUnit writers need it. It ships
 * CommonJS only, so `require` returns the same instance an `import` would.
 */
import { createRequire } from "node:module";

type XmlBuilder2 = typeof import("xmlbuilder2");

let loaded: XmlBuilder2 | undefined;

/** xmlbuilder2's `create`, loaded on first use. */
export const createXml: XmlBuilder2["create"] = ((...args: Parameters<XmlBuilder2["create"]>) => {
  loaded ??= createRequire(import.meta.url)("xmlbuilder2") as XmlBuilder2;
  return (loaded.create as (...a: unknown[]) => unknown)(...args);
}) as XmlBuilder2["create"];
