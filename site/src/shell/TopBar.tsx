import type { AccountInfo } from "@shared/schemas/account.ts";
import type { Translate } from "../i18n/translate.ts";
import { BrandLink } from "./BrandLink.tsx";
import { DeletionBanner } from "./DeletionBanner.tsx";
import { ImpersonationBanner } from "./ImpersonationBanner.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { NavigationProgress } from "./NavigationProgress.tsx";
import { NotificationsBell } from "./NotificationsBell.tsx";
import { ProfileMenu } from "./ProfileMenu.tsx";
import { SidebarToggle } from "./SidebarToggle.tsx";
import { ThemeSwitch } from "./ThemeSwitch.tsx";

interface TopBarProps {
  t: Translate;
  title: string;
  account: AccountInfo;
  isImpersonating: boolean;
  isEndingImpersonation: boolean;
  onSignOut: () => Promise<unknown>;
  onEndImpersonation: () => Promise<unknown>;
}

/**
 * The app shell's top bar: menu button, page title, loading flag, language and theme (in the
 * drawer on mobile), notifications and the profile menu; above it, the banners of a pending
 * account deletion and of an impersonation.
 */
export function TopBar(props: TopBarProps) {
  const { t, title, account, isImpersonating, isEndingImpersonation } = props;
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur print:hidden">
      {account.deletionDueAt && <DeletionBanner dueAt={account.deletionDueAt} />}
      {isImpersonating && (
        <ImpersonationBanner
          t={t}
          email={account.email}
          isEnding={isEndingImpersonation}
          onEnd={() => void props.onEndImpersonation()}
        />
      )}
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-5">
        <SidebarToggle t={t} />
        <BrandLink
          t={t}
          href="/"
          className="flex min-h-11 items-center gap-2 rounded-lg font-bold desktop:hidden"
          markClassName="size-7"
        />
        <p className="truncate text-lg font-semibold mobile:hidden">{title}</p>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <NavigationProgress t={t} />
          <div className="flex items-center gap-2 mobile:hidden">
            <LanguageSwitch />
            <ThemeSwitch t={t} />
          </div>
          <NotificationsBell t={t} />
          <ProfileMenu
            t={t}
            account={account}
            isImpersonating={isImpersonating}
            onSignOut={props.onSignOut}
            onEndImpersonation={props.onEndImpersonation}
          />
        </div>
      </div>
    </header>
  );
}
