import {
  COMING_SOON_FEATURES,
  COMING_SOON_PARAM,
  type ComingSoonFeature,
} from "../../lib/navigation/profile-menu.ts";
import type { TranslationKey } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { ComingSoon } from "./ComingSoon.tsx";

interface ComingSoonPageProps {
  /** The feature's name; without it, the page reads it from `?stranica=` (profile menu links). */
  titleKey?: TranslationKey;
}

/**
 * A page of the host or admin area whose feature comes later (e.g. /admin/postavke, and
 * /app/uskoro for the profile menu's items): the app shell around "Coming soon".
 */
export default function ComingSoonPage({ titleKey }: ComingSoonPageProps) {
  const key = titleKey ?? featureFromAddress() ?? "comingSoon.heading";
  return (
    <AppFrame titleKey={key}>
      <ComingSoonContent titleKey={key} />
    </AppFrame>
  );
}

function ComingSoonContent({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  return <ComingSoon t={t} name={t(titleKey)} />;
}

function featureFromAddress(): TranslationKey | undefined {
  const feature = new URLSearchParams(location.search).get(COMING_SOON_PARAM);
  return feature && Object.hasOwn(COMING_SOON_FEATURES, feature)
    ? COMING_SOON_FEATURES[feature as ComingSoonFeature]
    : undefined;
}
