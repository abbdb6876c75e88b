import type { Locale } from "../i18n/locales.ts";
import type { Translate } from "../i18n/translate.ts";
import { formatNumber } from "../lib/format/date-time.ts";
import { Button } from "./Button.tsx";
import { Icon } from "./Icon.tsx";

interface PaginationProps {
  t: Translate;
  lang: Locale;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  onPage: (pageNumber: number) => void;
}

/** Paged results (spec section 3): where we are, and the way to the neighbouring pages. */
export function Pagination(props: PaginationProps) {
  const { t, lang, pageNumber, pageSize, totalCount } = props;
  const first = totalCount === 0 ? 0 : (pageNumber - 1) * pageSize + 1;
  const last = Math.min(pageNumber * pageSize, totalCount);
  return (
    <nav
      aria-label={t("pagination.label")}
      className="flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-fg-muted">
        {t("pagination.range", {
          first: formatNumber(first, lang),
          last: formatNumber(last, lang),
          total: formatNumber(totalCount, lang),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!props.hasPreviousPage}
          onClick={() => props.onPage(pageNumber - 1)}
        >
          <Icon name="chevronLeft" className="size-4" />
          {/* Under 400 px the three do not fit in a row: the arrows stay, the words are read. */}
          <span className="max-[400px]:sr-only">{t("pagination.previous")}</span>
        </Button>
        <span className="px-2 text-sm font-semibold whitespace-nowrap" aria-current="page">
          {t("pagination.page", {
            page: pageNumber,
            pages: Math.max(props.totalPages, 1),
          })}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={!props.hasNextPage}
          onClick={() => props.onPage(pageNumber + 1)}
        >
          <span className="max-[400px]:sr-only">{t("pagination.next")}</span>
          <Icon name="chevronRight" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
