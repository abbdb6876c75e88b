import { z } from "zod";

/**
 * The door sheet of a unit (issue 32): the texts guests read on it, in the check-in page's seven
 * languages, for the printed page (site, QrSheetPage) and the PDF (api, qr-sheet-pdf.ts) alike.
 * They live here and not in the check-in page's catalogues, which have a size budget of their own.
 */
export const QR_SHEET_LANGUAGES = ["hr", "en", "fr", "it", "de", "es", "ru"] as const;
export type QrSheetLanguage = (typeof QR_SHEET_LANGUAGES)[number];

/** Croatian for the country's own guests and English for everyone else, until the host chooses. */
export const DEFAULT_QR_SHEET_LANGUAGES: readonly QrSheetLanguage[] = ["hr", "en"];
/** More than three languages no longer fit one sheet with the QR code large. */
export const MAX_QR_SHEET_LANGUAGES = 3;

export interface QrSheetTexts {
  heading: string;
  scan: string;
  step1: string;
  step2: string;
  step3: string;
  orOpen: string;
  wifiHeading: string;
  wifiScan: string;
  wifiNetwork: string;
  wifiPassword: string;
  wifiOpen: string;
  /** Under the scissors of the cut line: the lower strip becomes a card for the table. */
  cut: string;
}

export const QR_SHEET_TEXTS: Record<QrSheetLanguage, QrSheetTexts> = {
  hr: {
    heading: "Prijava gostiju",
    scan: "Skenirajte kod mobitelom i prijavite se sami",
    step1: "Otvorite kameru na mobitelu i usmjerite je prema kodu.",
    step2: "Dodirnite poveznicu koja se pojavi.",
    step3: "Upišite svoje podatke ili fotografirajte osobnu iskaznicu ili putovnicu.",
    orOpen: "Bez kamere? Otvorite:",
    wifiHeading: "WiFi",
    wifiScan: "Skenirajte za spajanje na WiFi",
    wifiNetwork: "Mreža",
    wifiPassword: "Lozinka",
    wifiOpen: "bez lozinke",
    cut: "Izrežite po crtkanoj crti: kartica za stol.",
  },
  en: {
    heading: "Guest check-in",
    scan: "Scan the code with your phone to check in yourself",
    step1: "Open your phone's camera and point it at the code.",
    step2: "Tap the link that appears.",
    step3: "Enter your details or take a photo of your ID card or passport.",
    orOpen: "No camera? Open:",
    wifiHeading: "WiFi",
    wifiScan: "Scan to join the WiFi",
    wifiNetwork: "Network",
    wifiPassword: "Password",
    wifiOpen: "no password",
    cut: "Cut along the dashed line for a table card.",
  },
  fr: {
    heading: "Enregistrement des voyageurs",
    scan: "Scannez le code avec votre téléphone pour vous enregistrer vous-même",
    step1: "Ouvrez l'appareil photo de votre téléphone et visez le code.",
    step2: "Touchez le lien qui s'affiche.",
    step3: "Saisissez vos informations ou photographiez votre carte d'identité ou votre passeport.",
    orOpen: "Pas d'appareil photo\u00a0? Ouvrez\u00a0:",
    wifiHeading: "Wi-Fi",
    wifiScan: "Scannez pour vous connecter au Wi-Fi",
    wifiNetwork: "Réseau",
    wifiPassword: "Mot de passe",
    wifiOpen: "sans mot de passe",
    cut: "Découpez le long des pointillés\u00a0: une carte pour la table.",
  },
  it: {
    heading: "Check-in degli ospiti",
    scan: "Inquadra il codice con il telefono e fai il check-in in autonomia",
    step1: "Apri la fotocamera del telefono e inquadra il codice.",
    step2: "Tocca il link che compare.",
    step3: "Inserisci i tuoi dati o fotografa la carta d'identità o il passaporto.",
    orOpen: "Niente fotocamera? Apri:",
    wifiHeading: "Wi-Fi",
    wifiScan: "Inquadra per connetterti al Wi-Fi",
    wifiNetwork: "Rete",
    wifiPassword: "Password",
    wifiOpen: "senza password",
    cut: "Ritaglia lungo la linea tratteggiata: un cartoncino da tavolo.",
  },
  de: {
    heading: "Gäste-Check-in",
    scan: "Scannen Sie den Code mit Ihrem Handy und checken Sie selbst ein",
    step1: "Öffnen Sie die Kamera Ihres Handys und richten Sie sie auf den Code.",
    step2: "Tippen Sie auf den angezeigten Link.",
    step3: "Geben Sie Ihre Daten ein oder fotografieren Sie Ihren Personalausweis oder Reisepass.",
    orOpen: "Keine Kamera? Öffnen Sie:",
    wifiHeading: "WLAN",
    wifiScan: "Scannen, um sich mit dem WLAN zu verbinden",
    wifiNetwork: "Netzwerk",
    wifiPassword: "Passwort",
    wifiOpen: "ohne Passwort",
    cut: "Entlang der gestrichelten Linie ausschneiden: ein Tischaufsteller.",
  },
  es: {
    heading: "Registro de huéspedes",
    scan: "Escanee el código con su móvil y regístrese usted mismo",
    step1: "Abra la cámara del móvil y apunte al código.",
    step2: "Toque el enlace que aparece.",
    step3: "Introduzca sus datos o haga una foto de su documento de identidad o pasaporte.",
    orOpen: "¿Sin cámara? Abra:",
    wifiHeading: "Wi-Fi",
    wifiScan: "Escanee para conectarse al wifi",
    wifiNetwork: "Red",
    wifiPassword: "Contraseña",
    wifiOpen: "sin contraseña",
    cut: "Recorte por la línea discontinua: una tarjeta para la mesa.",
  },
  ru: {
    heading: "Регистрация гостей",
    scan: "Отсканируйте код телефоном и зарегистрируйтесь самостоятельно",
    step1: "Откройте камеру телефона и наведите её на код.",
    step2: "Нажмите на появившуюся ссылку.",
    step3: "Введите свои данные или сфотографируйте удостоверение личности или паспорт.",
    orOpen: "Нет камеры? Откройте:",
    wifiHeading: "Wi-Fi",
    wifiScan: "Отсканируйте, чтобы подключиться к Wi-Fi",
    wifiNetwork: "Сеть",
    wifiPassword: "Пароль",
    wifiOpen: "без пароля",
    cut: "Вырежьте по пунктирной линии: карточка для стола.",
  },
};

