// The seam under jest: setupFilesAfterEnv ["vigiles/jest"] registered the matchers on jest's expect.
import { describe, expect, it } from "@jest/globals";
import * as vigiles from "vigiles";
import { defineSeamCases } from "../seam-cases.mjs";

defineSeamCases({ describe, it, expect }, vigiles);
