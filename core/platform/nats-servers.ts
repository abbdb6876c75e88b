/**
 * What NATS_URL may hold: one server or several separated by commas (a cluster: the client picks
 * one and moves to another when it fails), each `nats://` or `tls://`; credentials in the first
 * address's user part apply to all: `nats://user:password@host:4222` or `nats://token@host:4222`.
 * They are taken out of the addresses, which are logged, and given to the client as options.
 */
export interface NatsServers {
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
}

export function parseNatsServers(value: string): NatsServers {
  const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error("NATS_URL names no server");
  const result: NatsServers = { servers: [] };
  for (const entry of entries) {
    const withScheme = /^[a-z]+:\/\//i.test(entry) ? entry : `nats://${entry}`;
    if (!URL.canParse(withScheme)) throw new Error(`NATS_URL has an address that is not a URL`);
    const url = new URL(withScheme);
    if (url.username && result.user === undefined && result.token === undefined) {
      const user = decodeURIComponent(url.username);
      if (url.password) {
        result.user = user;
        result.pass = decodeURIComponent(url.password);
      } else {
        result.token = user;
      }
    }
    url.username = "";
    url.password = "";
    result.servers.push(`${url.protocol}//${url.host}`);
  }
  return result;
}