/** A text in each chosen language, each once (WiFi is WiFi in Croatian and English). */
export function sheetText(languages: readonly QrSheetLanguage[], key: keyof QrSheetTexts) {
  return [...new Set(languages.map((lang) => QR_SHEET_TEXTS[lang][key]))];
}

/**
 * The sheet's languages as a query parameter has them, `hr,en`: one to three of the seven, each
 * once, in the host's order.
 */
export const QrSheetLanguages = z
  .string()
  .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
  .pipe(
    z.array(z.string())
      .min(1, "Choose at least one language")
      .max(MAX_QR_SHEET_LANGUAGES, `Choose at most ${MAX_QR_SHEET_LANGUAGES} languages`)
      .superRefine((list, ctx) => {
        // The answer never repeats what was sent (it may be anything): it names the choices.
        if (list.some((lang) => !isQrSheetLanguage(lang))) {
          ctx.addIssue({
            code: "custom",
            message: `Unknown language: choose among ${QR_SHEET_LANGUAGES.join(", ")}`,
          });
        }
        if (new Set(list).size !== list.length) {
          ctx.addIssue({ code: "custom", message: "Each language only once" });
        }
      })
      .transform((list) => list as QrSheetLanguage[]),
  );

function isQrSheetLanguage(value: string): value is QrSheetLanguage {
  return (QR_SHEET_LANGUAGES as readonly string[]).includes(value);
}

/** The door sheet PDF's query: `?languages=hr,en`; left out, the host's chosen ones. */
export const QrSheetQuery = z.object({ languages: QrSheetLanguages.optional() });
