/**
 * Pages whose address carries a parameter (a user id, a code) are built once as a shell; the
 * island reads the parameter from the URL. Each pattern maps such addresses to their shell.
 */
const SHELLS: [RegExp, string][] = [
  [/^\/app\/potvrdi-email\/[^/]+\/[^/]+\/?$/, "app/potvrdi-email/index.html"],
  [/^\/app\/resetiraj-lozinku\/[^/]+\/?$/, "app/resetiraj-lozinku/index.html"],
];

export function shellFor(pathname: string): string | undefined {
  return SHELLS.find(([pattern]) => pattern.test(pathname))?.[1];
}
