/**
 * The part of an address one client controls: an IPv4 address, or an IPv6 /64 (a subscriber gets
 * a whole /64, so counting single IPv6 addresses would be no limit at all). The rate limits and
 * the sign-in lockout both count by it; anything that is not an IPv6 address stays as it is.
 */
export function addressSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const bare = address.replace(/%.*$/, "").toLowerCase(); // drop a zone id
  const [head, tail = ""] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = bare.includes("::") && tail ? tail.split(":") : [];
  const groups = bare.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
