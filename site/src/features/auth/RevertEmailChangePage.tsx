import { revertEmailChange } from "../../lib/api/users.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { markNavigation } from "../../lib/navigation/follow-link.ts";
import { buttonClass } from "../../ui/button-styles.ts";
import { AuthFrame } from "./AuthFrame.tsx";
import { UserLinkAction } from "./UserLinkAction.tsx";

/**
 * /app/ponisti-promjenu-emaila/{userId}/{code}: the link e-mailed to the old address when someone
 * asks to change the sign-in e-mail. It restores that address and signs every device out, then
 * points to a new password, since whoever asked for the change may know the current one.
 */
export default function RevertEmailChangePage() {
  return (
    <AuthFrame titleKey="revertEmail.title" descriptionKey="revertEmail.description">
      <UserLinkAction
        route={ROUTES.revertEmailChange}
        run={revertEmailChange}
        texts={{
          heading: "revertEmail.heading",
          intro: "revertEmail.intro",
          submit: "revertEmail.submit",
          doneTitle: "revertEmail.revertedTitle",
          doneText: "revertEmail.revertedText",
          failedTitle: "revertEmail.failedTitle",
        }}
        next={(t) => (
          <a
            href={ROUTES.forgotPassword}
            onClick={markNavigation}
            className={`${buttonClass("primary")} w-full`}
          >
            {t("revertEmail.newPassword")}
          </a>
        )}
      />
    </AuthFrame>
  );
}
