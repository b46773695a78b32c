// A SessionStart injector.
import { experimental_defineHook, inject, nothing } from "vigiles/hook";

export default experimental_defineHook({
  name: "session-context",
  on: "SessionStart",
  decide: (e) => (e.source === "startup" ? inject("Run npm test before you finish.") : nothing()),
});
