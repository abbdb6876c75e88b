import webpush from "web-push";

/** What a browser's subscription gives the sender: where to post and whom to encrypt to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** Posts one encrypted push; the push service's status (201 accepted, 404/410 gone, …). */
  send(
    target: PushTarget,
    payload: string,
    options: { ttlSeconds: number; urgency: "normal" | "high" },
  ): Promise<number>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address push services may contact about our pushes. */
  subject: string;
}

/**
 * Web Push with the `web-push` library: it encrypts the payload to the browser's keys
 * (aes128gcm, RFC 8291) and signs a VAPID token (RFC 8292); the request goes out by fetch with a
 * time-out and without following redirects (the endpoint was checked when registered, a redirect
 * was not). The endpoint is a credential: neither it nor the payload is ever logged.
 */
export function createPushSender(vapid: VapidKeys, { timeoutMs = 10_000 } = {}): PushSender {
  return {
    async send(target, payload, { ttlSeconds, urgency }) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: "aes128gcm", urgency },
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        headers.set(name, String(value));
      }
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // Fetch's own message names the URL, which must not reach the logs.
        throw new Error(`push service unreachable (${(error as Error).name})`);
      }
      await res.body?.cancel();
      return res.status;
    },
  };
}
