/**
 * Deno's fetch sends a request again, silently, when the kept-alive connection it reused is closed
 * under it, even after the server read the request. For eVisitor's actions that is a second
 * CheckOutTourist nobody asked for, whose refusal ("already checked out") then stands for the
 * first's lost success. The client sends every POST on a fresh connection: a drop is then reported
 * once, as a lost answer, and the call reached eVisitor once.
 */
import assert from "node:assert/strict";
import { EVisitorHttp } from "@core/evisitor/http.ts";
import { EVisitorError } from "@core/evisitor/types.ts";

/** A server that answers GETs (keeping the connection) and drops the connection on a POST. */
function droppingServer() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns: Deno.Conn[] = [];
  let posts = 0;
  const serving = (async () => {
    for await (const conn of listener) {
      conns.push(conn);
      (async () => {
        const buffer = new Uint8Array(65536);
        try {
          for (let n = await conn.read(buffer); n !== null; n = await conn.read(buffer)) {
            const text = new TextDecoder().decode(buffer.subarray(0, n));
            if (text.startsWith("POST")) {
              posts++;
              conn.close(); // read, carried out, and the answer lost
              return;
            }
            await conn.write(
              new TextEncoder().encode(
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 14\r\n\r\n" +
                  '{"Records":[]}',
              ),
            );
          }
        } catch {
          // closed by the test
        }
      })();
    }
  })().catch(() => {});
  return {
    baseUrl: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    posts: () => posts,
    async close() {
      listener.close();
      for (const conn of conns) {
        try {
          conn.close();
        } catch {
          // already closed
        }
      }
      await serving;
    },
  };
}

Deno.test({
  name: "an action whose connection drops is sent once and reported as a lost answer",
  // The client's connections outlive the test by design (one per process).
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = droppingServer();
    try {
      const http = new EVisitorHttp({ baseUrl: server.baseUrl, timeoutMs: 2000 });
      // A read first, so a kept-alive connection is there to be reused.
      await http.send("GET", "/Rest/Htz/ListOfTourists/", { resource: "Htz/ListOfTourists" });
      const error = await http.send("POST", "/Rest/Htz/CheckOutTourist/", {
        resource: "Htz/CheckOutTourist",
        json: { ID: "00000000-0000-4000-8000-000000000001" },
      }).then(() => null, (e) => e);
      assert.ok(error instanceof EVisitorError, String(error));
      assert.equal(error.kind, "unavailable", "a lost answer, to be settled by reading");
      assert.equal(server.posts(), 1, "eVisitor got the action once, not re-sent by the runtime");
    } finally {
      await server.close();
    }
  },
});
