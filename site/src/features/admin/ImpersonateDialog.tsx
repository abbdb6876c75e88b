import { useEffect, useState } from "react";
import type { AdminUserListItem } from "@shared/schemas/admin-user.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import { impersonateUser } from "../../lib/api/admin-users.ts";
import { navigateTo } from "../../lib/navigation/follow-link.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { startImpersonation } from "../../lib/session/impersonation.ts";
import { notify } from "../../lib/state/snackbars.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError } from "../../i18n/server-messages.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";

/**
 * Asks before impersonating (spec section 4), then switches to that user's session and opens
 * their dashboard. Administrators cannot be impersonated: the server says so and a snackbar
 * repeats it.
 */
export function ImpersonateDialog(
  { user, onClose }: { user: AdminUserListItem | undefined; onClose: () => void },
) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  // Keeps the e-mail while the dialog fades out after `user` is cleared.
  const [shown, setShown] = useState(user);
  useEffect(() => {
    if (user) setShown(user);
  }, [user]);

  async function impersonate() {
    if (!user) return;
    setBusy(true);
    try {
      await startImpersonation(await impersonateUser(user.id));
      navigateTo(ROUTES.dashboard);
    } catch (error) {
      setBusy(false);
      onClose();
      const message = error instanceof ApiError && error.code === "CannotImpersonate"
        ? t("adminUsers.cannotImpersonate")
        : describeApiError(t, error);
      notify(message, { color: "error" });
    }
  }

  return (
    <ConfirmDialog
      t={t}
      open={user !== undefined}
      title={t("adminUsers.impersonateTitle")}
      confirmLabel={t("adminUsers.impersonateConfirm")}
      busy={isBusy}
      onConfirm={impersonate}
      onClose={onClose}
    >
      <p>{t("adminUsers.impersonateText", { email: shown?.email ?? "" })}</p>
    </ConfirmDialog>
  );
}
