import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { UserList } from "./UserList.tsx";

/** /admin/korisnici (spec section 2): user management for administrators. */
export default function UsersPage() {
  return (
    <AppFrame titleKey="nav.users">
      <Users />
    </AppFrame>
  );
}

function Users() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("nav.users")}</h1>
      <p className="mt-2 text-lg text-fg-muted">{t("adminUsers.intro")}</p>
      <UserList />
    </div>
  );
}
