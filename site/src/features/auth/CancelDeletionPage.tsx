import { cancelDeletionByLink } from "../../lib/api/users.ts";
import { ROUTES } from "../../lib/navigation/routes.ts";
import { AuthFrame } from "./AuthFrame.tsx";
import { GoToLoginLink } from "./GoToLoginLink.tsx";
import { UserLinkAction } from "./UserLinkAction.tsx";

/**
 * /app/otkazi-brisanje/{userId}/{code}: the link e-mailed when the owner asked to delete the
 * account. It keeps the account, without signing in; it works once.
 */
export default function CancelDeletionPage() {
  return (
    <AuthFrame titleKey="cancelDeletion.title" descriptionKey="cancelDeletion.description">
      <UserLinkAction
        route={ROUTES.cancelDeletion}
        run={cancelDeletionByLink}
        texts={{
          heading: "cancelDeletion.heading",
          intro: "cancelDeletion.intro",
          submit: "cancelDeletion.submit",
          doneTitle: "cancelDeletion.doneTitle",
          doneText: "cancelDeletion.doneText",
          failedTitle: "cancelDeletion.failedTitle",
        }}
        next={(t) => <GoToLoginLink t={t} />}
      />
    </AuthFrame>
  );
}
