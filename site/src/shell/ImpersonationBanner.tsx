import type { Translate } from "../i18n/translate.ts";
import { Button } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";

interface ImpersonationBannerProps {
  t: Translate;
  email: string;
  isEnding: boolean;
  onEnd: () => void;
}

/** While an administrator impersonates someone, a strip says so and offers the way back. */
export function ImpersonationBanner({ t, email, isEnding, onEnd }: ImpersonationBannerProps) {
  // The address wraps after its "@" rather than anywhere in it.
  const [before, after = ""] = t("impersonation.banner", { email: "\u0000" }).split("\u0000");
  const at = Math.max(email.indexOf("@"), 0);
  return (
    <div
      role="region"
      aria-label={t("impersonation.region")}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-warning-soft px-3 py-2 text-warning-soft-fg sm:px-5"
    >
      {/* At least 14rem for the text: on a phone the button moves under it, not into it. */}
      <p className="flex min-w-0 grow basis-56 items-center gap-2 text-sm font-semibold">
        <Icon name="userSwitch" className="size-5 shrink-0" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {before}
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
          {after}
        </span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        busy={isEnding}
        onClick={onEnd}
        className="border-warning/40"
      >
        {t("impersonation.end")}
      </Button>
    </div>
  );
}
