/** Paths the code navigates to (spec section 2); menus keep their own lists. */
export const ROUTES = {
  login: "/app/prijava",
  register: "/app/registracija",
  confirmEmail: "/app/potvrdi-email",
  forgotPassword: "/app/zaboravljena-lozinka",
  resetPassword: "/app/resetiraj-lozinku",
  dashboard: "/app/kontrolna-ploca",
  accountSettings: "/app/postavke-racuna",
  externalAccounts: "/app/povezani-racuni",
  properties: "/app/objekti",
  contact: "/app/kontakt",
  comingSoon: "/app/uskoro",
  adminUsers: "/admin/korisnici",
} as const;

/** The public pages of the /app area: everything else under /app and /admin needs a login. */
export const AUTH_PAGES: readonly string[] = [
  ROUTES.login,
  ROUTES.register,
  ROUTES.confirmEmail,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
];

export function isAuthPage(path: string): boolean {
  const clean = path.replace(/\/+$/, "");
  return AUTH_PAGES.some((page) => clean === page || clean.startsWith(`${page}/`));
}

export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}
