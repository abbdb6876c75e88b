import { type FormEvent, useState } from "react";
import { type Profile, ProfileUpdate } from "@shared/schemas/profile.ts";
import { getProfile, saveProfile } from "../../lib/api/account.ts";
import { useLoad } from "../../lib/state/use-load.ts";
import { refreshAccount } from "../../lib/session/refresh-account.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeApiError, translateServerMessage } from "../../i18n/server-messages.ts";
import { AppFrame } from "../../shell/AppFrame.tsx";
import { FormOutcome } from "../../ui/forms/FormOutcome.tsx";
import { SwitchField } from "../../ui/forms/SwitchField.tsx";
import { TextField } from "../../ui/forms/TextField.tsx";
import { useFieldErrors } from "../../ui/forms/use-field-errors.ts";
import { useFieldFocus } from "../../ui/forms/use-field-focus.ts";
import { Button } from "../../ui/Button.tsx";
import { LoadFailedNotice } from "../../ui/LoadFailedNotice.tsx";
import { LoadingState } from "../../ui/LoadingState.tsx";
import { SettingsSection } from "../../ui/SettingsSection.tsx";

const FIELDS = [
  "fullName",
  "phone",
  "companyName",
  "oib",
  "street",
  "postalCode",
  "city",
] as const;
type Field = (typeof FIELDS)[number];

type Outcome = { tone: "success" } | { tone: "error"; error: unknown };

/**
 * /app/profil: who the host is for receipts and the payment slip (name or company, OIB, address,
 * VAT status) and the dashboard's greeting. Every field may be left empty.
 */
export default function ProfilePage() {
  return (
    <AppFrame titleKey="profileMenu.profile">
      <ProfileContent />
    </AppFrame>
  );
}

function ProfileContent() {
  const { t } = useTranslation();
  const { load, retry } = useLoad(getProfile);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("profileMenu.profile")}</h1>
      <p className="mt-2 text-lg text-fg-muted">{t("profile.intro")}</p>
      <div className="mt-8">
        {load.status === "loading" && <LoadingState t={t} />}
        {load.status === "failed" && (
          <LoadFailedNotice
            t={t}
            error={load.error}
            onRetry={retry}
          />
        )}
        {load.status === "loaded" && <ProfileForm profile={load.data} />}
      </div>
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { formRef, messageRef, focusField } = useFieldFocus<Field>();
  const { errorOf, showClientErrors, showServerErrors, clearErrors } = useFieldErrors(
    FIELDS,
    (message) => translateServerMessage(t, message),
  );
  const [inVatSystem, setInVatSystem] = useState(profile.inVatSystem);
  const [outcome, setOutcome] = useState<Outcome>();
  const [isSaving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: Field) => String(data.get(name) ?? "");
    const parsed = ProfileUpdate.safeParse({
      fullName: text("fullName"),
      phone: text("phone"),
      companyName: text("companyName"),
      oib: text("oib"),
      street: text("street"),
      postalCode: text("postalCode"),
      city: text("city"),
      inVatSystem,
    });
    if (!parsed.success) {
      setOutcome(undefined);
      focusField(showClientErrors(parsed.error));
      return;
    }
    clearErrors();
    setOutcome(undefined);
    setSaving(true);
    try {
      await saveProfile(parsed.data);
      setOutcome({ tone: "success" });
      focusField(undefined);
      // The menu and the greeting show the new name.
      await refreshAccount().catch(() => {});
    } catch (error) {
      const invalid = showServerErrors(error);
      if (!invalid) setOutcome({ tone: "error", error });
      focusField(invalid);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-6">
      <SettingsSection
        icon="user"
        title={t("profile.person.title")}
        description={t("profile.person.description", { email: profile.email })}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="fullName"
            label={t("profile.fullName")}
            autoComplete="name"
            maxLength={100}
            defaultValue={profile.fullName ?? ""}
            error={errorOf("fullName")}
          />
          <TextField
            name="phone"
            type="tel"
            label={t("profile.phone")}
            autoComplete="tel"
            maxLength={30}
            placeholder="+385 91 234 5678"
            defaultValue={profile.phone ?? ""}
            error={errorOf("phone")}
          />
        </div>
      </SettingsSection>
      <SettingsSection
        icon="receipt"
        title={t("profile.billing.title")}
        description={t("profile.billing.description")}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              name="companyName"
              label={t("profile.companyName")}
              description={t("profile.companyNameHint")}
              autoComplete="organization"
              maxLength={120}
              defaultValue={profile.companyName ?? ""}
              error={errorOf("companyName")}
            />
          </div>
          <TextField
            name="oib"
            label={t("profile.oib")}
            description={t("profile.oibHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            defaultValue={profile.oib ?? ""}
            error={errorOf("oib")}
          />
          <div className="sm:col-span-2">
            <TextField
              name="street"
              label={t("profile.street")}
              autoComplete="street-address"
              maxLength={100}
              defaultValue={profile.street ?? ""}
              error={errorOf("street")}
            />
          </div>
          <TextField
            name="postalCode"
            label={t("profile.postalCode")}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
            defaultValue={profile.postalCode ?? ""}
            error={errorOf("postalCode")}
          />
          <TextField
            name="city"
            label={t("profile.city")}
            autoComplete="address-level2"
            maxLength={60}
            defaultValue={profile.city ?? ""}
            error={errorOf("city")}
          />
          <div className="rounded-2xl border border-border p-4 sm:col-span-2 sm:p-5">
            <SwitchField
              name="inVatSystem"
              label={t("profile.inVatSystem")}
              description={t("profile.inVatSystemHint")}
              checked={inVatSystem}
              onChange={setInVatSystem}
            />
          </div>
        </div>
      </SettingsSection>
      <FormOutcome
        ref={messageRef}
        success={outcome?.tone === "success" ? t("profile.saved") : undefined}
        failure={outcome?.tone === "error" ? describeApiError(t, outcome.error) : undefined}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={isSaving}>
          {isSaving ? t("account.saving") : t("profile.save")}
        </Button>
      </div>
    </form>
  );
}
