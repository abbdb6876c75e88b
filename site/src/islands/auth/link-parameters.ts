/**
 * The parameters after a prefix in the current path, e.g. userId and code of
 * /app/potvrdi-email/{userId}/{code}. The API serves these prebuilt pages for any suffix, so the
 * island reads them itself. The last parameter takes the rest of the path.
 */
export function pathParameters(prefix: string, count: number): string[] | undefined {
  const path = location.pathname.replace(/\/+$/, "");
  if (!path.startsWith(`${prefix}/`)) return undefined;
  const segments = path.slice(prefix.length + 1).split("/");
  const values = [...segments.slice(0, count - 1), segments.slice(count - 1).join("/")];
  try {
    const decoded = values.map((value) => decodeURIComponent(value));
    return decoded.length === count && decoded.every((value) => value !== "") ? decoded : undefined;
  } catch {
    // A malformed escape: not a link we sent.
    return undefined;
  }
}
