// A Stop gate: the agent may not stop before it says the tests pass (once; no loop).
import { experimental_defineHook, allow, deny } from "vigiles/hook";

export default experimental_defineHook({
  name: "stop-gate",
  on: "Stop",
  decide: (e) =>
    e.stopHookActive || /tests pass/i.test(e.lastAssistantMessage ?? "")
      ? allow()
      : deny("run the tests and report the result first"),
});
