import { allowed } from "./policy.js";

export const Guard = async () => ({
  "tool.execute.before": async (input, output) => {
    if (!allowed(output.args)) throw new Error("guard: not allowed");
  },
});
