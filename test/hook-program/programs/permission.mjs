// A PermissionRequest answer: reads are approved, network fetches refused.
import { experimental_defineHook, allow, deny } from "vigiles/hook";

export default experimental_defineHook({
  name: "permission",
  on: "PermissionRequest",
  decide: (e) => (e.toolName === "WebFetch" ? deny("no network from this project") : allow()),
});
