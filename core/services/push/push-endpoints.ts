/**
 * Which push endpoints a device may register (issue 35). The workers post to the endpoint a
 * browser gave, from inside our network, so an endpoint is a request made on someone's behalf
 * (SSRF): only https addresses of the browsers' push services are accepted, on their default
 * port and without credentials. `allowAnyEndpoint` (WEB_PUSH_ALLOW_ANY_ENDPOINT, tests and local
 * development only) lifts that, for a push endpoint the tests run on 127.0.0.1.
 */
const PUSH_SERVICE_HOSTS = [
  /** Chrome, Chromium-based browsers on Android and desktop (Firebase Cloud Messaging). */
  "fcm.googleapis.com",
  "android.googleapis.com",
  /** Firefox (Mozilla autopush). */
  "push.services.mozilla.com",
  /** Safari on macOS and iOS 16.4+ (home-screen apps). */
  "push.apple.com",
  /** Edge on Windows (WNS). */
  "notify.windows.com",
];

/** Whether `host` is a push service's host or one of its subdomains. */
const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));

/** Whether the workers may post to `endpoint`. */
export function isAllowedPushEndpoint(endpoint: string, allowAnyEndpoint = false): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowAnyEndpoint) return url.protocol === "https:" || url.protocol === "http:";
  return url.protocol === "https:" && url.port === "" && isPushServiceHost(url.hostname);
}
