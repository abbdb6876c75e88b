import type { EVisitorEndpoint, OpenEVisitorSession } from "../../evisitor/types.ts";

/** The configured eVisitor service and the way to open a session with it (injected, so tests use the simulator). */
export interface EVisitorAccess {
  endpoint: EVisitorEndpoint;
  openSession: OpenEVisitorSession;
}
