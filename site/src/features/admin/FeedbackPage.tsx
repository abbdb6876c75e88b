import { useState } from "react";
import {
  FEEDBACK_CATEGORIES,
  type FeedbackCategory,
  type FeedbackItem,
} from "@shared/schemas/feedback.ts";
import { listFeedback } from "../../lib/api/support.ts";
import { formatDateTime } from "../../lib/format/date-time.ts";
import type { Locale } from "../../i18n/locales.ts";
import type { Translate } from "../../i18n/translate.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { ListShell } from "../../shell/ListShell.tsx";
import { Button } from "../../ui/Button.tsx";
import { SelectField } from "../../ui/forms/SelectField.tsx";
import { BreakableEmail } from "../../ui/BreakableEmail.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ResponsiveTable } from "../../ui/ResponsiveTable.tsx";
import { usePagedList } from "../../ui/use-paged-list.ts";

const PAGE_SIZE = 20;
const CELL = "px-2 py-3 align-top first:pl-4 last:pr-4";
const HEAD = "px-2 py-3 font-semibold first:pl-4 last:pr-4";

/**
 * /admin/povratne-informacije: every host's feedback for administrators, newest first, filtered by
 * category and rating. The admin area's gate (in AppFrame) lets administrators only in.
 */
export default function FeedbackPage() {
  return (
    <AppFrame titleKey="nav.feedback">
      <Feedback />
    </AppFrame>
  );
}

function Feedback() {
  const { t, lang } = useTranslation();
  const [category, setCategory] = useState<FeedbackCategory>();
  const [rating, setRating] = useState<number>();
  const list = usePagedList<FeedbackItem>({
    load: ({ pageNumber, signal }) =>
      listFeedback(
        {
          PageNumber: pageNumber,
          PageSize: PAGE_SIZE,
          ...(category ? { Category: category } : {}),
          ...(rating ? { Rating: rating } : {}),
        },
        signal,
      ),
    deps: [category, rating],
  });
  const isFiltered = category !== undefined || rating !== undefined;

  function clearFilters() {
    setCategory(undefined);
    setRating(undefined);
    list.setPageNumber(1);
  }

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("adminFeedback.heading")}
      </h1>
      <p className="mt-2 max-w-3xl text-lg text-fg-muted">{t("adminFeedback.intro")}</p>
      <div className="mt-8 space-y-5">
        <div className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:grid-cols-2 sm:p-5 lg:grid-cols-3">
          <SelectField
            name="category"
            label={t("adminFeedback.filterCategory")}
            value={category ?? ""}
            onChange={(event) => {
              setCategory((event.target.value || undefined) as FeedbackCategory | undefined);
              list.setPageNumber(1);
            }}
            options={[
              { value: "", label: t("adminFeedback.allCategories") },
              ...FEEDBACK_CATEGORIES.map((value) => ({
                value,
                label: t(`feedback.category.${value}`),
              })),
            ]}
          />
          <SelectField
            name="rating"
            label={t("adminFeedback.filterRating")}
            value={rating ? String(rating) : ""}
            onChange={(event) => {
              setRating(event.target.value ? Number(event.target.value) : undefined);
              list.setPageNumber(1);
            }}
            options={[
              { value: "", label: t("adminFeedback.allRatings") },
              ...[5, 4, 3, 2, 1].map((value) => ({
                value: String(value),
                label: t("feedback.ratingValue", { rating: value }),
              })),
            ]}
          />
        </div>
        <ListShell
          t={t}
          lang={lang}
          list={list}
          pageSize={PAGE_SIZE}
          noItems={
            <section
              aria-labelledby="feedback-empty"
              className="rounded-3xl border border-dashed border-border-strong/50 bg-surface px-6 py-12 text-center shadow-xs"
            >
              <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
                <Icon name="megaphone" className="size-7" />
              </span>
              <h2 id="feedback-empty" className="mt-5 text-xl font-bold">
                {isFiltered ? t("adminFeedback.emptyFilteredTitle") : t("adminFeedback.emptyTitle")}
              </h2>
              <p className="mx-auto mt-2 max-w-xl text-fg-muted">
                {isFiltered ? t("adminFeedback.emptyFilteredText") : t("adminFeedback.emptyText")}
              </p>
              {isFiltered && (
                <Button variant="secondary" className="mt-6" onClick={clearFilters}>
                  {t("adminFeedback.clearFilters")}
                </Button>
              )}
            </section>
          }
        >
          {(page) => <FeedbackTable t={t} lang={lang} items={page.items} />}
        </ListShell>
      </div>
    </div>
  );
}

function FeedbackTable({ t, lang, items }: { t: Translate; lang: Locale; items: FeedbackItem[] }) {
  return (
    <ResponsiveTable
      items={items}
      keyOf={(item) => item.id}
      caption={t("adminFeedback.heading")}
      minWidth="min-w-[50rem]"
      columnCount={6}
      emptyText={t("adminFeedback.emptyTitle")}
      columns={
        <>
          <th scope="col" className={HEAD}>{t("adminFeedback.created")}</th>
          <th scope="col" className={HEAD}>{t("adminFeedback.user")}</th>
          <th scope="col" className={HEAD}>{t("adminFeedback.category")}</th>
          <th scope="col" className={HEAD}>{t("adminFeedback.rating")}</th>
          <th scope="col" className={HEAD}>{t("adminFeedback.text")}</th>
          <th scope="col" className={HEAD}>{t("adminFeedback.emailed")}</th>
        </>
      }
      row={(item) => (
        <>
          <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(item.createdAt, lang)}</td>
          <td className={CELL}>
            <BreakableEmail email={item.userEmail} />
          </td>
          <td className={CELL}>{t(`feedback.category.${item.category}`)}</td>
          <td className={`${CELL} whitespace-nowrap`}>
            {t("feedback.ratingValue", { rating: item.rating })}
          </td>
          <td className={`${CELL} max-w-md whitespace-pre-line`}>{item.text}</td>
          <td className={CELL}>
            {item.emailedAt ? t("adminFeedback.emailedYes") : t("adminFeedback.emailedNo")}
          </td>
        </>
      )}
      card={(item) => (
        <div className="space-y-2">
          <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
            <span>{formatDateTime(item.createdAt, lang)}</span>
            <span className="font-semibold text-fg">
              {t("feedback.ratingValue", { rating: item.rating })}
            </span>
          </p>
          <p className="font-semibold">
            <BreakableEmail email={item.userEmail} />
          </p>
          <p className="text-sm text-fg-muted">{t(`feedback.category.${item.category}`)}</p>
          <p className="whitespace-pre-line">{item.text}</p>
          <p className="text-sm text-fg-muted">
            {t("adminFeedback.emailed")}:{" "}
            {item.emailedAt ? t("adminFeedback.emailedYes") : t("adminFeedback.emailedNo")}
          </p>
        </div>
      )}
    />
  );
}
