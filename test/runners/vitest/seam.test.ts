// The seam under vitest: vigiles/vitest registers the matchers on vitest's expect.
import { describe, expect, it } from "vitest";
import "../../../src/entries/vitest.js";
import * as vigiles from "../../../src/entries/index.js";
import { defineSeamCases } from "../seam-cases.mjs";

defineSeamCases({ describe, it, expect }, vigiles);
